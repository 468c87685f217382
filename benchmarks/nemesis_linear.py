"""The linear algorithms of Nemesis end to end through the CLI, at 1.25e5 .. 2e6 vertices.

For each family and size an instance file (ASP facts) is written once, then timed as a user runs it:

- ``solve``: ``escapology nemesis solve FILE -e linear [--game blizzard] --format json > OUT``
  (read, decide, write the winner's strategy or trap region);
- ``check``: ``escapology nemesis check FILE OUT`` (the independent checker on that certificate).

Each command is a fresh process (start-up included). With ``--baseline DIR`` (a checkout of the
baseline commit, e.g. ``git worktree add /work/bench-16l fb04e05``) the same commands run with
``PYTHONPATH=DIR/src`` in the same run, side by side, with the ratio baseline / now. The baseline
refuses graphs above 10^5 vertices (its reading limit), so it runs with that limit lifted
(``escapology.nemesis.sizes.MAX_VERTICES`` and ``MAX_EDGES`` raised before the CLI starts); ``--limit``
caps each baseline command (``>L`` in the table), and a family's larger sizes are skipped
after its first time-out. ``x2`` is the growth from the previous size (time doubling: 2.0).

Families (``n`` vertices):

- ``caterpillar``: a path of ``n/2`` vertices, each but the first with a pendant exit (the last
  with two); the start is the first: a binary escape tree of depth ``n/2`` (the deep path);
- ``binary``: the complete binary tree in heap order, leaves are exits, start at the root;
- ``random-tree``: a uniform random recursive tree, a leaf at depth >= 2 is an exit with
  probability 1/10, start at the root: the Nemesis wins, her strategy has a node per vertex;
- ``deg3``: maximum degree 3: the start joins a random cubic-ish graph (a Hamiltonian path plus a
  random matching, every 20th vertex an exit; cycles everywhere, so the escape-tree test fails there
  after a full pass) and a random full binary tree whose leaves are exits (the escape tree found);
- ``blizzard``: Blizzard on a random graph of average degree 3 (one edge in ten has two copies,
  one vertex in 25 an exit), start at a vertex next to the winning set ``W``, so the
  trapper's strategy walks down ``W``.

Run: ``.venv/bin/python benchmarks/nemesis_linear.py [--quick] [--baseline /work/bench-16l]``.
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

FAMILIES = ("caterpillar", "binary", "random-tree", "deg3", "blizzard")
GAME = {"blizzard": "blizzard"}

_LIFT = ("import sys, escapology.nemesis.sizes as sizes; sizes.MAX_VERTICES = sizes.MAX_EDGES = 10**8; "
         "sizes.MAX_FACTS = 3 * 10**8; from escapology.cli import main; sys.argv[0] = 'escapology'; main()")


def _facts(edges: list[tuple[int, int]] | list[tuple[int, int, int]], exits: list[int], start: int) -> str:
    out = [f"edge({e[0]},{e[1]})." if len(e) == 2 or e[2] == 1 else f"edge({e[0]},{e[1]},{e[2]})."  # type: ignore[misc]
           for e in edges]
    out += [f"exit({x})." for x in exits]
    out.append(f"start({start}).")
    return "\n".join(out) + "\n"


def caterpillar(n: int, seed: int) -> str:
    spine = n // 2
    edges = [(i, i + 1) for i in range(spine - 1)]
    legs = list(range(spine, spine + spine - 1))
    edges += [(i, legs[i - 1]) for i in range(1, spine)]
    edges.append((spine - 1, spine + spine - 1))
    return _facts(edges, legs + [spine + spine - 1], 0)


def binary(n: int, seed: int) -> str:
    edges = [((v - 1) // 2, v) for v in range(1, n)]
    leaves = [v for v in range(n) if 2 * v + 1 >= n]
    return _facts(edges, leaves, 0)


def random_tree(n: int, seed: int) -> str:
    rng = random.Random(seed)
    parent = [-1] + [rng.randrange(v) for v in range(1, n)]
    has_child = [False] * n
    for v in range(1, n):
        has_child[parent[v]] = True
    exits = [v for v in range(1, n) if not has_child[v] and parent[v] != 0 and rng.random() < 0.1]
    return _facts([(parent[v], v) for v in range(1, n)], exits, 0)


def deg3(n: int, seed: int) -> str:
    rng = random.Random(seed)
    half = n // 2
    edges: list[tuple[int, int]] = [(v, v + 1) for v in range(1, half - 1)]
    order = list(range(2, half - 1))
    rng.shuffle(order)
    edges += [(a, b) for a, b in zip(order[::2], order[1::2]) if abs(a - b) > 1]
    exits = [v for v in range(1, half) if v % 20 == 7]
    edges.append((0, 1))
    # a random full binary tree on the other half: split a random leaf until the size is reached
    root = half
    leaves = [root]
    nxt = half + 1
    while nxt + 1 < n:
        i = rng.randrange(len(leaves))
        v = leaves[i]
        leaves[i] = nxt
        leaves.append(nxt + 1)
        edges += [(v, nxt), (v, nxt + 1)]
        nxt += 2
    edges.append((0, root))
    return _facts(edges, exits + leaves, 0)


def blizzard(n: int, seed: int) -> str:
    rng = random.Random(seed)
    seen: set[tuple[int, int]] = set()
    edges: list[tuple[int, int, int]] = [(v - 1, v, 1) for v in range(1, n)]  # connected
    seen.update((v - 1, v) for v in range(1, n))
    while len(edges) < 3 * n // 2:
        a, b = rng.randrange(n), rng.randrange(n)
        key = (min(a, b), max(a, b))
        if a != b and key not in seen:
            seen.add(key)
            edges.append((key[0], key[1], 2 if rng.random() < 0.1 else 1))
    exits = set(rng.sample(range(n), n // 25))
    # the winning set W (Theorem 13), to start next to it but not next to an exit
    adj: list[list[tuple[int, int]]] = [[] for _ in range(n)]
    for a, b, k in edges:
        adj[a].append((b, k))
        adj[b].append((a, k))
    count = [0] * n
    inw = [v in exits for v in range(n)]
    queue = list(exits)
    for v in queue:
        for w, k in adj[v]:
            if not inw[w]:
                count[w] += k
                if count[w] >= 2:
                    inw[w] = True
                    queue.append(w)
    start = next(v for v in rng.sample(range(n), n) if not inw[v] and any(inw[w] for w, _ in adj[v])
                 and not any(w in exits for w, _ in adj[v]))
    return _facts(edges, sorted(exits), start)


MAKERS = {"caterpillar": caterpillar, "binary": binary, "random-tree": random_tree, "deg3": deg3,
          "blizzard": blizzard}


def run(cmd: list[str], env: dict[str, str], out: Path | None, limit: float) -> tuple[float, float] | None:
    """Wall and CPU seconds (user + system, the child's) of one command, None past ``limit``; it
    must exit 0."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.perf_counter()
    with open(out if out is not None else os.devnull, "wb") as sink:
        try:
            proc = subprocess.run(cmd, env=env, stdout=sink, stderr=subprocess.PIPE, timeout=limit)
        except subprocess.TimeoutExpired:
            return None
    took = time.perf_counter() - t
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if proc.returncode != 0:
        raise SystemExit(f"{' '.join(cmd)} failed ({proc.returncode}): {proc.stderr.decode()[-800:]}")
    return took, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def best(runs: list[tuple[float, float] | None]) -> tuple[float, float] | None:
    """The fastest of repeated runs (wall and CPU each), None if one timed out."""
    if any(r is None for r in runs):
        return None
    return min(r[0] for r in runs), min(r[1] for r in runs)  # type: ignore[index]


def commands(version: str, file: Path, family: str, answer: Path) -> tuple[list[str], list[str]]:
    entry = [sys.executable, "-c", _LIFT if version == "baseline" else
             "import sys; from escapology.cli import main; sys.argv[0] = 'escapology'; main()"]
    game = GAME.get(family, "nemesis")
    solve = entry + ["nemesis", "solve", str(file), "--engine", "linear", "--game", game, "--format", "json"]
    check = entry + ["nemesis", "check", str(file), str(answer)]
    return solve, check


def fmt(t: tuple[float, float] | None, limit: float) -> str:
    """``wall (cpu)``, or ``>limit``."""
    return f"{'>' + format(limit, '.0f'):>13}" if t is None else f"{t[0]:6.2f} ({t[1]:5.2f})"


def growth(now: tuple[float, float] | None, before: tuple[float, float] | None) -> str:
    """The growth of the CPU time from the previous size."""
    return f"{now[1] / before[1]:5.2f}" if now is not None and before else "    -"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--quick", action="store_true", help="two sizes (1.25e5, 2.5e5)")
    ap.add_argument("--sizes", type=int, nargs="*", default=None)
    ap.add_argument("--families", nargs="*", choices=FAMILIES, default=list(FAMILIES))
    ap.add_argument("--baseline", type=Path, default=None, help="a checkout of the baseline commit")
    ap.add_argument("--limit", type=float, default=120.0, help="seconds per baseline command")
    ap.add_argument("--repeat", type=int, default=3, help="runs of each solve command (the best is kept)")
    ap.add_argument("--work", type=Path, default=None, help="where instances and answers go (default: a temp dir)")
    args = ap.parse_args()
    sizes = args.sizes or ([125_000, 250_000] if args.quick else [125_000 * 2**i for i in range(5)])
    src = Path(__file__).resolve().parent.parent / "src"
    envs = {"now": {**os.environ, "PYTHONPATH": str(src)}}
    if args.baseline is not None:
        envs["baseline"] = {**os.environ, "PYTHONPATH": str(args.baseline / "src")}
    work = args.work or Path(tempfile.mkdtemp(prefix="nemesis-linear-"))
    work.mkdir(parents=True, exist_ok=True)
    print(f"# Nemesis linear methods end to end: wall (CPU) seconds per command, a fresh process each; "
          f"solve: best of {args.repeat}; x2 = growth of the CPU time from the previous size; "
          f"baseline limited to {args.limit:.0f} s")
    head = f"{'family':>12} {'n':>9} {'solve':>13} {'x2':>5} {'check':>13} {'x2':>5} {'MB':>5}"
    if "baseline" in envs:
        head += f" {'base solve':>13} {'base check':>13} {'solve ratio':>11}"
    print(head)
    for family in args.families:
        before: dict[str, tuple[float, float] | None] = {}
        timed_out: set[str] = set()
        for n in sizes:
            file = work / f"{family}-{n}.lp"
            if not file.exists():
                file.write_text(MAKERS[family](n, 1))
            row: dict[str, tuple[float, float] | None] = {}
            for version, env in envs.items():
                answer = work / f"{family}-{n}-{version}.json"
                solve, check = commands(version, file, family, answer)
                limit = args.limit if version == "baseline" else 3600.0
                if version in timed_out:
                    row[f"{version} solve"] = row[f"{version} check"] = None
                    continue
                repeat = args.repeat if version == "now" else 1
                row[f"{version} solve"] = best([run(solve, env, answer, limit) for _ in range(repeat)])
                row[f"{version} check"] = (run(check, env, None, limit)
                                           if row[f"{version} solve"] is not None else None)
                if row[f"{version} solve"] is None or row[f"{version} check"] is None:
                    timed_out.add(version)
            size = (work / f"{family}-{n}-now.json").stat().st_size / 1e6
            line = (f"{family:>12} {n:>9} {fmt(row['now solve'], 3600)} "
                    f"{growth(row['now solve'], before.get('now solve'))} {fmt(row['now check'], 3600)} "
                    f"{growth(row['now check'], before.get('now check'))} {size:5.0f}")
            if "baseline" in envs:
                base, now = row["baseline solve"], row["now solve"]
                assert now is not None
                ratio = (f"{base[0] / now[0]:10.1f}x" if base is not None
                         else f"{'>' + format(args.limit / now[0], '.0f') + 'x':>11}")
                line += f" {fmt(base, args.limit)} {fmt(row['baseline check'], args.limit)} {ratio}"
            print(line, flush=True)
            before = row
            for version in envs:
                (work / f"{family}-{n}-{version}.json").unlink(missing_ok=True)
    if args.work is None:
        import shutil

        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
