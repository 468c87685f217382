"""A pzprv3 file's answer section (the arrows a solver or a person filled in) is read with the
puzzle (``Puzzle.answer``), shown by the web page and written back: pzprv3 -> puzzle with its arrows
-> pzprv3 gives the same file (modulo whitespace), for the real files of ../shared and partial ones."""

from __future__ import annotations

from typer.testing import CliRunner

from escapology.cli import app
from escapology.roma import load
from escapology.roma.io import decode_url, read_pzprv3, write_pzprv3
from escapology.web.views.roma import export, frames, state

URL = "https://puzz.link/p?roma/3/3/70og4a322c5"
PARTIAL = "pzprv3\nroma\n3\n3\n5\n0 0 1 \n2 1 1 \n2 3 4 \n4 . 3 \n2 2 . \n. . 5 \n. . . \n. . 1 \n4 . . \n"


def _answered(reals):  # type: ignore[no-untyped-def]
    """The real pzprv3 files with arrows in their answer section, as files (one line each)."""
    out = []
    for d in reals:
        text = d["pzprv3_answer"].replace("/", "\n")
        rows = text.split("\n")[5 + 2 * d["rows"]:5 + 3 * d["rows"]]
        if any(t in "1234" for row in rows for t in row.split()):
            out.append((d, text))
    return out


def test_a_real_answered_file_loads_with_its_arrows_and_writes_back_the_same(reals) -> None:  # type: ignore[no-untyped-def]
    files = _answered(reals)
    assert len(files) >= 5
    for d, text in files:
        p = load(text)
        assert p.answer == tuple(d["solution"]), d["id"]  # each of them is answered in full
        assert p == decode_url(d["pzprjs_url"])  # the answer is no part of the puzzle's identity
        assert write_pzprv3(p).split() == text.split(), d["id"]
        assert decode_url("https://puzz.link/p?" + d["pzprv3_answer"]).answer == p.answer


def test_a_partial_answer_is_kept_and_written_back() -> None:
    entry = read_pzprv3(PARTIAL)
    assert entry.solution is None and entry.answer == (">.<", "vv^", ">.O")
    p = load(PARTIAL)
    assert p.answer == entry.answer and p.givens == (">.<", "vv.", "..O")
    assert write_pzprv3(p).split() == PARTIAL.split()
    back = load(write_pzprv3(p))
    assert back == p and back.answer == p.answer


def test_convert_keeps_the_answer(tmp_path) -> None:  # type: ignore[no-untyped-def]
    f = tmp_path / "partial.pzprv3"
    f.write_text(PARTIAL)
    r = CliRunner().invoke(app, ["roma", "convert", str(f), "--to", "pzprv3"])
    assert r.exit_code == 0, r.output
    assert r.output.split() == PARTIAL.split()


def test_without_an_answer_section_there_is_no_answer() -> None:
    p = load(URL)
    assert p.answer is None
    bare = "\n".join(write_pzprv3(p).splitlines()[:11]) + "\n"  # the header, boxes and clues only
    assert load(bare).answer is None
    assert write_pzprv3(load(bare)).split()[5 + 18:] == ["."] * 9


def test_the_page_shows_the_answer_and_exports_it() -> None:
    p = load(PARTIAL)
    s = state(p)
    assert s["grid"] == [">.<", "vv^", ">.O"] == s["answer"] and s["givens"] == [">.<", "vv.", "..O"]
    assert export(p, grid=s["grid"])["pzprv3"].split() == PARTIAL.split()
    assert frames(p, [">v<", "vv^", ">>O"])[0]["grid"] == s["givens"]  # the stepper starts from the givens
    assert state(load(URL))["answer"] is None
