"""Roma: the Lemma 12 search tree (``roma solve --engine branch``) against the SAT engine, and its
growth in the number ``k`` of empty cells, next to the lemma's bound ``O(3.32^k n^2)``.

    .venv/bin/python benchmarks/roma_branch.py           # about a minute on one core
    .venv/bin/python benchmarks/roma_branch.py --quick   # a few seconds

Protocol. Boards: generated unique 8 x 8 puzzles (seeds 0..), every arrow of the solution given
except a connected patch of ``k`` cells of boxes with two or more cells, grown from a random cell
(the lemma assumes no empty 1-box; scattered empty cells would all be forced by their
neighbours). Each row is the median over the boards of one ``k``: the search tree's
branching nodes and leaves (the whole tree, counting solutions), its time, the SAT engine's time
(solve and prove unique), and ``nodes^(1/k)``, the measured branching factor per empty cell,
which Lemma 12 bounds by ``sqrt(11) = 3.32``. The real puzzles of ../shared/instances/roma (when
present) are solved by both engines as a check.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import statistics
import time
from datetime import date
from pathlib import Path

from escapology.roma.branch import BranchStats, count_branch, solve_branch
from escapology.roma.generator import generate
from escapology.roma.io import decode_url
from escapology.roma.model import DIRECTIONS, Puzzle
from escapology.roma.sat import solve

SHARED = Path(__file__).resolve().parents[1].parent / "shared" / "instances" / "roma" / "puzzles.jsonl"


def with_k_empty(puzzle: Puzzle, solution: tuple[str, ...], k: int, rng: random.Random) -> Puzzle:
    """``puzzle`` with every arrow of ``solution`` given but ``k`` cells of boxes of 2+ cells, a
    connected patch grown from a random cell (scattered empty cells are all forced at once)."""
    ok = {c for c in puzzle.cells() if solution[c[0]][c[1]] in DIRECTIONS
          and len(puzzle.box_cells[puzzle.box(c)]) > 1}
    start = rng.choice(sorted(ok))
    empty, frontier = {start}, [start]
    while frontier and len(empty) < k:
        r, c = frontier.pop(rng.randrange(len(frontier)))
        for nb in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
            if nb in ok and nb not in empty and len(empty) < k:
                empty.add(nb)
                frontier.append(nb)
    rows = ["".join("." if (r, c) in empty else solution[r][c] for c in range(puzzle.cols))
            for r in range(puzzle.rows)]
    return puzzle.with_givens(rows)


def growth(ks: list[int], boards: int) -> None:
    print("\n## Search tree growth against k (8x8 boards, a connected patch of k empty cells)\n")
    print("| k | boards | nodes (median) | leaves | branch ms | SAT ms | nodes^(1/k) | bound 3.32^k |")
    print("|---|---|---|---|---|---|---|---|")
    base = [generate(8, 8, seed=s) for s in range(boards)]
    for k in ks:
        rng = random.Random(k)
        nodes, leaves, bms, sms = [], [], [], []
        for g in base:
            p = with_k_empty(g.puzzle, g.solution, k, rng)
            st = BranchStats()
            t = time.perf_counter()
            n = count_branch(p, stats=st)
            bms.append((time.perf_counter() - t) * 1000)
            t = time.perf_counter()
            r = solve(p)
            sms.append((time.perf_counter() - t) * 1000)
            assert n >= 1 and (n == 1) == bool(r.unique)
            nodes.append(st.nodes)
            leaves.append(st.leaves)
        med = statistics.median(nodes)
        factor = f"{max(med, 1) ** (1 / k):.2f}" if k else "-"
        print(f"| {k} | {len(base)} | {med:g} | {statistics.median(leaves):g} | {statistics.median(bms):.1f} | "
              f"{statistics.median(sms):.1f} | {factor} | {3.32 ** k:.3g} |", flush=True)


def reals() -> None:
    if not SHARED.exists():
        print("\n(real puzzles skipped: ../shared/instances/roma is absent)")
        return
    print("\n## Real puzzles: both engines\n")
    print("| puzzle | size | branch ms | nodes | SAT ms | same answer |")
    print("|---|---|---|---|---|---|")
    for line in SHARED.read_text().splitlines():
        d = json.loads(line)
        p = decode_url(d["pzprjs_url"])
        t = time.perf_counter()
        b = solve_branch(p)
        bms = (time.perf_counter() - t) * 1000
        t = time.perf_counter()
        s = solve(p)
        sms = (time.perf_counter() - t) * 1000
        print(f"| {d['id']} | {p.rows}x{p.cols} | {bms:.1f} | {b.stats['nodes']} | {sms:.1f} | "
              f"{b.solution == s.solution and b.unique == s.unique} |")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true")
    a = ap.parse_args()
    print(f"# Roma Lemma 12 search tree ({date.today()}, {platform.machine()}, {platform.python_version()})")
    if a.quick:
        growth([4, 8, 12], boards=4)
    else:
        growth([4, 8, 12, 16, 20, 24, 28, 32, 36, 40], boards=12)
    reals()


if __name__ == "__main__":
    main()
