"""``examples/tutorial.ipynb`` runs (issue 33): nbclient executes every cell in a fresh kernel of
this Python (ipykernel), none fails, and the cells tagged ``picture`` show ``image/svg+xml``
pictures, the games' ``_repr_svg_``, besides their text."""

from __future__ import annotations

import contextlib
import json
import os
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

nbformat = pytest.importorskip("nbformat")
nbclient = pytest.importorskip("nbclient")

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
NOTEBOOK = EXAMPLES / "tutorial.ipynb"
KERNEL = "escapology-tests"


@pytest.fixture
def kernel_of_this_python(tmp_path, monkeypatch):
    """A kernel spec running ipykernel in this interpreter (the project's environment), found
    first on ``JUPYTER_PATH``: the notebook's own ``python3`` could name another installation's
    Python. IPython's and Jupyter's files go to ``tmp_path``."""
    spec = tmp_path / "jupyter" / "kernels" / KERNEL
    spec.mkdir(parents=True)
    argv = [sys.executable, "-m", "ipykernel_launcher", "-f", "{connection_file}"]
    (spec / "kernel.json").write_text(json.dumps({"argv": argv, "display_name": KERNEL, "language": "python"}))
    monkeypatch.setenv("JUPYTER_PATH", str(tmp_path / "jupyter"))
    monkeypatch.setenv("JUPYTER_RUNTIME_DIR", str(tmp_path / "runtime"))
    monkeypatch.setenv("IPYTHONDIR", str(tmp_path / "ipython"))
    # the kernel imports the escapology of this test run (a checkout's src/, or the installed one)
    src = str(Path(__import__("escapology").__file__).resolve().parents[1])
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join(p for p in (src, os.environ.get("PYTHONPATH")) if p))
    return KERNEL


def test_the_tutorial_notebook_runs_and_shows_pictures(kernel_of_this_python):
    nb = nbformat.read(NOTEBOOK, as_version=4)
    nbformat.validate(nb)
    code = [(i, cell) for i, cell in enumerate(nb.cells) if cell.cell_type == "code"]
    pictured = [cell for _, cell in code if "picture" in cell.metadata.get("tags", [])]
    assert len(code) >= 5 and len(pictured) >= 4
    assert all(not cell.outputs for _, cell in code)  # kept without outputs: they are made here
    client = nbclient.NotebookClient(nb, timeout=60, kernel_name=kernel_of_this_python,
                                     resources={"metadata": {"path": str(EXAMPLES)}})
    with contextlib.ExitStack() as stack:
        try:
            stack.enter_context(client.setup_kernel())
        except Exception as exc:  # no kernel on this machine: nothing to execute the cells in
            pytest.skip(f"the Jupyter kernel cannot start: {type(exc).__name__}: {exc}")
        for index, cell in code:
            client.execute_cell(cell, index)  # CellExecutionError names the cell and its traceback

    for index, cell in code:
        assert cell.execution_count is not None, index
        assert not [o for o in cell.outputs if o.output_type == "error"], index
    for cell in pictured:
        svgs = [o.data["image/svg+xml"] for o in cell.outputs
                if o.output_type in ("execute_result", "display_data") and "image/svg+xml" in o.data]
        assert len(svgs) == 1, cell.source
        assert ET.fromstring(svgs[0]).tag == "{http://www.w3.org/2000/svg}svg"
    # what the cells printed and answered: the plan is proven minimal, every certificate accepted
    printed = "".join(o.text for _, cell in code for o in cell.outputs if o.output_type == "stream")
    answers = [o.data["text/plain"] for _, cell in code for o in cell.outputs if o.output_type == "execute_result"]
    assert "proven minimum: True" in printed
    assert "checked: valid" in printed and "| valid" in printed and "rejected" not in printed
    assert any(a.startswith("'valid") for a in answers)
