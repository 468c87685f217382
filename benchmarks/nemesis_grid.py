"""The grid of Fig. 4 settled: every start up to symmetry, winner, strategy size, strategy files.

    .venv/bin/python benchmarks/nemesis_grid.py                      # k = 5..13, files in build/nemesis-grid
    .venv/bin/python benchmarks/nemesis_grid.py --sizes 5 9 --no-cli # quick, checked in-process only
    .venv/bin/python benchmarks/nemesis_grid.py --rectangles 3 9     # winners on m x n, 3 <= m <= n <= 9

The instance is ``escapology nemesis generate grid --size K`` (Bergé, Dailly, Gerard, FUN 2026,
Fig. 4): the K x K grid, two exits at each corner vertex, one at every other border vertex; the
start is each vertex of one octant (the grid's symmetries map every start to one of them). For each
start the native exact search gives the winner; the winner's strategy (``nemesis-strategy`` v1) is
written to ``DIR/grid-K-rIcJ.json`` next to the instance ``DIR/grid-K-rIcJ.lp`` (start rIcJ) and
checked by ``escapology nemesis check`` (a separate process, the independent checker), unless it
has more than ``--max-strategy`` nodes (the winner stays exact; the row says so). Phase 1 finds
every winner (one search, one set of tables per size, ``--budget`` seconds each; a size that runs
out says how far it got); phase 2 writes and checks the strategies, smallest grids first, within
``--strategy-budget`` seconds in all. ``--starts r3c5 ...`` limits both phases to those starts.

A strategy of more than ``--check-max-nodes`` nodes (default 200 million: ``escapology nemesis
check`` reads a large strategy file as a stream into flat arrays, about 60 bytes a node, 3.2 GiB
for the 13x13 centre's 55 million) is written but not checked; the row says so.

The Nemesis' strategies are streamed to their files by the crate's writer
(:func:`escapology.nemesis.engines.extract.write_nemesis_strategy`: no document in memory); a row gives
the nodes, the file's size, the seconds and the process's peak resident memory so far (the
search's tables included), and the checker's seconds and peak memory (its own process).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from escapology.batch.task import peak_memory_mib
from escapology.core.limits import Deadline, LimitReached
from escapology.nemesis import grid
from escapology.nemesis import io as nio
from escapology.nemesis.api import check
from escapology.nemesis.engines.exact import new_search, solve
from escapology.nemesis.engines.extract import StrategyTooLarge, write_nemesis_strategy
from escapology.nemesis.generator import grid_distance
from escapology.nemesis.strategy.document import strategy_size, write_json

ROOT = Path(__file__).resolve().parents[1]
CLI = ROOT / ".venv" / "bin" / "escapology"


def octant(k: int) -> list[tuple[int, int]]:
    """One start per orbit of the square's symmetries: i <= j <= (k - 1) / 2."""
    h = (k + 1) // 2
    return [(i, j) for i in range(h) for j in range(i, h)]


def quadrant(rows: int, cols: int) -> list[tuple[int, int]]:
    """One start per orbit of the rectangle's symmetries (its two mirrors)."""
    return [(i, j) for i in range((rows + 1) // 2) for j in range((cols + 1) // 2)]


def cli_check(inst_file: Path, strat_file: Path) -> tuple[bool, float, str, float | None]:
    """``escapology nemesis check`` in a process of its own: accepted, seconds, its last line, and
    its peak resident memory in GiB as GNU time reports it (None without ``/usr/bin/time``)."""
    t = time.perf_counter()
    with tempfile.NamedTemporaryFile("r", suffix=".time") as report:
        timed = ["/usr/bin/time", "-f", "%M", "-o", report.name] if Path("/usr/bin/time").exists() else []
        p = subprocess.run([*timed, str(CLI), "nemesis", "check", str(inst_file), str(strat_file)],
                           capture_output=True, text=True, cwd=ROOT)
        kib = Path(report.name).read_text().split()[-1:] if timed else []
    lines = (p.stdout + p.stderr).strip().splitlines()
    gib = int(kib[0]) / 2**20 if kib and kib[0].isdigit() else None
    return p.returncode == 0, time.perf_counter() - t, lines[-1] if lines else "", gib


def winners(k: int, budget: float, starts: list[str] | None = None) -> dict[str, object]:
    """Phase 1: the winner from every octant start of the k x k grid (one search, shared tables),
    or from those of ``starts`` only."""
    g = grid(k, k).graph()
    sr = new_search(g, "nemesis", Deadline(budget))
    out: dict[str, object] = {"k": k, "g": g, "search": sr, "winner": {}, "won": [], "lost": [], "complete": True}
    t = time.perf_counter()
    try:
        for i, j in octant(k):
            if starts is not None and f"r{i}c{j}" not in starts:
                continue
            win = sr.f_turn(g.index[f"r{i}c{j}"], g.mult)[0]
            out["winner"][(i, j)] = "fugitive" if win else "nemesis"  # type: ignore[index]
            (out["won"] if win else out["lost"]).append(grid_distance(k, k, i, j))  # type: ignore[attr-defined]
    except LimitReached:
        out["complete"] = False
    out["nodes"], out["seconds"] = sr.nodes, time.perf_counter() - t
    return out


def strategies(size: dict[str, object], out: Path | None, max_strategy: int, use_cli: bool,
               deadline: Deadline, check_max: int) -> None:
    """Phase 2: each start's strategy, written and checked (up to ``check_max`` nodes); one row
    per start."""
    k, g, sr = size["k"], size["g"], size["search"]
    for (i, j), winner in size["winner"].items():  # type: ignore[attr-defined]
        v = g.index[f"r{i}c{j}"]  # type: ignore[attr-defined]
        d = grid_distance(k, k, i, j)  # type: ignore[arg-type]
        row = f"| {k}x{k} | r{i}c{j} | {d} | {winner} |"
        if deadline.expired():
            print(f"{row} | not written (time budget of the run spent) | |", flush=True)
            continue
        t = time.perf_counter()
        sr.deadline = deadline  # type: ignore[attr-defined]
        inst = grid(k, k, start=(i, j))  # type: ignore[arg-type]
        stem = out / f"grid-{k}-r{i}c{j}" if out is not None else None
        strategy = None
        try:
            if winner == "nemesis" and stem is not None:  # streamed to the file, no document in memory
                nodes = write_nemesis_strategy(sr, v, stem.with_suffix(".json"), max_nodes=max_strategy)
            else:
                r = solve(g, start=v, search=sr, max_strategy=max_strategy)  # type: ignore[arg-type]
                assert r.winner == winner
                strategy = r.strategy
                nodes = strategy_size(strategy) if strategy is not None else -1
        except StrategyTooLarge:
            nodes = -1
        except LimitReached:
            print(f"{row} not written (time budget of the run spent while writing it) | | |", flush=True)
            continue
        t_solve = time.perf_counter() - t
        if nodes < 0:
            print(f"{row} {t_solve:.1f} | > {max_strategy:,} (not written) | — |", flush=True)
            continue
        size_text = f"{nodes:,}"
        verdict = "—"
        if nodes > check_max:  # the streamed checker holds about 60 bytes a node
            verdict = f"not checked (more than {check_max:,} nodes, --check-max-nodes)"
        if stem is not None:
            stem.with_suffix(".lp").write_text(
                f"% escapology nemesis generate grid --size {k} (start moved to r{i}c{j})\n"
                + nio.format_instance(inst) + "\n")
            if strategy is not None:
                with open(stem.with_suffix(".json"), "w", encoding="utf-8") as fh:
                    write_json(strategy, fh)
            mb = stem.with_suffix(".json").stat().st_size / 1e6
            size_text += f" ({mb:.1f} MB; process peak {(peak_memory_mib() or 0) / 1024:.2f} GiB)"
            if use_cli and verdict == "—":
                ok, secs, msg, gib = cli_check(stem.with_suffix(".lp"), stem.with_suffix(".json"))
                peak = f", peak {gib:.2f} GiB" if gib is not None else ""
                verdict = f"{'accepted' if ok else 'REJECTED: ' + msg} ({secs:.1f} s{peak})"
        if verdict == "—":
            if strategy is None and stem is not None:
                with open(stem.with_suffix(".json"), encoding="utf-8") as fh:
                    strategy = json.load(fh)
            t = time.perf_counter()
            ok = check(inst, strategy).ok
            verdict = f"{'accepted' if ok else 'REJECTED'} in-process ({time.perf_counter() - t:.1f} s)"
        print(f"{row} {t_solve:.1f} | {size_text} | {verdict} |", flush=True)


def rectangle_winners(rows: int, cols: int, budget: float) -> str:
    """``fugitive wins at distance <= a, Nemesis from b`` over the starts of one quadrant."""
    g = grid(rows, cols).graph()
    sr = new_search(g, "nemesis", Deadline(budget))
    won, lost = set(), set()
    try:
        for i, j in quadrant(rows, cols):
            v = g.index[f"r{i}c{j}"]
            (won if sr.f_turn(v, g.mult)[0] else lost).add(grid_distance(rows, cols, i, j))
    except LimitReached:
        return f"unknown (budget {budget:.0f} s, {sr.nodes:,} positions)"
    mixed = won & lost
    text = f"fugitive at distance {_span(won)}" + (f"; Nemesis at {_span(lost)}" if lost else "")
    return text + (f" (both at {sorted(mixed)})" if mixed else "")


def _span(ds: set[int] | list[int]) -> str:
    ds = sorted(set(ds))
    if not ds:
        return "none"
    return f"{ds[0]}" if len(ds) == 1 else f"{ds[0]}..{ds[-1]}" if ds == list(range(ds[0], ds[-1] + 1)) else str(ds)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--sizes", type=int, nargs=2, default=[5, 13], metavar=("FROM", "TO"))
    ap.add_argument("--out", type=Path, default=ROOT / "build" / "nemesis-grid")
    ap.add_argument("--no-files", action="store_true", help="check in-process, write no files")
    ap.add_argument("--no-cli", action="store_true", help="check in-process instead of escapology nemesis check")
    ap.add_argument("--budget", type=float, default=1800.0, help="seconds of search per size (winners)")
    ap.add_argument("--strategy-budget", type=float, default=7200.0, help="seconds for writing all strategies")
    ap.add_argument("--max-strategy", type=int, default=1_000_000, help="nodes of the largest strategy written")
    ap.add_argument("--check-max-nodes", type=int, default=200_000_000,
                    help="check strategies up to this many nodes (the checker needs about 60 bytes a node)")
    ap.add_argument("--starts", nargs="+", default=None, metavar="rIcJ", help="only these starts")
    ap.add_argument("--rectangles", type=int, nargs=2, default=None, metavar=("FROM", "TO"))
    args = ap.parse_args()
    out = None if args.no_files else args.out
    if out is not None:
        out.mkdir(parents=True, exist_ok=True)
    print(f"# Fig. 4 grids, {time.strftime('%Y-%m-%d')}, {platform.machine()}, {os.cpu_count()} cores, "
          f"Python {platform.python_version()}; native engine; budget {args.budget:.0f} s per size, "
          f"strategies up to {args.max_strategy:,} nodes")
    if args.rectangles:
        lo, hi = args.rectangles
        print("\n| rows x cols | winners by distance to the nearest exit |\n|---|---|")
        for rows in range(lo, hi + 1):
            for cols in range(rows, hi + 1):
                print(f"| {rows}x{cols} | {rectangle_winners(rows, cols, args.budget)} |", flush=True)
        return
    print("\n| grid | fugitive wins at distance | Nemesis wins at distance | positions searched | search s |")
    print("|---|---|---|---|---|")
    sizes = []
    for k in range(args.sizes[0], args.sizes[1] + 1):
        s = winners(k, args.budget, args.starts)
        sizes.append(s)
        note = "" if s["complete"] else f" (budget {args.budget:.0f} s reached: {len(s['winner'])} starts)"
        print(f"| {k}x{k}{note} | {_span(s['won'])} | {_span(s['lost']) if s['lost'] else '—'} | "
              f"{s['nodes']:,} | {s['seconds']:.1f} |", flush=True)
    deadline = Deadline(args.strategy_budget)
    print("\n| grid | start | distance | winner | strategy s | strategy nodes | escapology nemesis check |")
    print("|---|---|---|---|---|---|---|")
    for s in sizes:
        strategies(s, out, args.max_strategy, not args.no_cli, deadline, args.check_max_nodes)


if __name__ == "__main__":
    main()
