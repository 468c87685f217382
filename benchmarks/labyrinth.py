"""Native engine against clingo on the real ASP-competition Labyrinth instances, side by side.

Usage (from the project root, after `make test` or `make demo` made .venv):

    .venv/bin/python benchmarks/labyrinth.py                 # the 20 instances of the 2013/14 selection
    .venv/bin/python benchmarks/labyrinth.py --all           # all 248 shared instances
    .venv/bin/python benchmarks/labyrinth.py --all --engines native --timeout 60
    .venv/bin/python benchmarks/labyrinth.py --all --engines native --goal any --timeout 60

Prints one row per instance (N, pushes, proven, seconds for each engine, the ratio clingo/native)
and the totals: how many each engine solved with a valid plan, how many minima it proved, and the
median speed-up on the instances both solve. Every plan is verified by the independent checker.

``--goal any`` asks for the competition's decision task (the first plan within ``max_steps``, or
the proof that there is none) and adds the column "to checked (s)": the seconds from the start of
the solve to a plan the independent checker accepted (solve and check; reading not counted).

**The table of bounds** (``--table CSV``, one engine): one row per instance -- proven lower bound,
best plan found (its pushes and the plan itself), whether proven, nodes, seconds, the engine,
workers, Ray address and timeout used, the date, and the command that reproduces the row::

    .venv/bin/python benchmarks/labyrinth.py --all --timeout 60 --workers 1 --table benchmarks/results/labyrinth_bounds.csv
    .venv/bin/python benchmarks/labyrinth.py --all --table T.csv --improve --best 8 --timeout 600 --workers 1
    .venv/bin/python benchmarks/labyrinth.py --table T.csv --improve 0096 0180 --timeout 3600 --ray local --workers 2
    .venv/bin/python benchmarks/labyrinth.py --table T.csv --improve 0205 --timeout 36000 --ray local --journal J/
    .venv/bin/python benchmarks/labyrinth.py --table T.csv --markdown     # the docs' table and its summary

Resumable: a row is appended (and flushed to disk) as soon as its instance is done, and a run with
the same CSV skips the instances already in it. ``--improve`` reruns the unproven rows among those
chosen (and any instance not in the table yet), most promising first (smallest gap between the
plan and the bound, then the smallest board; or in the order given as positional numbers) and
replaces a row only when the new one is better: proven, or a tighter bound or a shorter plan and
worse in neither. With ``--journal DIR`` (the split, ``--ray``, default ``local``) a long search
survives a stop as well: each instance's split records every depth a part exhausts in
``DIR/INSTANCE.jsonl`` and the next run resumes from there (the row then sums all sessions' nodes
and seconds). Every plan is checked by the independent checker before it is written (an invalid
plan stops the run with an error), and a file that is not such a table stops it before any solve.
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import shlex
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

from escapology.core.results import Status
from escapology.labyrinth import check_plan, load, solve

SHARED = Path(__file__).resolve().parents[1].parent / "shared" / "instances" / "labyrinth"
SELECTION = ["0025", "0045", "0060", "0075", "0082", "0083", "0094", "0117", "0130", "0151", "0157",
             "0192", "0204", "0205", "0207", "0209", "0210", "0215", "0238", "0241"]


def run(engine: str, path: Path, timeout: float, workers: int | None, goal: str = "fewest",
        ray: str | None = None, journal: Path | None = None) -> dict:
    inst = load(path)
    t0 = time.perf_counter()
    if journal is not None:
        # the split resumed from (and recording into) the instance's journal: nodes and seconds of all sessions
        from escapology.labyrinth.ray_split import solve_on_ray

        r = solve_on_ray(inst, ray or "local", engine=engine, timeout=timeout, jobs=workers,
                         journal=journal / f"{path.stem}.jsonl")
    else:
        r = solve(inst, engine=engine, timeout=timeout, workers=workers if engine == "native" else None, goal=goal,
                  **({"ray": ray} if ray else {}))
    seconds = r.stats["seconds"] if journal is not None else time.perf_counter() - t0
    valid = r.plan is not None and check_plan(inst, [(p.line, p.direction, s) for s, p in enumerate(r.plan, 1)]).ok
    checked = time.perf_counter() - t0
    if r.status is Status.SOLVED and not valid:
        raise SystemExit(f"{engine} returned an invalid plan for {path.name}")
    return {"n": inst.n, "max_steps": inst.max_steps, "status": r.status.value, "pushes": r.pushes,
            "optimal": r.optimal, "lb": r.lower_bound, "seconds": seconds, "nodes": r.stats.get("nodes"),
            "goal": goal, "checked_seconds": checked if valid else None,
            "plan": None if r.plan is None else " ".join(f"{p.line}{p.direction}" for p in r.plan)}


# --- the table of bounds (--table) -------------------------------------------------------------------

COLUMNS = ["instance", "N", "max_steps", "lower_bound", "best_pushes", "proven", "nodes", "seconds", "engine",
           "workers", "ray", "timeout", "date", "plan", "command"]


class TableError(SystemExit):
    """The CSV given to ``--table`` is not a table of bounds (or is damaged): the message says where."""


def _table_error(path: Path, line: int | None, what: str) -> TableError:
    where = f"{path}" if line is None else f"{path}, line {line}"
    return TableError(f"{where}: {what}. --table expects a CSV written by benchmarks/labyrinth.py --table "
                      f"(columns: {','.join(COLUMNS)}); give a new file name, or repair or remove this one")


def read_table(path: Path) -> dict[str, dict[str, str]]:
    """The rows of the bounds table at ``path`` by instance (in file order; ``{}`` when the file does
    not exist or is empty); :class:`TableError` on anything else than such a table."""
    if not path.exists() or path.stat().st_size == 0:
        return {}
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        raise _table_error(path, None, f"cannot be read as text ({e})") from None
    if not text.endswith("\n"):
        raise _table_error(path, text.count("\n") + 1, "the last line is incomplete (a run stopped while writing it?)")
    rows = list(csv.reader(text.splitlines()))
    if rows[0] != COLUMNS:
        raise _table_error(path, 1, f"unknown header {','.join(rows[0])[:120]!r}")
    table: dict[str, dict[str, str]] = {}
    for number, fields in enumerate(rows[1:], 2):
        if len(fields) != len(COLUMNS):
            raise _table_error(path, number, f"{len(fields)} fields, expected {len(COLUMNS)}")
        row = dict(zip(COLUMNS, fields))
        try:
            for key in ("N", "max_steps", "lower_bound", "nodes", "workers"):
                int(row[key])
            if row["best_pushes"]:
                int(row["best_pushes"])
            float(row["seconds"])
            float(row["timeout"])
        except ValueError as e:
            raise _table_error(path, number, f"a number is not one ({e})") from None
        if row["proven"] not in ("yes", "no"):
            raise _table_error(path, number, f"proven is {row['proven']!r}, not yes or no")
        if row["instance"] in table:
            raise _table_error(path, number, f"{row['instance']} appears twice")
        table[row["instance"]] = row
    return table


def write_table(path: Path, rows: list[dict[str, str]]) -> None:
    """The whole table at once (a row replaced): written beside and renamed over, so that a stop
    leaves the old file or the new one, never half of one."""
    tmp = path.with_name(path.name + ".tmp")
    with tmp.open("w", newline="", encoding="utf-8") as out:
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(COLUMNS)
        writer.writerows([row[c] for c in COLUMNS] for row in rows)
        out.flush()
        os.fsync(out.fileno())
    os.replace(tmp, path)


def append_row(path: Path, row: dict[str, str]) -> None:
    """One row at the end of the table (the header first when the file is new), on disk on return."""
    new = not path.exists() or path.stat().st_size == 0
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("a", newline="", encoding="utf-8") as out:
        writer = csv.writer(out, lineterminator="\n")
        if new:
            writer.writerow(COLUMNS)
        writer.writerow([row[c] for c in COLUMNS])
        out.flush()
        os.fsync(out.fileno())


def reproduce_command(path: Path, engine: str, timeout: float, workers: int | None, ray: str | None,
                      journal: Path | None = None) -> str:
    """The command line (from the project root) that solves this one instance as the row did; with
    a journal, this script's own (the row sums the sessions of that journal)."""
    shared = SHARED.resolve()
    file = path.resolve()
    shown = f"../shared/instances/labyrinth/{file.name}" if file.parent == shared else str(file)
    if journal is not None:
        cmd = ["python", "benchmarks/labyrinth.py", shown, "--engines", engine, "--timeout", f"{timeout:g}"]
        cmd += [*(["--workers", str(workers)] if workers is not None else []), "--ray", ray or "local",
                "--journal", str(journal), "--table", "CSV", "--improve"]
        return shlex.join(cmd)
    cmd = ["escapology", "labyrinth", "solve", shown, "--engine", engine, "--timeout", f"{timeout:g}"]
    if workers is not None:
        cmd += ["--workers", str(workers)]
    if ray:
        cmd += ["--ray", ray]
    return shlex.join([*cmd, "--format", "json"])


def table_row(path: Path, res: dict, engine: str, timeout: float, workers: int | None, ray: str | None,
              journal: Path | None = None) -> dict:
    return {"instance": path.name, "N": str(res["n"]), "max_steps": str(res["max_steps"]),
            "lower_bound": str(res["lb"]), "best_pushes": "" if res["pushes"] is None else str(res["pushes"]),
            "proven": "yes" if res["optimal"] else "no", "nodes": str(res["nodes"] or 0),
            "seconds": f"{res['seconds']:.2f}", "engine": engine, "workers": "" if workers is None else str(workers),
            "ray": (ray or "local") if journal is not None else ray or "", "timeout": f"{timeout:g}",
            "date": time.strftime("%Y-%m-%d"), "plan": res["plan"] or "",
            "command": reproduce_command(path, engine, timeout, workers, ray, journal)}


def better(new: dict[str, str], old: dict[str, str]) -> bool:
    """Whether ``new`` should replace ``old``: proven where ``old`` is not, or a tighter lower bound or
    a shorter plan while worse in neither."""
    if old["proven"] == "yes":
        return False
    if new["proven"] == "yes":
        return True
    inf = float("inf")
    nb, ob = (int(r["best_pushes"]) if r["best_pushes"] else inf for r in (new, old))
    nl, ol = int(new["lower_bound"]), int(old["lower_bound"])
    return nl >= ol and nb <= ob and (nl > ol or nb < ob)


def promising(row: dict[str, str]) -> tuple:
    """Most promising first: the smallest gap between plan and bound, then the smallest board."""
    gap = int(row["best_pushes"]) - int(row["lower_bound"]) if row["best_pushes"] else 99
    return gap, int(row["N"]), row["instance"]


def markdown(table: dict[str, dict[str, str]], name: str) -> str:
    """The docs' table of ``table`` and its summary (proven, gaps, where the rest are)."""
    rows = list(table.values())
    proven = [r for r in rows if r["proven"] == "yes"]
    open_ = [r for r in rows if r["proven"] == "no"]
    gaps = Counter(int(r["best_pushes"]) - int(r["lower_bound"]) for r in open_ if r["best_pushes"])
    minima = Counter(int(r["best_pushes"]) for r in proven if r["best_pushes"])
    best_open = Counter(int(r["best_pushes"]) for r in open_ if r["best_pushes"])
    lbs = Counter(int(r["lower_bound"]) for r in open_)
    by_n = Counter(int(r["N"]) for r in open_)
    secs = sorted(float(r["seconds"]) for r in proven)

    def dist(c: Counter, unit: str = "") -> str:
        return ", ".join(f"{v}x {k}{unit}" for k, v in sorted(c.items())) or "none"

    out = [f"Summary of `{name}` ({len(rows)} instances):", "",
           f"- proven: **{len(proven)}/{len(rows)}**; minima {dist(minima)}"
           + (f"; seconds on the proven: median {statistics.median(secs):.2f}, longest {secs[-1]:.1f}" if secs else ""),
           f"- unproven: **{len(open_)}**; lower bounds {dist(lbs)}; best plans {dist(best_open, ' pushes')}",
           f"- gap best - lower bound on the unproven: {dist(gaps)}",
           f"- unproven by board size: {', '.join(f'N={k}: {v}' for k, v in sorted(by_n.items())) or 'none'}",
           f"- nodes in all: {sum(int(r['nodes']) for r in rows) / 1e9:,.1f} billion; "
           f"seconds in all: {sum(float(r['seconds']) for r in rows) / 3600:.2f} h",
           "", "| instance | N | max steps | lower bound | best plan | proven | nodes | s | run | date |",
           "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |"]
    for r in rows:
        run = f"{r['engine']}, {r['workers'] or 'all'} thr, {r['timeout']} s" + (f", ray {r['ray']}" if r["ray"] else "")
        inst = r["instance"].removesuffix(".asp").replace("asptools-ntdb__", "")
        out.append(f"| {inst} | {r['N']} | {r['max_steps']} | {r['lower_bound']} | {r['best_pushes'] or '-'} | "
                   f"{'**yes**' if r['proven'] == 'yes' else 'no'} | {int(r['nodes']):,} | {r['seconds']} | {run} | "
                   f"{r['date']} |")
    return "\n".join(out)


def instance_file(directory: Path, name: str) -> Path:
    """A positional instance: a number (``0096``: ``asptools-ntdb__0096.asp``), a file name, or a path."""
    if name.isdigit():
        return directory / f"asptools-ntdb__{int(name):04d}.asp"
    path = Path(name)
    return path if path.exists() or path.is_absolute() else directory / name


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("instances", nargs="*",
                    help="only these instances: numbers (0096 for asptools-ntdb__0096.asp), file names in --dir, "
                         "or paths (kept in this order)")
    ap.add_argument("--all", action="store_true", help="all 248 shared instances (default: the 20 of 2013/14)")
    ap.add_argument("--engines", default=None,
                    help="comma-separated: native, clingo (default native,clingo; with --table native)")
    ap.add_argument("--timeout", type=float, default=60.0, help="seconds per instance and engine")
    ap.add_argument("--limit", type=int, default=None, help="only the first K instances")
    ap.add_argument("--shard", default=None, help="I/K: only every K-th instance, starting at the I-th (0-based)")
    ap.add_argument("--skip-selection", action="store_true", help="with --all: leave out the 20 of 2013/14")
    ap.add_argument("--workers", type=int, default=None,
                    help="threads of the native engine's exact search (default: every core); with --ray, the "
                         "CPUs of a local Ray")
    ap.add_argument("--ray", default=None, metavar="ADDRESS",
                    help="split each search across the Ray cluster at ADDRESS (host:port, auto, or local with "
                         "--workers CPUs)")
    ap.add_argument("--goal", choices=("fewest", "any"), default="fewest",
                    help="any: the first plan within max_steps (the competition's decision task), timed to a "
                         "checked plan")
    ap.add_argument("--dir", type=Path, default=SHARED, help="folder of instance files")
    ap.add_argument("--record", type=Path, default=None,
                    help="also write one JSON line per instance and engine to this file")
    ap.add_argument("--table", type=Path, default=None, metavar="CSV",
                    help="the table of bounds: a row per instance appended as it finishes; instances already "
                         "in it are skipped")
    ap.add_argument("--improve", action="store_true",
                    help="with --table: rerun the unproven rows too, and replace a row only when the new one "
                         "is better")
    ap.add_argument("--best", type=int, default=None, metavar="P",
                    help="with --table: only the instances whose row has a best plan of P pushes")
    ap.add_argument("--journal", type=Path, default=None, metavar="DIR",
                    help="with --ray (default local): each instance's split records what it proves in "
                         "DIR/INSTANCE.jsonl and a later run resumes from there (a run that survives a stop)")
    ap.add_argument("--markdown", action="store_true",
                    help="with --table: print the table and its summary as markdown (no solving)")
    args = ap.parse_args(argv)
    if (args.improve or args.best is not None or args.markdown) and args.table is None:
        ap.error("--improve, --best and --markdown need --table CSV")
    table = read_table(args.table) if args.table is not None else {}
    if args.markdown:
        if not table:
            sys.exit(f"{args.table}: no rows")
        print(markdown(table, args.table.name))
        return
    if args.engines is None:
        args.engines = "native" if args.table is not None or args.journal is not None else "native,clingo"
    engines = [e.strip() for e in args.engines.split(",") if e.strip()]
    if args.table is not None and len(engines) != 1:
        ap.error("--table records one engine: give --engines native (or clingo)")
    if args.goal != "fewest" and (args.table is not None or args.journal is not None):
        ap.error("--table and --journal record bounds on the fewest pushes: --goal any does not go with them")
    if args.journal is not None and engines != ["native"]:
        ap.error("--journal records the native engine's split: give --engines native")
    if args.instances:
        files = [instance_file(args.dir, name) for name in args.instances]
        missing = [str(f) for f in files if not f.is_file()]
        if missing:
            sys.exit(f"no such instance: {', '.join(missing)}")
    else:
        if not args.dir.is_dir():
            sys.exit(f"no instances at {args.dir}")
        files = sorted(args.dir.glob("*.asp")) if args.all else [args.dir / f"asptools-ntdb__{k}.asp" for k in SELECTION]
    if args.skip_selection:
        files = [f for f in files if f.name not in {f"asptools-ntdb__{k}.asp" for k in SELECTION}]
    if args.shard:
        i, k = (int(x) for x in args.shard.split("/"))
        files = files[i::k]
    files = files[: args.limit] if args.limit else files
    if args.best is not None:
        files = [f for f in files if f.name in table and table[f.name]["best_pushes"] == str(args.best)]
    if args.table is not None:
        skipped = [f for f in files if f.name in table and (not args.improve or table[f.name]["proven"] == "yes")]
        files = [f for f in files if f not in skipped]
        if args.improve and not args.instances:
            # the new instances in their order, then the unproven rows most promising first
            files = ([f for f in files if f.name not in table]
                     + sorted((f for f in files if f.name in table), key=lambda f: promising(table[f.name])))
        print(f"# table {args.table}: {len(table)} rows; {len(skipped)} of the chosen instances skipped "
              f"({'proven' if args.improve else 'already in the table'}), {len(files)} to run", flush=True)
        if not files:
            return
    # one warm-up solve per engine (clingo's first grounding), so that no instance pays for it
    warm = Path(__file__).resolve().parents[1] / "examples" / "labyrinth" / "small.lp"
    for e in engines:
        solve(load(warm), engine=e)

    head = f"{'instance':<46} {'N':>3}"
    for e in engines:
        head += f" | {e + ' pushes':>14} {'proven':>6} {'s':>7}"
        if args.goal == "any":
            head += f" {'to checked (s)':>14}"
    if len(engines) == 2:
        head += f" | {'ratio':>7}"
    from escapology.labyrinth.native import default_workers

    workers = default_workers() if args.workers is None else args.workers
    print(f"# {time.strftime('%Y-%m-%d')}, goal {args.goal}, timeout {args.timeout:g} s per instance and engine, "
          f"native search on {workers} thread(s){f', Ray {args.ray}' if args.ray else ''}, clingo on 1")
    print(head)
    print("-" * len(head))
    rows = []
    for f in files:
        res = {e: run(e, f, args.timeout, args.workers, args.goal, args.ray, args.journal) for e in engines}
        line = f"{f.name:<46} {res[engines[0]]['n']:>3}"
        for e in engines:
            r = res[e]
            if r["pushes"] is None:
                pushes = {"unsolvable": "none", "unknown": f"? (>={r['lb']})"}[r["status"]]
            else:
                pushes = str(r["pushes"]) if r["optimal"] else f"{r['pushes']} (>={r['lb']})"
            line += f" | {str(pushes):>14} {('yes' if r['optimal'] else 'no'):>6} {r['seconds']:>7.2f}"
            if args.goal == "any":
                line += f" {'-' if r['checked_seconds'] is None else format(r['checked_seconds'], '.3f'):>14}"
        if len(engines) == 2:
            a, b = res[engines[0]], res[engines[1]]
            if a["status"] != "unknown" and b["status"] != "unknown":
                line += f" | {b['seconds'] / max(a['seconds'], 1e-6):>7.1f}"
            else:
                line += f" | {'-':>7}"
        if args.table is not None:
            new = table_row(f, res[engines[0]], engines[0], args.timeout, args.workers, args.ray, args.journal)
            old = table.get(f.name)
            if old is None:
                append_row(args.table, new)
                table[f.name] = new
                line += " | table: added"
            elif better(new, old):
                table[f.name] = new
                write_table(args.table, list(table.values()))
                line += f" | table: replaced (was {old['best_pushes'] or '?'} >= {old['lower_bound']})"
            else:
                line += " | table: kept the old row (the new one is not better)"
        print(line, flush=True)
        rows.append(res)
        if args.record:
            with args.record.open("a") as out:
                for e in engines:
                    out.write(json.dumps({"instance": f.name, "engine": e, **res[e]}) + "\n")
    print()
    for e in engines:
        solved = sum(r[e]["status"] == "solved" for r in rows)
        proven = sum(r[e]["optimal"] for r in rows)
        print(f"{e}: {solved}/{len(rows)} solved with a valid plan, {proven}/{len(rows)} proven optimal "
              f"({100 * proven / max(1, len(rows)):.0f} %), total {sum(r[e]['seconds'] for r in rows):.1f} s")
        if args.goal == "any":
            times = sorted(r[e]["checked_seconds"] for r in rows if r[e]["checked_seconds"] is not None)
            if times:
                print(f"{e}, goal any: {len(times)} checked plans; seconds to a checked plan: median "
                      f"{statistics.median(times):.3f}, max {times[-1]:.3f}, total {sum(times):.1f}")
    if len(engines) == 2:
        both = [r for r in rows if r[engines[0]]["optimal"] and r[engines[1]]["optimal"]]
        ratios = [r[engines[1]]["seconds"] / max(r[engines[0]]["seconds"], 1e-6) for r in both]
        if ratios:
            print(f"median speed-up {engines[0]} over {engines[1]} on the {len(both)} instances both prove: "
                  f"{statistics.median(ratios):.1f}x (min {min(ratios):.1f}x, max {max(ratios):.1f}x)")


if __name__ == "__main__":
    main()
