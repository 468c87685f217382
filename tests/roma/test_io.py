import pytest

from escapology.core.errors import InputError
from escapology.roma.io import (
    decode_url, encode_url, format_facts, format_text, read_facts, read_puzzles, read_pzprv3,
    read_text, sniff, write_pzprv3,
)
from escapology.roma.model import Puzzle


def test_every_real_puzzle_url_decodes_to_its_board_and_reencodes(reals):
    for d in reals:
        p = decode_url(d["pzprjs_url"])
        assert p == Puzzle.from_labels(d["regions"], d["givens"]), d["id"]
        assert encode_url(p) == d["pzprjs_url"]
        assert (p.rows, p.cols) == (d["rows"], d["cols"])
        assert len(p.goals) == d["n_goals"]


def test_every_real_pzprv3_answer_reads_and_writes_back_exactly(reals):
    for d in reals:
        entry = read_pzprv3(d["pzprv3_answer"].replace("/", "\n"))
        assert entry.puzzle == decode_url(d["pzprjs_url"])
        assert entry.solution == tuple(d["solution"])
        assert write_pzprv3(entry.puzzle, entry.solution).replace("\n", "/") == d["pzprv3_answer"]


def test_text_and_facts_round_trip_on_real_puzzles(reals):
    for d in reals:
        p = decode_url(d["pzprjs_url"])
        t = read_text(format_text(p, d["solution"]))
        assert t.puzzle == p and t.solution == tuple(d["solution"])
        assert read_facts(format_facts(p)).puzzle == p


@pytest.mark.parametrize("url", [
    "https://puzz.link/p?rome/3/3/70og4a322c5",
    "http://pzv.jp/p.html?roma/3/3/70og4a322c5",
    "https://puzz.link/p?roma_edit/3/3/70og4a322c5",
    "https://puzz.link/p?type=editor&roma/3/3/70og4a322c5",
])
def test_url_aliases(url):
    p = decode_url(url)
    assert encode_url(p) == "https://puzz.link/p?roma/3/3/70og4a322c5"
    assert p.boxes == ((0, 0, 0), (1, 2, 0), (1, 2, 2))


def test_pzprv3_url_and_long_empty_runs():
    p = Puzzle.from_labels(["A" * 30] * 2, ["." * 29 + "O", "." * 30])
    url = encode_url(p)
    assert "z" in url and decode_url(url) == p
    assert decode_url("https://puzz.link/p?" + write_pzprv3(p).replace("\n", "/")) == p


@pytest.mark.parametrize("url,msg", [
    ("https://puzz.link/p?roma/3/3/70og4a3.2c5", "'?' cell"),
    ("https://puzz.link/p?roma/3/3/70", "ends inside"),
    ("https://puzz.link/p?roma/3/3/70og4a3!2c5", "bad clue"),
    ("https://puzz.link/p?slither/3/3/abc", "not a puzz.link Roma URL"),
])
def test_bad_urls(url, msg):
    with pytest.raises(InputError, match=msg):
        decode_url(url)


def test_bad_files_name_the_line():
    with pytest.raises(InputError) as e:
        read_puzzles("roma\nAB\nAB\n\n.O\n.x\n", file="p.txt")
    assert e.value.line == 6 and e.value.file == "p.txt"
    with pytest.raises(InputError, match="not roma"):
        read_pzprv3("pzprv3\nnurikabe\n1\n1\n")
    with pytest.raises(InputError) as e:
        read_puzzles("size(1,2).\nbox(1,1,1). box(1,2,1).\nrome(1,1).\narrow(1,2,west).\n")
    assert e.value.line == 4
    with pytest.raises(InputError) as e:
        read_puzzles("# urls\nhttps://puzz.link/p?roma/3/3/70og4a322c5\nhttps://puzz.link/p?roma/3/3/7\n", file="u.txt")
    assert e.value.line == 3


def test_url_file_holds_many_puzzles():
    entries = read_puzzles("https://puzz.link/p?roma/3/3/70og4a322c5\n\nhttps://puzz.link/p?roma/3/3/dgpg4a322c5\n")
    assert [e.line for e in entries] == [1, 3]


def test_sniff():
    assert sniff("pzprv3\nroma\n3\n") == "pzprv3"
    assert sniff("pzprv3\nnurikabe\n") is None
    assert sniff("# c\nroma\nAB\n") == "text"
    assert sniff("edge(1,2). box(1,1,1).") is None
    assert sniff("box(1,1,1). rome(1,1).") == "facts"
    assert sniff("") is None


def test_rome_c_game_id_of_the_xsheep_puzzle(reals):
    from escapology.roma.io import decode_rome

    d = next(x for x in reals if x["id"] == "xsheep-savefile-6x6")
    desc = d["source"].split("desc ")[1].rstrip(")")
    p = decode_rome("6x6de:" + desc)
    assert p == decode_url(d["pzprjs_url"])
    assert read_puzzles("6x6de:" + desc + "\n")[0].puzzle == p
    assert sniff("6x6de:" + desc) == "rome"
    with pytest.raises(InputError):
        decode_rome("2x2de:9,bX")


from hypothesis import given, settings, strategies as st  # noqa: E402


@settings(max_examples=300, deadline=None)
@given(st.integers(1, 6), st.integers(1, 6), st.text("0123456789abcdefghijklmnopqrstuvwxyz.-", max_size=30))
def test_any_url_body_decodes_or_raises_input_error(cols, rows, body):
    try:
        p = decode_url(f"https://puzz.link/p?roma/{cols}/{rows}/{body}")
    except InputError:
        return
    assert decode_url(encode_url(p)) == p


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=80))
def test_any_text_reads_or_raises_input_error(text):
    for prefix in ("", "roma\n", "pzprv3\nroma\n", "box(1,1,1). rome(1,1).\n", "3x3de:"):
        try:
            read_puzzles(prefix + text)
        except InputError:
            pass


def test_a_file_of_many_urls_is_read_under_the_deadline(tmp_path):
    """Reading polls the deadline (issue 32: a file of 900k URLs ran on past -t): an expired
    deadline stops the reader; the command answers "unknown" saying it was reading."""
    import subprocess
    import sys

    from escapology.core.limits import Deadline, LimitReached
    from escapology.roma.api import load_entries

    path = tmp_path / "many.txt"
    path.write_text("https://puzz.link/p?roma/3/3/70og4a322c5\n" * 4096, encoding="utf-8")
    assert len(load_entries(path, deadline=Deadline(60))) == 4096
    with pytest.raises(LimitReached):
        load_entries(path, deadline=Deadline(0.0))
    big = tmp_path / "big.txt"
    big.write_text("https://puzz.link/p?roma/3/3/70og4a322c5\n" * 400_000, encoding="utf-8")
    # in-process (the clock from the command's start, no watchdog): the reader's own poll answers
    from typer.testing import CliRunner

    from escapology.cli import app

    said = CliRunner().invoke(app, ["roma", "solve", str(big), "-t", "0.5"])
    assert said.exit_code == 3 and "while reading the input" in said.output, said.output
    # a real process (the clock from its start): "unknown" too, by the reader's poll, or on a machine
    # so loaded that a phase before the first poll (start-up, reading the file) overran the
    # watchdog's grace, by the watchdog (which phase it is depends on the load, not on the code)
    done = subprocess.run([sys.executable, "-m", "escapology", "roma", "solve", str(big), "-t", "0.5"],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 3, done.stderr
    assert "the time limit was reached" in done.stdout + done.stderr


def test_a_facts_file_is_parsed_once_and_under_the_deadline(tmp_path, monkeypatch):
    """Recognising the facts format and reading it share one parse (a 400 x 400 board's 320,000
    facts took three parses, 5 s, before the search began), and the parse polls the deadline."""
    from escapology.core import facts as facts_module
    from escapology.core.limits import Deadline, LimitReached
    from escapology.roma import io as roma_io
    from escapology.roma.api import load

    n = 70  # 4,900 facts: the parser looks at the clock every 4,096
    text = "".join(f"box({r},{c},{(r - 1) * n + c}). " for r in range(1, n + 1) for c in range(1, n + 1))
    path = tmp_path / "big.lp"
    path.write_text(f"size({n},{n}). {text}rome(1,1).\n", encoding="utf-8")
    calls = []
    real = facts_module.parse_facts
    monkeypatch.setattr(roma_io, "parse_facts", lambda *a, **k: calls.append(1) or real(*a, **k))
    puzzle = load(path)
    assert (puzzle.rows, puzzle.cols) == (n, n) and len(calls) == 1
    with pytest.raises(LimitReached):
        load(tmp_path.joinpath("big.lp").read_text(encoding="utf-8") + " ", deadline=Deadline(0.0))
