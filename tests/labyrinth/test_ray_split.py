"""The split by states (escapology.labyrinth.ray_split): a part started from a state is the whole
search continued below it, and the parts' answers assembled are the single search's, with the same
lower bound, on random boards (hypothesis) and on shared instances."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from escapology import _native
from escapology.core.results import Status
from escapology.labyrinth import check, generate, load, solve
from escapology.labyrinth.exhaustive import solve_exhaustive
from escapology.labyrinth.model import Instance
from escapology.labyrinth.ray_split import Local, search_part, solve_split, split


def _args(inst: Instance):
    return inst.n, bytes(inst.connections), inst.init_position, inst.goal_position


def _same(a, b) -> None:
    assert (a.status, a.pushes, a.optimal, a.lower_bound) == (b.status, b.pushes, b.optimal, b.lower_bound)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(size=st.integers(4, 6), seed=st.integers(0, 100_000), k=st.integers(1, 2), extra=st.integers(0, 1))
def test_a_part_from_a_state_is_the_search_continued_from_it(size: int, seed: int, k: int, extra: int) -> None:
    # no table and every state as met: the parts' nodes add up to the whole's, and the first part
    # (in the search's order) to find a plan finds the whole's plan
    inst = generate(size=size, seed=seed)
    depth = k + 3 + extra
    whole = _native.labyrinth_search(*_args(inst), depth)
    status, top, plan, states = _native.labyrinth_split(*_args(inst), k, distinct=False)
    if status == "found":
        assert whole[0] == "found"
        return
    nodes, first = top, None
    for pushes, state in states:
        got, spent, rest = _native.labyrinth_search_state(inst.n, bytes(inst.connections), state, depth - k,
                                                          table_bits=0)
        nodes += spent
        if got == "found":
            first = [*pushes, *rest]
            break
    if first is None:
        assert whole[0] == "exhausted" and nodes == whole[1]
    else:
        assert whole[0] == "found" and first == list(whole[2])


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(size=st.integers(2, 4), seed=st.integers(0, 10_000), steps=st.integers(0, 5), k=st.integers(1, 2))
def test_the_split_answers_as_the_exhaustive_search(size: int, seed: int, steps: int, k: int) -> None:
    inst = generate(size=size, seed=seed, max_steps=steps)
    plain = solve_exhaustive(inst)
    got = solve_split(inst, Local(), k=k, first_look=None)
    assert (got.status, got.pushes, got.optimal) == (plain.status, plain.pushes, plain.optimal)
    if got.status is Status.SOLVED:
        assert check(inst, got.certificate).ok


@settings(max_examples=16, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(size=st.integers(5, 6), seed=st.integers(0, 100_000), k=st.integers(1, 2), short=st.booleans(),
       density=st.sampled_from([0.3, 0.42]))
def test_the_split_answers_as_the_single_search(size: int, seed: int, k: int, short: bool, density: float) -> None:
    # sparse random boards, where the parts run (no plan of k + 2 pushes: many have none within
    # max_steps, and the parts prove it together), also with max_steps below the minimum
    inst = generate(size=size, seed=seed, density=density)
    plain = solve(inst, workers=1)
    if short and plain.pushes:
        inst = dataclasses.replace(inst, max_steps=plain.pushes - 1)
        plain = solve(inst, workers=1)
    got = solve_split(inst, Local(), k=k, first_look=None)
    _same(got, plain)
    if inst.max_steps >= k + 3 and (plain.pushes is None or plain.pushes >= k + 3):
        assert got.stats["tasks"] >= got.stats["parts"] > 1  # the parts ran, each at least once
    if got.status is Status.SOLVED:
        assert check(inst, got.certificate).ok


@pytest.mark.parametrize("name", ["0157", "0130", "0166"])
def test_the_split_answers_as_the_single_search_on_shared_instances(single_search, name: str) -> None:
    inst, plain = single_search(name)
    assert plain.optimal and plain.pushes is not None
    got = solve_split(inst, Local(), k=1, first_look=None)
    _same(got, plain)
    assert check(inst, got.certificate).ok
    # one step short of the minimum: every part exhausted, the same lower bound (max_steps + 1)
    short = dataclasses.replace(inst, max_steps=plain.pushes - 1)
    got = solve_split(short, Local(), k=1, first_look=None)
    assert (got.status, got.lower_bound) == (Status.UNSOLVABLE, plain.pushes)
    # given the optimal plan as the incumbent, the parts prove it (nothing shorter anywhere)
    got = solve_split(inst, Local(), k=1, first_look=None, incumbent=plain.plan)
    assert got.optimal and got.lower_bound == plain.pushes and got.stats["incumbent"] == plain.pushes


def test_a_part_stopped_by_the_deadline_leaves_the_bound_where_the_parts_are(shared_dir) -> None:
    inst = load(shared_dir / "asptools-ntdb__0150.asp")  # minimum 7, some 10 s on one thread
    got = solve_split(inst, Local(), k=1, first_look=None, timeout=0.5)
    assert got.status in (Status.UNKNOWN, Status.SOLVED) and not got.optimal and got.stats["stopped"]
    assert 1 <= got.lower_bound < 7


def test_split_lists_each_state_once_and_a_state_is_checked() -> None:
    inst = generate(size=6, seed=2, min_pushes=3)
    one = split(inst, 1)
    assert len({p.state for p in one.parts}) == len(one.parts) <= 4 * inst.n
    assert all(len(p.pushes) == 1 for p in one.parts)
    with pytest.raises(ValueError, match="not a Labyrinth search state"):
        search_part(inst.n, bytes(inst.connections), one.parts[0].state[:-2], 3, None)


def test_goal_any_through_the_split_is_a_checked_plan(shared_dir) -> None:
    inst = load(shared_dir / "asptools-ntdb__0157.asp")
    for first_look in (None, 0.25):
        got = solve_split(inst, Local(), k=1, first_look=first_look, goal="any")
        assert got.goal == "any" and got.status is Status.SOLVED and check(inst, got.certificate).ok
        assert got.pushes is not None and got.pushes <= inst.max_steps


# --- the journal: a split that survives a stop ---------------------------------------------------


class _Stopping(Local):
    """Local tasks, and a stop (as by Ctrl-C or a killed process) after ``after`` of them."""

    def __init__(self, after: int) -> None:
        super().__init__()
        self.after, self.ran = after, 0

    def wait(self, handles, timeout):
        if self.ran >= self.after:
            raise KeyboardInterrupt
        self.ran += 1
        return super().wait(handles, timeout)


@pytest.mark.parametrize(("name", "stops"), [("0130", (0.05, 0.75)), ("0130", (0.9,))])
def test_a_split_stopped_and_resumed_from_its_journal_answers_as_the_single_search(
        single_search, tmp_path, name: str, stops: tuple[float, ...]) -> None:
    # stops: after this share of the tasks the whole run's first depth of parts has (a beam, a
    # focused and a complete search per part)
    inst, plain = single_search(name)
    whole = solve_split(inst, Local(), k=1, first_look=None, journal=tmp_path / "whole.jsonl")
    _same(whole, plain)
    assert whole.stats["sessions"] == 1 and not whole.stats["resumed"]
    journal = tmp_path / f"{name}.jsonl"
    for share in stops:  # stopped once or twice, part of the way through
        with pytest.raises(KeyboardInterrupt):
            solve_split(inst, _Stopping(int(share * (1 + 2 * whole.stats["parts"]))), k=1, first_look=None,
                        journal=journal)
    got = solve_split(inst, Local(), k=1, first_look=None, journal=journal)
    _same(got, plain)
    assert check(inst, got.certificate).ok
    assert got.stats["resumed"] and got.stats["sessions"] == len(stops) + 1
    assert got.stats["resumed_parts"] > 0  # the parts exhausted before the stop are not searched again
    assert got.stats["tasks"] < whole.stats["tasks"] + whole.stats["parts"]
    assert got.stats["seconds"] >= got.stats["session_seconds"]
    # a finished journal answers at once: every part is where the proof needs it
    again = solve_split(inst, Local(), k=1, first_look=None, journal=journal)
    _same(again, plain)
    assert again.stats["tasks"] == 0 and again.stats["nodes"] >= got.stats["nodes"]


def test_a_journal_of_another_instance_or_no_journal_is_refused_and_a_cut_line_ignored(shared_dir, tmp_path):
    from escapology.core.errors import InputError

    inst = load(shared_dir / "asptools-ntdb__0130.asp")
    journal = tmp_path / "j.jsonl"
    plain = solve_split(inst, Local(), k=1, first_look=None, journal=journal)
    other = generate(size=6, seed=0)
    with pytest.raises(InputError, match="a journal of another instance"):
        solve_split(other, Local(), k=1, first_look=None, journal=journal)
    with journal.open("a") as out:
        out.write('{"part": 0, "exhau')  # a stop while writing
    got = solve_split(inst, Local(), k=1, first_look=None, journal=journal)
    _same(got, plain)
    bad = tmp_path / "bad.jsonl"
    bad.write_text("instance,N\n")
    with pytest.raises(InputError, match="not a line of a split journal"):
        solve_split(inst, Local(), k=1, first_look=None, journal=bad)
    with pytest.raises(InputError, match="not with --goal any"):
        solve_split(inst, Local(), k=1, first_look=None, journal=tmp_path / "any.jsonl", goal="any")


def test_the_parts_one_process_searches_share_its_table_per_instance_and_depth() -> None:
    """A complete part searched again in the same whole depth (generation) is answered by the
    process's table at once; another depth, a focused search or another instance start afresh."""
    inst = generate(size=6, seed=5, min_pushes=4)
    one = split(inst, 1)
    n, conn = inst.n, bytes(inst.connections)
    part = next(p for p in one.parts if search_part(n, conn, p.state, 4, None)[:1] == ("exhausted",)
                and search_part(n, conn, p.state, 4, None)[1] > 5000)
    first = search_part(n, conn, part.state, 4, None, generation=5)
    again = search_part(n, conn, part.state, 4, None, generation=5)
    assert first[0] == again[0] == "exhausted" and again[1] < first[1] // 10
    assert search_part(n, conn, part.state, 4, None, generation=6)[1] == first[1]  # another depth
    assert search_part(n, conn, part.state, 4, None, cap=10**9)[1] > again[1]  # focused: its own table
    other = generate(size=6, seed=4, min_pushes=4)
    search_part(other.n, bytes(other.connections), split(other, 1).parts[0].state, 4, None, generation=5)
    assert search_part(n, conn, part.state, 4, None, generation=5)[1] == first[1]  # a fresh table


def test_a_part_stops_when_its_progress_callback_raises_and_the_error_comes_back() -> None:
    inst = generate(size=7, seed=3, min_pushes=5)
    part = split(inst, 1).parts[0]
    seen: list[int] = []

    def progress(nodes: int) -> None:
        seen.append(nodes)
        raise LookupError("stop here")

    with pytest.raises(LookupError, match="stop here"):
        search_part(inst.n, bytes(inst.connections), part.state, 30, None, progress=progress)
    assert seen and seen[0] > 0


class _FakeRef:
    def __init__(self, task) -> None:
        self.task = task


class _FakeActor:
    def __init__(self, name: str, log: list) -> None:
        self.name, self.log = name, log
        self.run = self

    def remote(self, task):
        self.log.append((self.name, task))
        return _FakeRef(task)


class _FakeRay:
    """What ray_split._Ray uses of the ray module: actors made per node, calls, wait, get, cancel."""

    def __init__(self) -> None:
        self.log: list = []
        self.cancelled: list = []
        self.names: list[str] = []

    def remote(self, cls):
        fake = self

        class Options:
            def options(self, *, num_cpus, max_concurrency, scheduling_strategy):
                assert num_cpus == max_concurrency
                fake.names.append(f"{scheduling_strategy.node_id[0]}:{num_cpus}")
                name = fake.names[-1]

                class Made:
                    def remote(self):
                        return _FakeActor(name, fake.log)

                return Made()

        return Options()

    def wait(self, refs, num_returns, timeout):
        return refs[:num_returns], refs[num_returns:]

    def get(self, ref):
        return ("exhausted", 1, [])

    def cancel(self, ref):
        self.cancelled.append(ref.task)


def test_the_ray_backend_holds_two_calls_per_cpu_on_a_node_and_sends_the_rest_as_calls_end() -> None:
    from escapology.labyrinth.ray_split import CALLS_PER_CPU, _Ray

    fake = _FakeRay()
    backend = _Ray(fake, [("a" * 56, 2), ("b" * 56, 1)])  # node ids: 28 bytes in hex
    tickets = [backend.submit(("part", i)) for i in range(8)]
    # the least loaded node per CPU takes each call, until each holds CALLS_PER_CPU per CPU: 4 + 2
    sent = [(name, task[1]) for name, task in fake.log]
    assert sent == [("a:2", 0), ("b:1", 1), ("a:2", 2), ("a:2", 3), ("b:1", 4), ("a:2", 5)]
    assert CALLS_PER_CPU == 2 and len(fake.log) == 6
    assert backend.wait(tickets, None) == [tickets[0]]  # only calls sent can be done
    backend.cancel(tickets[7])  # still waiting here: never sent
    assert backend.get(tickets[0]) == ("exhausted", 1, [])
    assert fake.log[-1] == ("a:2", ("part", 6))  # its node's slot went to the next waiting task
    backend.cancel(tickets[1])  # sent: Ray cancels it, and the slot is free
    assert fake.cancelled == [("part", 1)] and len(fake.log) == 7 and not backend.waiting


def test_the_ray_actor_answers_stopped_when_its_call_is_cancelled(monkeypatch: pytest.MonkeyPatch) -> None:
    ray = pytest.importorskip("ray", reason="Ray is an optional extra")
    from escapology.labyrinth.ray_split import PartSearcher

    class Context:
        def is_canceled(self) -> bool:
            return True

    monkeypatch.setattr(ray, "get_runtime_context", Context)
    inst = generate(size=7, seed=3, min_pushes=5)
    task = ("part", inst.n, bytes(inst.connections), split(inst, 1).parts[0].state, 30, None, None, 31)
    assert PartSearcher().run(task) == ("stopped", 0, [])


def test_a_look_of_whole_depths_answers_as_the_solve_when_time_is_enough() -> None:
    from escapology.labyrinth.native import solve_native

    for seed in range(4):
        inst = generate(size=6, seed=seed, min_pushes=4)
        look = solve_native(inst, timeout=600, workers=1, whole_depths=True)
        _same(look, solve(inst, workers=1))
