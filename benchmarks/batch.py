"""Batch runs: what a task costs beyond its solve, side by side with the ways without a batch.

    .venv/bin/python benchmarks/batch.py --quick      # 60 small instances, 10 processes
    .venv/bin/python benchmarks/batch.py              # 200 small instances, 20 processes
    .venv/bin/python benchmarks/batch.py --shared     # also the issue's measurements (../shared)
    .venv/bin/python benchmarks/batch.py --ray        # also --ray local with 1 and 2 workers

Part 1, the per-task overhead. N small generated instances (all six games in turn, written with
``escapology GAME generate``) run three ways, each answer checked by the game's checker:

- a bare loop in one process (``load``, ``solve``, ``check`` of the protocol; nothing written);
  this, and the batches, the minimum of 3 runs (1 with ``--quick``): the machine is shared;
- ``escapology batch`` with ``--jobs 1`` and ``--jobs 2`` (worker start, pipes, the SQLite store);
- one ``escapology solve FILE`` process per instance (the first ``--processes`` of them, the
  per-instance figure extrapolated): what a benchmark script without a batch does.

The overhead per task is (batch - bare loop) / N with one job; the issue's target is under 20 ms.

Part 2 (``--shared``): the 248 shared Labyrinth instances with the native and clingo engines into
one store (``--jobs 2``, ``--timeout`` per task), its report, and the store's size; the shared Roma
puzzles (their URLs); generated instances of the other games. Part 3 (``--ray``): the speed-up of
1 and 2 workers, on shared Labyrinth instances with the local pool and ``--ray local`` (start-up
of the private Ray included), and on one instance split by its first push (``labyrinth solve --ray``).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared"
sys.path.insert(0, str(ROOT / "src"))

from typer.testing import CliRunner  # noqa: E402

from escapology.batch.runner import run_batch  # noqa: E402
from escapology.batch.store import Store  # noqa: E402
from escapology.cli import app  # noqa: E402
from escapology.games import GAMES, recognise  # noqa: E402

#: ``escapology GAME generate`` options for a small instance (the solve takes milliseconds)
SMALL = {
    "labyrinth": ["--size", "6"], "amazeing": [], "forest": [], "nemesis": ["random", "--size", "8"],
    "chess": ["--size", "8"], "roma": ["--size", "5"],
}


def generate(folder: Path, count: int, games: list[str] | None = None) -> list[Path]:
    """``count`` instances, the games in turn, written by ``escapology GAME generate`` (in-process)."""
    runner = CliRunner()
    games = games or list(SMALL)
    files = []
    for k in range(count):
        game = games[k % len(games)]
        path = folder / game / f"{k:04d}.{'json' if game == 'amazeing' else 'txt'}"
        path.parent.mkdir(parents=True, exist_ok=True)
        result = runner.invoke(app, [game, "generate", *SMALL[game], "--seed", str(k), "-o", str(path)])
        if result.exit_code != 0:
            raise SystemExit(f"{game} generate failed: {result.output}")
        files.append(path)
    return files


def bare_loop(files: list[Path]) -> float:
    """load, solve, check of every file in this process (the game recognised as the batch does)."""
    start = time.perf_counter()
    for f in files:
        text = f.read_text(encoding="utf-8")
        module = recognise(text).protocol()
        inst = module.load(f)
        result = module.solve(inst, timeout=60)
        answer = json.loads(json.dumps(result.to_json()))
        if answer["certificate"] is not None:
            assert module.check(inst, answer).ok
    return time.perf_counter() - start


def batch(files: list[Path], store: Path, jobs: int, ray: str | None = None) -> float:
    start = time.perf_counter()
    summary = run_batch(files, store=store, jobs=jobs, timeout=60, ray=ray)
    assert summary.counts["solved"] == len(files), summary
    return time.perf_counter() - start


def processes(files: list[Path]) -> float:
    exe = ROOT / ".venv" / "bin" / "escapology"
    start = time.perf_counter()
    for f in files:
        subprocess.run([str(exe), "solve", str(f)], check=True, capture_output=True)
    return time.perf_counter() - start


def part1(n: int, procs: int, ray: bool, repeat: int) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        files = generate(Path(tmp) / "in", n)
        bare_loop(files[:6])  # import every game once, as the batch's workers do
        # the machine is shared: the minimum of `repeat` runs is the figure to compare
        bare = min(bare_loop(files) for _ in range(repeat))
        one = min(batch(files, Path(tmp) / f"j1-{k}.db", 1) for k in range(repeat))
        two = min(batch(files, Path(tmp) / f"j2-{k}.db", 2) for k in range(repeat))
        sample = files[:procs]
        each = processes(sample) / len(sample)
        print(f"\n## Part 1: {n} small instances ({', '.join(SMALL)} in turn), timeout 60 s, every answer checked\n")
        print("| way | wall (s) | per task (ms) | vs bare loop |")
        print("| --- | ---: | ---: | ---: |")
        rows = [("bare loop in one process (no store)", bare), ("escapology batch --jobs 1", one),
                ("escapology batch --jobs 2", two),
                (f"one `escapology solve` process per instance ({procs} run, extrapolated)", each * n)]
        if ray:
            rows += [("escapology batch --ray local --jobs 1 (Ray's start included)",
                      batch(files, Path(tmp) / "r1.db", 1, "local"))]
        for name, t in rows:
            print(f"| {name} | {t:.2f} | {1000 * t / n:.1f} | {t / bare:.2f}x |")
        print(f"\nper-task overhead of the batch beyond load+solve+check (--jobs 1): {1000 * (one - bare) / n:.1f} ms "
              f"(target: under 20 ms); store {os.path.getsize(Path(tmp) / 'j1-0.db') / 1024:.0f} KiB for {n} rows")


def part2(timeout: float, out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    store = out / "escapology.db"
    for old in out.glob("escapology.db*"):  # a fresh store
        old.unlink()
    lab = SHARED / "instances" / "labyrinth"
    start = time.perf_counter()
    s = run_batch([lab], engines=["native", "clingo"], store=store, jobs=2, timeout=timeout)
    wall = time.perf_counter() - start
    print(f"\n## Part 2: the shared instances (store {store})\n")
    print(f"Labyrinth, {s.total} tasks (native, clingo), --jobs 2 --timeout {timeout:g}: {wall:.0f} s wall; "
          f"{dict(s.counts)}")
    puzzles = [json.loads(line) for line in (SHARED / "instances/roma/puzzles.jsonl").read_text().splitlines() if line]
    urls = out / "roma-urls.txt"
    urls.write_text("".join(p["pzprjs_url"] + "\n" for p in puzzles), encoding="utf-8")
    s = run_batch([urls], engines=["glucose4", "maplechrono", "minisat22"], store=store, jobs=2, timeout=timeout)
    print(f"Roma, {len(puzzles)} shared puzzles x 3 SAT solvers: {dict(s.counts)}")
    files = generate(out / "generated", 40, ["amazeing", "forest", "nemesis", "chess"])
    s = run_batch(files, engines=["search", "fast", "matrix", "exact", "linear"], store=store, jobs=2,
                  timeout=timeout)
    print(f"generated aMAZEing, forest, Nemesis, chess (10 each, every engine): {dict(s.counts)}")
    with Store(store) as db:
        rows = db.rows()
    from escapology.batch.report import engine_table, write_report

    report = write_report(rows, out / "report.html", title="escapology: the shared instances")
    print(f"\nstore: {len(rows)} rows, {os.path.getsize(store) / 1024:.0f} KiB "
          f"({os.path.getsize(store) / len(rows) / 1024:.1f} KiB a row); report {report} "
          f"{os.path.getsize(report) / 1024:.0f} KiB\n")
    print("| game | engine | instances | solved | unproven | unsolvable | unknown | failed | rejected | answered s | PAR-2 |")
    print("| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for t in engine_table(rows):
        print(f"| {t['game']} | {t['engine']} | {t['instances']} | {t['solved']} | {t['unproven']} | {t['unsolvable']} "
              f"| {t['unknown']} "
              f"| {t['failed']} | {t['rejected']} | {t['seconds']:.1f} | {t['par2'] or 0:.1f} |")


#: the 2013/14 ASP competition's selection of the shared Labyrinth instances (../shared/README.md)
COMPETITION = ("0025 0045 0060 0075 0082 0083 0094 0117 0130 0151 0157 0192 0204 0205 0207 0209 0210 0215 0238 "
               "0241").split()


def part3(instance: str, timeout: float) -> None:
    """Ray with 1 and 2 workers: a batch of shared Labyrinth instances (native engine), and one
    instance split by its first push (``labyrinth solve --ray``)."""
    from escapology.labyrinth import load, solve
    from escapology.labyrinth.ray_split import solve_on_ray

    files = [SHARED / "instances" / "labyrinth" / f"asptools-ntdb__{k}.asp" for k in COMPETITION]
    print(f"\n## Part 3: 1 and 2 workers, the {len(files)} instances of the 2013/14 competition selection "
          f"(native, --timeout {timeout:g})\n")
    print("| way | wall (s) | speed-up vs 1 worker |")
    print("| --- | ---: | ---: |")
    with tempfile.TemporaryDirectory() as tmp:
        for ray in (None, "local"):
            one = None
            for jobs in (1, 2):
                start = time.perf_counter()
                run_batch(files, engines=["native"], store=Path(tmp) / f"{ray}{jobs}.db", jobs=jobs, timeout=timeout, ray=ray)
                t = time.perf_counter() - start
                one = one or t
                print(f"| batch {'--ray local' if ray else 'local pool'} --jobs {jobs} | {t:.1f} | {one / t:.2f}x |")
    inst = load(SHARED / "instances" / "labyrinth" / instance)
    start = time.perf_counter()
    plain = solve(inst, workers=1)
    base = time.perf_counter() - start
    print(f"\n`labyrinth solve {instance}` ({plain.pushes} pushes, optimal {plain.optimal}): native, 1 thread "
          f"{base:.1f} s; split by the first push (a first look of 1 s gives the incumbent):")
    for jobs in (1, 2):
        start = time.perf_counter()
        split = solve_on_ray(inst, "local", jobs=jobs)
        t = time.perf_counter() - start
        assert (split.pushes, split.optimal) == (plain.pushes, plain.optimal)
        print(f"- `--ray local --workers {jobs}`: {t:.1f} s ({split.stats['parts']} parts, incumbent "
              f"{split.stats.get('incumbent')}), {base / t:.2f}x the plain solve")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--quick", action="store_true", help="60 instances, 10 processes")
    ap.add_argument("--shared", action="store_true", help="also the shared instances (part 2)")
    ap.add_argument("--ray", action="store_true", help="also --ray local with 1 and 2 workers")
    ap.add_argument("--timeout", type=float, default=10.0, help="part 2's time limit per task (s)")
    ap.add_argument("--ray-instance", default="asptools-ntdb__0166.asp", help="part 3's instance to split")
    ap.add_argument("--out", type=Path, default=ROOT / "build" / "batch-benchmark", help="part 2's store and report")
    args = ap.parse_args()
    print(f"# escapology batch benchmark, {time.strftime('%Y-%m-%d')}, {os.cpu_count()} CPUs, "
          f"games {', '.join(g.name for g in GAMES)}")
    n, procs = (60, 10) if args.quick else (200, 20)
    part1(n, procs, args.ray, 1 if args.quick else 3)
    if args.shared:
        if not (SHARED / "instances" / "labyrinth").is_dir():
            print("\n(part 2 skipped: ../shared is absent)")
        else:
            part2(args.timeout, args.out)
    if args.ray and (SHARED / "instances" / "labyrinth").is_dir():
        part3(args.ray_instance, args.timeout)


if __name__ == "__main__":
    main()
