"""The SAT core behind every Roma solver: choose one out-arc per vertex so that all paths lead to
a Roma vertex (python-sat, lazily added loop cuts).

An instance is a set of *movers* (vertices that must choose an arc), for each mover its arcs
``(target, colour)``, Roma vertices (goals, which choose nothing), and boxes (a mover -> box map;
a box uses each colour at most once). The grid puzzle is the case "movers = non-goal cells, arcs
= the on-board neighbours, colour = direction" (:class:`escapology.roma.sat.RomaSat`); Section 5's
generalized Roma on graphs uses it directly (:mod:`escapology.roma.graph`).

Clauses: exactly one arc per mover; at most one arc of each colour per box; and *loop cuts*: for a
set ``S`` of movers, "some vertex of ``S`` chooses an arc leaving ``S``". A loop cut is sound: in a
solution every path from ``S`` ends at a Roma vertex, which is not in ``S``, so some arc leaves
``S``. Cuts for 2-cycles and for every box without a Roma vertex are added up front; the others
lazily: a model is a functional graph, so it is a solution unless it has a cycle, and for each
cycle ``S`` of the model the cut of ``S`` is added (it excludes the model). The loop ends with a
model without cycles (a solution) or UNSAT (a proof that there is none).

>>> e = ArrowSat({"a": [("r", 1), ("b", 2)], "b": [("a", 1), ("r", 2)]}, roma={"r"}, boxes={"a": 0, "b": 0})
>>> sorted(e.find_successors([]).items())
[('a', 'r'), ('b', 'r')]
>>> e.close()
"""

from __future__ import annotations

import gc
import threading
from contextlib import contextmanager
from typing import Callable, Hashable, Iterable, Iterator, Mapping, Sequence

import numpy as np
from pysat.solvers import Solver, SolverNames

from escapology.core.limits import Deadline, LimitReached
from escapology.core.resources import Closing

Vertex = Hashable
DEFAULT_SOLVER = "glucose4"
#: pysat solvers whose calls cannot be interrupted (``interrupt`` raises NotImplementedError): with a
#: deadline each call runs to its end and the deadline is looked at between calls.
UNINTERRUPTIBLE = frozenset(SolverNames.lingeling)
#: pysat solvers without ``interrupt`` that take a conflict budget: with a deadline they run in
#: budgets and look at the clock between them.
BUDGETED = frozenset(SolverNames.cadical103 + SolverNames.cadical153 + SolverNames.cadical195)
FIRST_BUDGET = 1000


#: clauses made or handed to the solver between two looks at the clock
CHUNK = 65536


def poller(deadline: Deadline | None, every: int = 4096) -> "Callable[..., None]":
    """A function to call often while the encoding is built: every ``every`` calls (or with
    ``force``) it raises :class:`LimitReached` once ``deadline`` has passed."""
    count = 0

    def poll(*, force: bool = False) -> None:
        nonlocal count
        count += 1
        if deadline is not None and (force or count % every == 0) and deadline.expired():
            raise LimitReached

    return poll


@contextmanager
def gc_paused() -> Iterator[None]:
    """Pause the cyclic garbage collector while an encoding is built: it makes millions of small
    lists, none of them in a cycle, and the collections their allocation sets off (each walking
    the lists made so far) cost more than making them (``ndarray.tolist()`` runs 4x slower)."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def _at_most_one(lits: Sequence[int], clauses: list[list[int]], poll: "Callable[..., None]") -> None:
    """Append the pairwise clauses "at most one of ``lits``" (a box of many cells has millions:
    ``poll`` is called once per literal)."""
    for i, a in enumerate(lits):
        poll()
        clauses.extend([-a, -b] for b in lits[i + 1:])


class ArrowSat(Closing):
    """An incremental SAT encoding of an arrow-choice instance (see the module docstring).

    Variables are numbered 1, 2, ... in the order of ``arcs`` (movers, then each mover's arcs), and
    ``arc_var``/``decode`` map between them and arcs; ``clauses`` is the whole formula handed to the
    solver (the loop cuts added later aside); ``vertices`` lists the movers, then the other targets
    in the order the arcs first reach them, then the Roma vertices no arc reaches, in the order
    given: a vertex's position is its id in :meth:`cycles`. :class:`escapology.roma.sat.RomaSat`
    builds the same for a grid with numpy (without this constructor, sharing :meth:`_start`).
    """

    def __init__(
        self,
        arcs: Mapping[Vertex, Sequence[tuple[Vertex, Hashable]]],
        roma: Iterable[Vertex],
        boxes: Mapping[Vertex, Hashable] | None = None,
        *,
        extra_clauses: Iterable[list[int]] = (),
        solver: str = DEFAULT_SOLVER,
        deadline: Deadline | None = None,
    ) -> None:
        poll = poller(deadline)
        roma = list(dict.fromkeys(roma))  # in the order given: the vertex ids follow it
        self.roma = set(roma)
        self.arcs = {v: list(a) for v, a in arcs.items() if v not in self.roma}
        self.arc_var: dict[tuple[Vertex, Vertex], int] = {}
        self.decode: dict[int, tuple[Vertex, Vertex]] = {}
        clauses: list[list[int]] = []
        by_box: dict[tuple[Hashable, Hashable], list[int]] = {}
        boxes = boxes or {}
        for v, out in self.arcs.items():
            lits = []
            for w, colour in out:
                x = len(self.arc_var) + 1
                self.arc_var[(v, w)] = x
                self.decode[x] = (v, w)
                lits.append(x)
                if v in boxes and colour is not None:
                    by_box.setdefault((boxes[v], colour), []).append(x)
            clauses.append(lits)  # empty when v has no arc: then there is no solution
            _at_most_one(lits, clauses, poll)
        for lits in by_box.values():
            _at_most_one(lits, clauses, poll)
        for (v, w), x in self.arc_var.items():  # 2-cycles
            y = self.arc_var.get((w, v))
            if y is not None and x < y:
                clauses.append([-x, -y])
        members: dict[Hashable, list[Vertex]] = {}
        for v, b in boxes.items():
            members.setdefault(b, []).append(v)
        roma_boxes = {boxes[v] for v in self.roma if v in boxes}
        for b, vs in members.items():
            if len(vs) > 1 and b not in roma_boxes and all(v in self.arcs for v in vs):
                clauses.append(self.cut(vs))
        if self.arcs and not self.roma:
            clauses.append([])  # all movers together form a set no arc can leave
        clauses += extra_clauses
        targets = (w for out in self.arcs.values() for w, _ in out)
        vertices: list[Vertex] = list(dict.fromkeys([*self.arcs, *targets, *roma]))
        vid = {v: i for i, v in enumerate(vertices)}
        ends = np.array([(vid[v], vid[w]) for v, w in self.arc_var], dtype=np.int64).reshape(-1, 2)
        self._start(clauses, vertices, ends[:, 0], ends[:, 1], solver, poll)

    def _start(
        self, clauses: list[list[int]], vertices: list[Vertex], src: np.ndarray, dst: np.ndarray,
        solver: str, poll: "Callable[..., None]",
    ) -> None:
        """Keep the encoding (``clauses``; ``vertices`` by id; ``src``/``dst``: the source and
        target id of variable ``x`` at ``x - 1``) and hand the clauses to a new ``solver`` in
        chunks, ``poll`` called between them."""
        self.clauses = clauses  # kept for other back ends (MaxSAT in hints)
        self.n_vars = len(src)
        self.vertices = vertices
        # indexed by variable: position 0 stands for no variable
        self._src = np.concatenate([[0], src])
        self._dst = np.concatenate([[0], dst])
        self._steps = max(1, int(np.ceil(np.log2(max(2, len(vertices))))) + 1)
        self.cuts = 0
        self.calls = 0
        self.name = solver
        poll(force=True)
        # the clauses go to the solver in chunks, the clock looked at between them (a 400 x 400
        # board's 2.7 million clauses take a second in pysat's add_clause, one call per clause)
        self.solver = Solver(name=solver)
        try:
            for at in range(0, len(clauses), CHUNK):
                self.solver.append_formula(clauses[at:at + CHUNK])
                poll(force=True)
        except BaseException:
            self.solver.delete()
            raise

    def close(self) -> None:
        self.solver.delete()

    def cut(self, vertices: Iterable[Vertex]) -> list[int]:
        """The loop cut of a set of movers: some vertex of the set chooses an arc leaving it (the
        arcs listed vertex by vertex in the order given)."""
        inside = dict.fromkeys(vertices)
        return [self.arc_var[(v, w)] for v in inside for w, _ in self.arcs[v] if w not in inside]

    def sat(self, assumptions: list[int], deadline: Deadline | None = None) -> bool:
        """One SAT call, interrupted when ``deadline`` passes (then ``LimitReached``)."""
        self.calls += 1
        remaining = deadline.remaining() if deadline is not None else None
        if remaining is None:
            return bool(self.solver.solve(assumptions=assumptions))
        if remaining <= 0:
            raise LimitReached
        if self.name in BUDGETED:
            return self._sat_in_budgets(assumptions, deadline)
        if self.name in UNINTERRUPTIBLE:
            # The solver cannot be stopped inside a call: answer it whole, then look at the clock.
            res = self.solver.solve(assumptions=assumptions)
            if deadline.expired():
                raise LimitReached
            return bool(res)
        timer = threading.Timer(remaining, self.solver.interrupt)
        timer.start()
        try:
            res = self.solver.solve_limited(assumptions=assumptions, expect_interrupt=True)
        finally:
            timer.cancel()
        self.solver.clear_interrupt()
        if res is None:
            raise LimitReached
        return bool(res)

    def _sat_in_budgets(self, assumptions: list[int], deadline: Deadline) -> bool:
        """One SAT call of a solver without ``interrupt`` (CaDiCaL): runs of a conflict budget that
        doubles from :data:`FIRST_BUDGET`, the clock looked at between runs (the solver keeps what
        it learnt between runs, and the conflicts of all runs together are at most twice those of
        the last)."""
        budget = FIRST_BUDGET
        while True:
            self.solver.conf_budget(budget)
            res = self.solver.solve_limited(assumptions=assumptions)
            if res is not None:
                return bool(res)
            if deadline.expired():
                raise LimitReached
            budget *= 2

    def _chosen(self) -> np.ndarray:
        """The arc variables true in the current model, ascending."""
        model = np.asarray(self.solver.get_model(), dtype=np.int64)
        return model[(model > 0) & (model <= self.n_vars)]

    def _model_successors(self, chosen: np.ndarray | None = None) -> np.ndarray:
        """The target id chosen by each vertex (``-1`` for Roma vertices) in the current model, or
        by the arc variables ``chosen``."""
        if chosen is None:
            chosen = self._chosen()
        succ = np.full(len(self.vertices), -1, dtype=np.int64)
        succ[self._src[chosen]] = self._dst[chosen]
        return succ

    def successors(self) -> dict[Vertex, Vertex]:
        """The arcs chosen by the current model."""
        V = self.vertices
        return {V[i]: V[j] for i, j in enumerate(self._model_successors().tolist()) if j >= 0}

    def cycles(self, succ: np.ndarray) -> list[list[Vertex]]:
        """The cycles of the functional graph ``succ`` (ids; ``-1`` = stops), by pointer doubling:
        after ``2^k >= n`` steps every walk is on its cycle or stopped, and the smallest id along a
        cycle, spread by doubling too, names the cycle."""
        n = len(succ)
        ids = np.arange(n)
        f = np.where(succ < 0, ids, succ)
        g = f
        for _ in range(self._steps):
            g = g[g]
        on = np.zeros(n, dtype=bool)
        on[g] = True
        on &= succ >= 0
        if not on.any():
            return []
        label = np.where(on, ids, n)
        h = f
        for _ in range(self._steps):
            label = np.minimum(label, label[h])
            h = h[h]
        cyc_ids = ids[on]
        groups: dict[int, list[Vertex]] = {}
        V = self.vertices
        for i, lab in zip(cyc_ids.tolist(), label[on].tolist()):
            groups.setdefault(lab, []).append(V[i])
        return list(groups.values())

    def find_arcs(self, assumptions: list[int], deadline: Deadline | None = None) -> np.ndarray | None:
        """The arc variables of a solution under ``assumptions`` (adding loop cuts as needed),
        ascending, or ``None``."""
        while True:
            if not self.sat(assumptions, deadline):
                return None
            chosen = self._chosen()
            cycles = self.cycles(self._model_successors(chosen))
            if not cycles:
                return chosen
            for cyc in cycles:
                self.solver.add_clause(self.cut(cyc))
                self.cuts += 1

    def find_successors(self, assumptions: list[int], deadline: Deadline | None = None) -> dict[Vertex, Vertex] | None:
        """A solution under ``assumptions`` (adding loop cuts as needed), mover by mover in id
        order, or ``None``."""
        chosen = self.find_arcs(assumptions, deadline)
        if chosen is None:
            return None
        V = self.vertices
        return {V[i]: V[j] for i, j in zip(self._src[chosen].tolist(), self._dst[chosen].tolist())}
