"""``benchmarks/structure.py``: the figures of issue 36 count what they say, on small synthetic
packages and on the real tree (the timings and the duplicate finder are not run here)."""

from __future__ import annotations

import importlib.util
import re
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "benchmarks" / "structure.py"


def _load():
    spec = importlib.util.spec_from_file_location("structure_script", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


structure = _load()


def write_tree(root: Path, files: dict[str, str]) -> Path:
    """Write ``files`` (path under ``root/src/escapology`` -> source) and return ``root``."""
    for name, text in files.items():
        path = root / "src" / "escapology" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text), encoding="utf-8")
    return root


# --- the import graph on synthetic packages -----------------------------------------------------

def test_a_two_module_cycle_through_a_function_local_import_is_found(tmp_path):
    repo = write_tree(tmp_path, {
        "__init__.py": "",
        "a.py": "from escapology.b import g\n\ndef f():\n    return g()\n",
        "b.py": "def g():\n    from escapology.a import f  # lazy: a imports b\n    return f\n",
        "c.py": "import escapology.a\n",
    })
    cycles = structure.import_cycles(structure.all_imports(repo))
    assert cycles["components"] == [["escapology.a", "escapology.b"]]
    assert cycles["pairs"] == [{"a": "escapology.a", "b": "escapology.b",
                                "a_to_b": ["top-level"], "b_to_a": ["local"]}]
    assert cycles["runtime_pairs"] == 1


def test_a_longer_circle_is_a_component_but_not_a_pair(tmp_path):
    repo = write_tree(tmp_path, {
        "__init__.py": "",
        "a.py": "import escapology.b\n",
        "b.py": "import escapology.c\n",
        "c.py": "def f():\n    import escapology.a\n",
    })
    cycles = structure.import_cycles(structure.all_imports(repo))
    assert cycles["components"] == [["escapology.a", "escapology.b", "escapology.c"]]
    assert cycles["pairs"] == []


def test_relative_imports_and_submodules_named_by_from_import_are_resolved(tmp_path):
    repo = write_tree(tmp_path, {
        "__init__.py": "",
        "game/__init__.py": "from . import model\n",            # a package's own base
        "game/model.py": "from .io import read\nfrom ..core import svg\n",
        "game/io.py": "from escapology.game import model\n\ndef read():\n    from . import model as m\n",
        "core/__init__.py": "",
        "core/svg.py": "from escapology.core import tiles\n",  # a missing name: the package itself
    })
    edges = {(i.importer, i.target) for i in structure.all_imports(repo)}
    assert ("escapology.game", "escapology.game.model") in edges
    assert ("escapology.game.model", "escapology.game.io") in edges
    assert ("escapology.game.model", "escapology.core.svg") in edges
    assert ("escapology.game.io", "escapology.game.model") in edges
    assert ("escapology.core.svg", "escapology.core") in edges
    cycles = structure.import_cycles(structure.all_imports(repo))
    assert [(p["a"], p["b"]) for p in cycles["pairs"]] == [("escapology.game.io", "escapology.game.model")]
    assert cycles["pairs"][0]["a_to_b"] == ["local", "top-level"]


def test_type_checking_imports_are_arrows_of_the_graph_but_not_function_local_imports(tmp_path):
    repo = write_tree(tmp_path, {
        "__init__.py": "",
        "a.py": """\
            from typing import TYPE_CHECKING
            import typing

            if TYPE_CHECKING:
                from escapology.b import B

            def f():
                if typing.TYPE_CHECKING:
                    from escapology.b import B
                else:
                    import json  # runs
                import os
                return os, json
            """,
        "b.py": "def g():\n    from escapology.a import f\n",
    })
    imports = structure.all_imports(repo)
    local = structure.local_imports(imports)
    assert local["total"] == 3  # json (the else branch runs), os and b's; not the TYPE_CHECKING one in f
    assert local["with_reason"] == 1
    assert local["internal"] == 1  # b's import of a
    assert structure.import_cycles(imports)["pairs"][0]["a_to_b"] == ["type-checking"]
    assert structure.import_cycles(imports)["runtime_pairs"] == 0
    assert structure.import_cycles(imports, type_checking=False)["pairs"] == []


def test_a_reason_is_a_comment_on_the_statement_or_alone_on_the_line_above(tmp_path):
    repo = write_tree(tmp_path, {
        "__init__.py": "",
        "a.py": """\
            def f():
                x = 1  # about x, not the import
                import os
                # lazy: json is slow
                import json
                from collections import (  # reason on the first line
                    OrderedDict,
                )
                s = "# not a comment"
                import re
                return os, json, OrderedDict, re, x, s
            """,
    })
    local = structure.local_imports(structure.all_imports(repo))
    assert (local["total"], local["with_reason"]) == (4, 2)


def test_upward_imports_are_core_to_game_or_view_and_game_to_view(tmp_path):
    files = {"__init__.py": "", "cli.py": "import escapology.chess\n", "core/__init__.py": "",
             "chess/__init__.py": "", "batch/__init__.py": "import escapology.chess\n",
             "core/ok.py": "import escapology.core\n",
             "core/bad.py": "def f():\n    from escapology.chess import solver\n",
             "chess/solver.py": "from escapology.core import ok\n",
             "chess/bad.py": "from escapology import batch\nfrom escapology.cli import main\n"}
    upward = structure.upward_imports(structure.all_imports(write_tree(tmp_path, files)))
    assert sorted((u["importer"], u["target"], u["kind"]) for u in upward) == [
        ("escapology.chess.bad", "escapology.batch", "top-level"),
        ("escapology.chess.bad", "escapology.cli", "top-level"),
        ("escapology.core.bad", "escapology.chess.solver", "local"),
    ]


# --- Any in signatures, the duplicate finder's line ---------------------------------------------

def test_any_is_counted_per_annotation_with_the_return_and_unresolvable_hints():
    def plain(x: int, y: dict[str, Any], z, *rest: Any) -> Any: ...

    def unresolved(x: "Missing[Any]", y: "Missing") -> "list[int]": ...

    found = structure.signature_any(plain)
    assert found == {"any": ["y", "rest", "return"], "unannotated": ["z"], "resolved": True}
    found = structure.signature_any(unresolved)
    assert found == {"any": ["x"], "unannotated": [], "resolved": False}


def test_the_pair_count_of_the_duplicate_finder():
    assert structure.pair_count("37 pairs of places (181 files read), each sharing runs") == 37
    assert structure.pair_count("1 pair of places (3 files read)") == 1
    assert structure.pair_count("no duplicates (12 files read)") == 0
    assert structure.pair_count("incomplete: usage: ...") is None


def test_without_the_command_the_duplicates_are_not_available(monkeypatch):
    monkeypatch.setattr(structure.shutil, "which", lambda name: None)
    assert structure.duplicate_pairs(ROOT) is None


# --- the real tree ----------------------------------------------------------------------------

@pytest.fixture(scope="module")
def real_imports():
    return structure.all_imports(ROOT)


def test_cli_lines_of_the_real_tree_count_newlines_like_wc():
    lines = structure.cli_lines(ROOT)
    assert list(lines["games"]) == list(structure.GAMES)
    assert lines["games_total"] == sum(lines["games"].values())
    for game, n in lines["games"].items():
        path = ROOT / "src" / "escapology" / game / "cli.py"
        if path.is_file():
            assert n == path.read_text(encoding="utf-8").count("\n") > 0
    for name in lines["core"]:
        assert name.startswith("core/cli_support.py") or re.match(r"core/commands", name)


def test_every_module_of_the_real_tree_is_read(real_imports):
    modules = structure.module_names(ROOT / "src")
    assert len(modules) == len(list((ROOT / "src" / "escapology").rglob("*.py")))
    assert {"escapology", "escapology.cli", "escapology.core"} <= set(modules)
    assert {i.importer for i in real_imports} <= set(modules)
    internal = {i.target for i in real_imports if i.target.startswith("escapology.")}
    assert internal - {"escapology._native"} <= set(modules)


def test_every_cycle_of_the_real_tree_is_two_files_naming_each_other(real_imports):
    cycles = structure.import_cycles(real_imports)
    modules = structure.module_names(ROOT / "src")
    assert len(cycles["pairs"]) <= sum(len(c) * (len(c) - 1) // 2 for c in cycles["components"])
    for pair in cycles["pairs"]:
        a, b = modules[pair["a"]].read_text(), modules[pair["b"]].read_text()
        assert pair["b"].rsplit(".", 1)[1] in a and pair["a"].rsplit(".", 1)[1] in b


def test_function_local_imports_of_the_real_tree_are_indented_import_lines(real_imports):
    local = structure.local_imports(real_imports)
    indented = sum(
        len(re.findall(r"^[ \t]+(?:from \S+ import|import \S)", path.read_text(encoding="utf-8"), re.M))
        for path in (ROOT / "src" / "escapology").rglob("*.py"))
    assert 0 < local["internal"] <= local["total"] <= indented
    assert 0 <= local["with_reason"] <= local["total"]
    assert sum(local["by_package"].values()) == local["total"]


def test_any_in_the_signatures_of_a_real_game():
    found = structure.any_in_signatures(ROOT, games=("chess",))["chess"]
    assert not found["errors"]
    assert set(found["functions"]) | set(found["missing"]) == set(structure.PROTOCOL)
    assert found["any"] == sum(len(f["any"]) for f in found["functions"].values())


def test_the_markdown_of_the_real_tree_without_timings_and_duplicates():
    data = structure.figures(ROOT, timings=False, duplicates=False)
    text = structure.markdown(data)
    assert text.count("| figure | today |") == 1
    assert f"| **{data['cli_lines']['games_total']:,}** |" in text
    assert "| `escapology --help`, median wall | skipped |" in text
