"""Every verb's ``-o FILE`` goes through the one writer (:mod:`escapology.core.files`): a new file
gets ``0666`` less the umask (``solve -o`` wrote ``0600`` while the others wrote ``0644``), an
existing one keeps its mode, and a place that cannot be written is exit 2 naming the file."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest
from typer.testing import CliRunner

from escapology.batch.store import Store
from escapology.cli import app
from escapology.core.files import OutputFile, new_file_mode, umask, write_text

runner = CliRunner()
EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
#: every game, with its shipped example
GAMES = {
    "labyrinth": "labyrinth/small.lp",
    "amazeing": "amazeing/published.json",
    "forest": "forest/glade.lp",
    "nemesis": "nemesis/small.lp",
    "chess": "chess/alice.txt",
    "roma": "roma/example-6x6.lp",
}


@pytest.fixture(params=[0o022, 0o027], ids=["umask022", "umask027"])
def mask(request):
    old = os.umask(request.param)
    try:
        yield request.param
    finally:
        os.umask(old)


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def commands(tmp_path: Path) -> list[list[str]]:
    """One command per verb that writes ``-o`` (every game's solve, generate, render as SVG and
    PNG; reduce; results; report), each writing ``tmp_path / OUT<i>...``."""
    cnf = tmp_path / "f.cnf"
    cnf.write_text("p cnf 2 2\n1 -2 0\n2 0\n")
    store = tmp_path / "escapology.db"
    with Store(store) as db:  # an empty store: results and report still write their file
        db.rows()
    out = []
    for game, example in GAMES.items():
        src = str(EXAMPLES / example)
        out += [[game, "solve", src, "-o"], [game, "generate", "--seed", "1", "-o"], [game, "render", src, "-o", ".svg"]]
    out += [["solve", str(EXAMPLES / "nemesis/small.lp"), "-o"], ["chess", "render", str(EXAMPLES / GAMES["chess"]), "-o", ".png"],
            ["reduce", "amazeing-3sat", str(cnf), "-o"], ["results", str(store), "-o"], ["report", str(store), "-o", ".html"]]
    return out


def test_every_verbs_output_file_has_the_mode_the_umask_gives(tmp_path, mask):
    assert umask() == mask and new_file_mode() == 0o666 & ~mask
    for i, cmd in enumerate(commands(tmp_path)):
        suffix = cmd.pop() if cmd[-1].startswith(".") else ".out"
        target = tmp_path / f"OUT{i}{suffix}"
        res = runner.invoke(app, [*cmd, str(target)])
        assert res.exit_code == 0, (cmd, res.output)
        assert target.stat().st_size > 0, cmd
        assert mode(target) == 0o666 & ~mask, (cmd, oct(mode(target)))
    assert not [p.name for p in tmp_path.iterdir() if p.name.startswith(".")]  # no temporary file left


def test_an_existing_file_keeps_its_mode_and_a_link_is_followed(tmp_path):
    target = tmp_path / "answer.json"
    target.write_text("old\n")
    target.chmod(0o640)
    res = runner.invoke(app, ["solve", str(EXAMPLES / "nemesis/small.lp"), "-o", str(target)])
    assert res.exit_code == 0, res.output
    assert mode(target) == 0o640 and target.read_text() != "old\n"
    link = tmp_path / "link.svg"
    real = tmp_path / "real.svg"
    real.write_text("")
    link.symlink_to(real)
    write_text(link, "<svg/>")
    assert link.is_symlink() and real.read_text() == "<svg/>"


@pytest.mark.parametrize("verb", ["solve", "generate", "render"])
def test_a_place_that_cannot_be_written_is_exit_2_naming_it(tmp_path, verb):
    target = tmp_path / "no" / "such" / "dir" / "x.svg"
    args = {"solve": ["solve", str(EXAMPLES / "nemesis/small.lp")], "generate": ["nemesis", "generate"],
            "render": ["nemesis", "render", str(EXAMPLES / "nemesis/small.lp")]}[verb]
    res = runner.invoke(app, [*args, "-o", str(target)])
    assert res.exit_code == 2 and str(target) in res.output and "cannot write" in res.output, res.output
    assert res.exception is None or isinstance(res.exception, SystemExit)


def test_an_error_while_writing_leaves_the_target_as_it_was(tmp_path):
    target = tmp_path / "keep.txt"
    target.write_text("before\n")
    with pytest.raises(RuntimeError):
        with OutputFile(target) as out:
            out.file.write("half")
            raise RuntimeError("stopped")
    assert target.read_text() == "before\n" and [p.name for p in tmp_path.iterdir()] == ["keep.txt"]
