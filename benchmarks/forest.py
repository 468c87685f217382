"""Enchanted Forest benchmark: the fast solver, side by side with the default of commit d667526 and
with the paper's matrix method (sparse Boolean matrices), in one run.

Tables (every instance has k = 100 known rolls, uniform on 1..d):

1. ``targets`` — boards with long cycles, d = 10^9: a cycle of 10^5 edges, two cycles of 50,000
   and 50,001 edges sharing a field, three cycles of 33,331, 33,332 and 33,333 edges (pairwise
   coprime) sharing a field. ``cli`` is ``escapology forest solve FILE -f json`` and ``check`` is
   ``escapology forest check FILE PLAN`` (legal and fewest), each a separate process timed from
   start to exit (reading the file included); ``solve`` is the library call on a built board.
2. ``growth`` — the same shapes from 10^3 to 10^5 edges: how the time grows with m.
3. ``boards`` — grid forests (``grid``: the target is not special, doubles jump to 1 field in
   12; ``grid-noV'``: no special fields, so the search runs over many turns) and random connected
   graphs, m = 10^3 .. 10^5, d = 6 and 10^9: the default of d667526 against today's.
4. ``matrix`` — the matrix method where it finishes within ``--matrix-limit`` seconds; ratio =
   matrix / fast.
5. ``check`` — ``escapology forest check`` (end to end) of the plans of the longest searches.

The baseline is the package ``src/escapology/forest`` of commit d667526, extracted into a
temporary directory under another name and run in the same process (its answers must equal
today's). ``>L`` means no answer within the limit L seconds.

Usage: ``.venv/bin/python benchmarks/forest.py [--quick] [--matrix-limit S] [--baseline-limit S]``
(``--quick``: m <= 10^4 in the growth and board tables, matrix method up to 60 s).
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import platform
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from escapology.core.errors import InputError
from escapology.forest.families import flower
from escapology.forest.generator import grid_forest, random_board
from escapology.forest.io import instance_to_facts
from escapology.forest.matrix import solve_matrix
from escapology.forest.model import Board, Instance
from escapology.forest.plan import solution_to_json
from escapology.forest.solver import solve

ROOT = Path(__file__).resolve().parents[1]
BASELINE = "d667526"
CLI = str(Path(sys.executable).with_name("escapology"))


def load_baseline(commit: str = BASELINE):  # type: ignore[no-untyped-def]
    """The forest package of ``commit`` as the package ``forest_baseline`` (imports renamed)."""
    tmp = Path(tempfile.mkdtemp(prefix="forest-baseline-"))
    pkg = tmp / "forest_baseline"
    pkg.mkdir()
    names = subprocess.run(["git", "-C", str(ROOT), "ls-tree", "--name-only", commit, "src/escapology/forest/"],
                           check=True, capture_output=True, text=True).stdout.split()
    for name in names:
        text = subprocess.run(["git", "-C", str(ROOT), "show", f"{commit}:{name}"],
                              check=True, capture_output=True, text=True).stdout
        (pkg / Path(name).name).write_text(text.replace("escapology.forest", "forest_baseline"))
    sys.path.insert(0, str(tmp))
    return importlib.import_module("forest_baseline.solver"), importlib.import_module("forest_baseline.model")


def to_baseline(model, inst: Instance):  # type: ignore[no-untyped-def]
    b, lab = inst.board, inst.board.labels
    ob = model.Board.from_edges([(lab[u], lab[v]) for u, v in b.edges()], special=[lab[s] for s in b.special],
                                die=b.die, fields=lab)
    return model.Instance(ob, ob.index[lab[inst.start]], ob.index[lab[inst.target]], inst.rolls)


def fresh(inst: Instance) -> Instance:
    """The same instance on a new board object (nothing cached: arcs and shape are built again)."""
    b = inst.board
    nb = Board(b.labels, b.adj, b.special, b.die)
    return Instance(nb, inst.start, inst.target, inst.rolls)


def timed(f, *args, **kw):  # type: ignore[no-untyped-def]
    """``(result, CPU seconds)`` of one call (this process's CPU time: the machine is shared)."""
    t = time.process_time()
    out = f(*args, **kw)
    return out, time.process_time() - t


def best_of(repeat: int, f, inst: Instance, *args, **kw):  # type: ignore[no-untyped-def]
    """The result and the least CPU time of ``repeat`` calls, each on a freshly built board."""
    runs = [timed(f, fresh(inst), *args, **kw) for _ in range(repeat)]
    return runs[0][0], min(t for _, t in runs)


def cli(*args: str, timeout: float = 600) -> tuple[float, float, str]:
    """``(wall seconds, CPU seconds, stdout)`` of one ``escapology`` process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.perf_counter()
    res = subprocess.run([CLI, *args], capture_output=True, text=True, timeout=timeout)
    wall = time.perf_counter() - t
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    if res.returncode not in (0, 1):
        raise RuntimeError(f"{' '.join(args)}: exit {res.returncode}: {res.stdout[-300:]} {res.stderr[-300:]}")
    return wall, cpu, res.stdout


def grid_for_edges(m: int, die: int, seed: int, jumps: bool = True) -> Instance:
    # a grid forest with keep=0.35 has about 1.35 * rows * cols edges; 1 : 1.8 aspect
    cells = max(4, int(m / 1.35))
    rows = max(2, int((cells / 1.8) ** 0.5))
    cols = max(2, cells // rows)
    specials = max(1, rows * cols // 12) if jumps else 0
    return grid_forest(rows, cols, specials=specials, castle=False, die=die, rolls=100, seed=seed)


def board(kind: str, m: int, die: int) -> Instance:
    if kind == "grid":
        return grid_for_edges(m, die, seed=1)
    if kind == "grid-noV'":
        return grid_for_edges(m, die, seed=1, jumps=False)
    if kind == "random":
        return random_board(int(m / 1.5), m, specials=max(1, m // 20), die=die, rolls=100, seed=1)
    if kind == "cycle":
        return flower([m], rolls=100, die=die)
    if kind == "2 cycles":
        return flower([m // 2, m - m // 2], rolls=100, die=die)
    if kind == "3 cycles":
        a = m // 3
        return flower([a - 1, a, a + 1] if a % 2 == 0 else [a - 2, a - 1, a], rolls=100, die=die)
    raise ValueError(kind)


def fmt(t: float | None, limit: float | None = None) -> str:
    if t is None:
        return f">{limit:.0f}" if limit is not None else "-"
    return f"{t:.3f}" if t < 10 else f"{t:.1f}"


def ratio(slow: float | None, fast: float, limit: float) -> str:
    return f"{slow / fast:.0f}x" if slow is not None else f">{limit / fast:.0f}x"


def run_baseline(old, model, inst: Instance, limit: float, repeat: int = 1):  # type: ignore[no-untyped-def]
    """The d667526 default on ``inst``: ``(turns, least CPU seconds of repeat runs)``, ``(None,
    None)`` past ``limit`` seconds (wall)."""
    best = None
    for _ in range(repeat):
        sol, took = timed(old.solve, to_baseline(model, inst), timeout=limit)
        if sol.status.value == "unknown":
            return None, None
        best = took if best is None else min(best, took)
    return sol.turns, best


def header(title: str, cols: str) -> None:
    print(f"\n## {title}\n\n{cols}", flush=True)


def table_targets(tmp: Path, old, model, limit: float) -> list[tuple[str, Path, Path]]:  # type: ignore[no-untyped-def]
    header("targets (d = 10^9, k = 100; solve: library CPU s, best of 3; cli and check: one process, wall / CPU s)",
           f"{'board':10} {'m':>7} {'turns':>5} {'solve s':>8} {'cli s':>13} {'check s':>13} {'d667526 s':>10} {'ratio':>7}")
    plans = []
    for kind in ("cycle", "2 cycles", "3 cycles"):
        inst = board(kind, 100_000, 10**9)
        sol, t_new = best_of(3, solve, inst)
        path = tmp / f"{kind.replace(' ', '-')}.lp"
        path.write_text(instance_to_facts(inst, positions=False))
        w_cli, c_cli, out = cli("forest", "solve", str(path), "-f", "json")
        assert json.loads(out)["turns"] == sol.turns
        plan = tmp / f"{path.stem}.json"
        plan.write_text(out)
        w_check, c_check, verdict = cli("forest", "check", str(path), str(plan))
        assert verdict.startswith("valid"), verdict
        turns_old, t_old = run_baseline(old, model, inst, limit)
        assert t_old is None or turns_old == sol.turns
        print(f"{kind:10} {inst.board.m:>7} {sol.turns!s:>5} {fmt(t_new):>8} {fmt(w_cli) + ' / ' + fmt(c_cli):>13} "
              f"{fmt(w_check) + ' / ' + fmt(c_check):>13} {fmt(t_old, limit):>10} {ratio(t_old, t_new, limit):>7}", flush=True)
        plans.append((kind, path, plan))
    return plans


def table_growth(old, model, sizes: list[int], limit: float) -> None:  # type: ignore[no-untyped-def]
    header("growth (d = 10^9, k = 100; library CPU s, best of 3)",
           f"{'board':10} {'m':>7} {'turns':>5} {'fast s':>8} {'d667526 s':>10} {'ratio':>7}")
    for kind in ("cycle", "2 cycles", "3 cycles"):
        gave_up = False
        for m in sizes:
            inst = board(kind, m, 10**9)
            sol, t_new = best_of(3, solve, inst)
            # the baseline grows with m: once past the limit it is not run on larger boards
            turns_old, t_old = (None, None) if gave_up else run_baseline(old, model, inst, limit)
            gave_up = t_old is None
            assert t_old is None or turns_old == sol.turns
            print(f"{kind:10} {inst.board.m:>7} {sol.turns!s:>5} {fmt(t_new):>8} {fmt(t_old, limit):>10} "
                  f"{ratio(t_old, t_new, limit):>7}", flush=True)


def table_boards(old, model, sizes: list[int], limit: float) -> list[tuple[str, Instance]]:  # type: ignore[no-untyped-def]
    header("boards (k = 100; library CPU s, best of 3, each on a freshly built board)",
           f"{'board':10} {'m':>7} {'d':>5} {'turns':>5} {'fast s':>8} {'walks':>9} {'d667526 s':>10} {'old/new':>8}")
    kept = []
    for kind in ("grid", "grid-noV'", "random"):
        for m in sizes:
            for die in (6, 10**9):
                inst = board(kind, m, die)
                sol, t_new = best_of(3, solve, inst)
                turns_old, t_old = run_baseline(old, model, inst, limit, repeat=3)
                assert t_old is None or turns_old == sol.turns
                rel = f"{t_old / t_new:.2f}" if t_old is not None else "-"
                d_txt = "10^9" if die == 10**9 else str(die)
                print(f"{kind:10} {inst.board.m:>7} {d_txt:>5} {sol.turns!s:>5} {fmt(t_new):>8} "
                      f"{sol.stats['walks']:>9} {fmt(t_old, limit):>10} {rel:>8}", flush=True)
                if kind == "grid-noV'" and die == 6 and m >= 10**5:
                    kept.append((f"{kind} m={inst.board.m} d=6", inst))
    return kept


def table_matrix(cases: list[tuple[str, Instance]], limit: float) -> None:
    header(f"matrix method (sparse Boolean; library CPU s; limit {limit:.0f} s)",
           f"{'board':16} {'m':>6} {'d':>5} {'turns':>5} {'fast s':>8} {'matrix s':>9} {'ratio':>8}")
    for name, inst in cases:
        sol, t_new = best_of(3, solve, inst)
        try:
            mat, t_mat = timed(solve_matrix, fresh(inst), timeout=limit)
            if mat.status.value == "unknown":
                t_mat = None
            else:
                assert mat.turns == sol.turns
            shown, r = fmt(t_mat, limit), ratio(t_mat, t_new, limit)
        except InputError:
            shown, r = "memory", "-"
        d_txt = "10^9" if inst.board.die == 10**9 else str(inst.board.die)
        print(f"{name:16} {inst.board.m:>6} {d_txt:>5} {sol.turns!s:>5} {fmt(t_new):>8} {shown:>9} {r:>8}", flush=True)


def table_check(tmp: Path, plans: list[tuple[str, Path, Path]], boards: list[tuple[str, Instance]]) -> None:
    header("check (escapology forest check FILE PLAN, one process: legal and the fewest; wall / CPU s)",
           f"{'plan':28} {'m':>7} {'turns':>5} {'check s':>13}")
    for i, (name, inst) in enumerate(boards):
        path = tmp / f"check{i}.lp"
        path.write_text(instance_to_facts(inst, positions=False))
        plan = tmp / f"check{i}.json"
        plan.write_text(json.dumps(solution_to_json(inst, solve(inst))))
        plans.append((name, path, plan))
    for name, path, plan in plans:
        wall, cpu, verdict = cli("forest", "check", str(path), str(plan))
        assert verdict.startswith("valid"), verdict
        obj = json.loads(plan.read_text())
        m = path.read_text().count("edge(")
        print(f"{name:28} {m:>7} {obj['turns']!s:>5} {fmt(wall) + ' / ' + fmt(cpu):>13}", flush=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--quick", action="store_true", help="m <= 10^4 in the growth and board tables, matrix up to 60 s")
    ap.add_argument("--matrix-limit", type=float, default=None, help="time limit of the matrix method (default 600 s, quick 60 s)")
    ap.add_argument("--baseline-limit", type=float, default=30.0, help="time limit of the d667526 default (s)")
    ap.add_argument("--tables", default="targets,growth,boards,matrix,check",
                    help="which tables to run, comma-separated (default all)")
    args = ap.parse_args()
    matrix_limit = args.matrix_limit or (60.0 if args.quick else 600.0)
    old, model = load_baseline()
    print(f"# forest benchmark, {time.strftime('%Y-%m-%d')}, {platform.machine()}, {os.cpu_count()} cores, "
          f"Python {platform.python_version()}; baseline {BASELINE}")
    tables = set(args.tables.split(","))
    with tempfile.TemporaryDirectory() as d:
        tmp = Path(d)
        plans = table_targets(tmp, old, model, args.baseline_limit) if "targets" in tables else []
        growth = [1_000, 10_000] if args.quick else [1_000, 3_000, 10_000, 30_000, 100_000]
        if "growth" in tables:
            table_growth(old, model, growth, args.baseline_limit)
        kept = []
        if "boards" in tables:
            kept = table_boards(old, model, [1_000, 10_000] if args.quick else [1_000, 10_000, 100_000],
                                args.baseline_limit)
        cases = [("cycle", board("cycle", 1_000, 10**9)), ("cycle", board("cycle", 10_000, 10**9)),
                 ("2 cycles", board("2 cycles", 121, 10**9)), ("grid", board("grid", 1_000, 6)),
                 ("random", board("random", 1_000, 6))]
        if not args.quick:
            cases += [("2 cycles", board("2 cycles", 601, 10**9)), ("3 cycles", board("3 cycles", 300, 10**9)),
                      ("grid", board("grid", 1_000, 10**9)), ("random", board("random", 1_000, 10**9)),
                      ("cycle", board("cycle", 100_000, 10**9))]
        if "matrix" in tables:
            table_matrix(cases, matrix_limit)
        if "check" in tables:
            big_grid = grid_forest(300, 300, specials=0, castle=False, die=6, rolls=100, seed=1)
            table_check(tmp, plans, kept + [("grid 300x300, no V', d=6", big_grid)])


if __name__ == "__main__":
    main()
