"""Limits before work (issue 14): every case that once escaped as a traceback, a MemoryError or a
run far past ``--timeout`` is refused quickly with exit 2 naming the file, line and reason."""

from __future__ import annotations

import time

import pytest
from typer.testing import CliRunner

from escapology.cli import app
from escapology.core import limits
from escapology.core.errors import InputError
from escapology.core.facts import parse_facts
from escapology.core.limits import Deadline, LimitReached, MemoryLimit, MemoryLimitError

runner = CliRunner()
LAB_TAIL = "init_on(1,1). goal_on(2,2). connect(1,1,e). connect(2,2,w).\n"


def cli(*args: str) -> tuple[int, str, float]:
    limits.start_clock()
    start = time.monotonic()
    result = runner.invoke(app, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    assert "Traceback" not in result.output
    return result.exit_code, result.output, time.monotonic() - start


def test_labyrinth_huge_max_steps_is_bad_input(tmp_path):
    f = tmp_path / "steps.lp"
    f.write_text("field(1..2,1..2).\n" + LAB_TAIL + "max_steps(1000000000000000000000000).\n")
    code, out, _ = cli("labyrinth", "solve", str(f), "--timeout", "5")
    assert code == 2
    assert f"{f}:3:" in out and "digits" in out


def test_labyrinth_max_steps_above_the_limit(tmp_path):
    from escapology.labyrinth.io import MAX_STEPS, parse_instance

    with pytest.raises(InputError, match=f"max_steps.*{MAX_STEPS}") as info:
        parse_instance("field(1..2,1..2).\n" + LAB_TAIL + f"max_steps({MAX_STEPS + 1}).", file="s.lp")
    assert info.value.line == 3


@pytest.mark.parametrize("board", ["field(1..99999999999,1..2).", "field(1..3000,1..3000).",
                                   "field(1..1000,1..1000)."])
def test_labyrinth_huge_boards_are_refused(tmp_path, board):
    f = tmp_path / "big.lp"
    f.write_text(board + "\n" + LAB_TAIL + "max_steps(3).\n")
    code, out, took = cli("labyrinth", "solve", str(f), "--timeout", "5")
    assert code == 2
    assert f"{f}:1:" in out and "side at most 128" in out


def test_labyrinth_explicit_big_board_is_refused():
    from escapology.labyrinth.io import parse_instance

    text = "".join(f"field({x},{y}).\n" for x in range(1, 301) for y in range(1, 301))  # 90,000 facts
    with pytest.raises(InputError, match="at most 128") as info:
        parse_instance(text + LAB_TAIL + "max_steps(3).", file="b.lp")
    assert info.value.line == 129  # field(1,129): the first field off the largest board


def test_native_side_matches_the_reader():
    from escapology import _native
    from escapology.labyrinth.io import MAX_SIDE

    assert MAX_SIDE == _native.LABYRINTH_MAX_SIDE


def test_labyrinth_native_memory_is_checked_first():
    # the native engine's memory is known before it starts: a limit below it is refused at once,
    # a limit above it solves
    from escapology import _native
    from escapology.labyrinth.api import solve
    from escapology.labyrinth.io import parse_instance

    inst = parse_instance("field(1..6,1..6).\n" + LAB_TAIL + "max_steps(2000000000).")
    needed = _native.labyrinth_memory(6, 2_000_000_000, 1)
    assert needed > _native.labyrinth_memory(6, 5, 1) > 0
    with pytest.raises(MemoryLimitError, match="the native engine .* needs .*; the memory limit is 1.0 MiB"):
        solve(inst, workers=1, memory=1)
    assert solve(inst, workers=1, memory=needed / 2**20 + 1, timeout=5).status.value in ("solved", "unknown")


def test_labyrinth_exhaustive_stops_at_the_limits():
    from escapology.labyrinth.api import solve
    from escapology.labyrinth.generator import generate_instance

    inst = generate_instance(6, max_steps=30, seed=1)
    assert solve(inst, engine="exhaustive", timeout=0).status.value == "unknown"
    assert solve(inst, engine="exhaustive", memory=0.001).stats["stopped"] == "memory limit"


def test_binary_input_names_the_file(tmp_path):
    from escapology.labyrinth import api

    f = tmp_path / "bin.lp"
    f.write_bytes(b"field(1,1).\n\x00\xff\xfe binary")
    with pytest.raises(InputError) as info:
        api.load(f)
    assert str(info.value).startswith(f"{f}:2: not UTF-8 text")


def test_binary_input_names_the_file_in_the_cli(tmp_path):
    f = tmp_path / "bin.lp"
    f.write_bytes(b"\x00\xff\xfe binary")
    code, out, _ = cli("labyrinth", "solve", str(f))
    assert code == 2 and str(f) in out


def forest_facts(fields: int, edges: int, die: int = 6) -> str:
    from escapology.forest.generator import random_board
    from escapology.forest.io import instance_to_facts

    return instance_to_facts(random_board(fields, edges, die=die, rolls=5, seed=1), positions=False)


def test_forest_matrix_method_checks_memory_first(tmp_path):
    f = tmp_path / "wide.lp"
    f.write_text(forest_facts(8000, 20000, die=10**9))  # the powers of A fill in
    code, out, took = cli("forest", "solve", str(f), "--method", "matrix", "--memory", "256", "--timeout", "60")
    assert code == 2, out
    assert "the matrix method on 8000 fields and 20000 edges" in out and "; the memory limit is 256.0 MiB" in out


def test_forest_matrix_memory_keyword():
    from escapology.forest import api

    inst = api.load(forest_facts(40, 60))
    assert api.solve(inst, method="matrix", memory=64).status.value in ("solved", "unsolvable")
    with pytest.raises(MemoryLimitError, match="memory limit is 64.0 KiB"):
        api.solve(inst, method="matrix", memory=1 / 16)


def test_forest_die_and_edges_limits():
    from escapology.forest.io import MAX_DIE, parse_instance

    with pytest.raises(InputError, match=f"at most {MAX_DIE} faces") as info:
        parse_instance(f"edge(1,2).\ndie({MAX_DIE + 1}). start(1). target(2).", file="d.lp")
    assert info.value.line == 2
    with pytest.raises(InputError, match="expands to 1000000000000 facts"):
        parse_instance("edge(1..1000000, 1..1000000). die(6). start(1). target(2).", file="e.lp")


def test_roma_huge_size_is_bad_input(tmp_path):
    f = tmp_path / "r.lp"
    f.write_text("size(1000000000,1000000000).\nbox(1,1,a). rome(1,1).\n")
    code, out, took = cli("roma", "solve", str(f))
    assert code == 2 and f"{f}:1:" in out and "1 to 500" in out


def test_facts_limits():
    with pytest.raises(InputError, match="19 digits") as info:
        parse_facts("p(1).\np(1234567890123456789).", file="n.lp")
    assert info.value.line == 2
    with pytest.raises(InputError, match="expands to 10000000000 facts"):
        parse_facts("p(1..100000, 1..100000).")
    assert len(parse_facts("p(5..1).")) == 0  # an empty interval, as clingo


def test_an_unterminated_block_comment_is_refused_with_its_line():
    # clingo refuses it (issue 32); the scan stays linear: one search for "*%" per block comment
    text = "p(1).\n" * 20000 + "%* open\n" * 20000 + "p(1)."
    with pytest.raises(InputError, match=r"^f\.lp:20001: a block comment '%\*' that no '\*%' closes"):
        parse_facts(text, file="f.lp")
    assert [f.line for f in parse_facts("%* closed\n *% p(1).\n%* again *%")] == [2]


def test_readers_poll_the_deadline():
    from escapology.forest.io import parse_instance as forest
    from escapology.labyrinth.io import parse_instance as labyrinth
    from escapology.nemesis.io import parse_instance as nemesis

    over = Deadline(0)
    with pytest.raises(LimitReached):
        labyrinth("field(1..128,1..128). init_on(1,1). goal_on(2,2). max_steps(3).", deadline=over)
    with pytest.raises(LimitReached):
        forest("edge(1,2). die(6). start(1). target(2).", deadline=over)
    with pytest.raises(LimitReached):
        nemesis("edge(1,2). exit(2). start(1).", deadline=over)


def test_deadline_from_process_start():
    limits.start_clock(time.monotonic() - 10)
    try:
        assert Deadline.from_process_start(5).expired()
        assert 4 < Deadline.from_process_start(15).remaining() <= 5
        assert Deadline.from_process_start(None).remaining() is None
    finally:
        limits.start_clock()
    assert limits.process_start() <= limits._IMPORTED <= time.monotonic()


def test_memory_limit_default_is_what_the_machine_has():
    assert MemoryLimit().bytes == pytest.approx(limits.available_memory(), rel=0.5)
    with pytest.raises(InputError):
        MemoryLimit(0)


def test_nemesis_exact_solver_keeps_its_timeout():
    from escapology.nemesis import solve
    from escapology.nemesis.generator import random_graph

    inst = random_graph(3000, 0.01, exits=2, seed=1, start=0)
    start = time.monotonic()
    result = solve(inst, timeout=1.0)
    took = time.monotonic() - start
    assert result.status.value == "unknown" or took < 1.0
    assert took < 10.0  # a hang detector, not a speed test: the solver polls its deadline (it ran 40 s before)
