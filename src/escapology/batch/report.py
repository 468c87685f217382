"""A self-contained HTML report of a results store, the way solver competitions publish results.

One HTML file, no script and nothing fetched: inline CSS and the plots as inline SVG (matplotlib,
text kept as text). Its sections:

- per engine (a game's engine with its options): instances, solved (of which unproven: a plan
  not proven optimal), unsolvable, unknown, failed, answers the checker rejected or could not check, the time of the answered tasks and the PAR-2
  score (an unanswered task counts twice the time limit, when the runs had one);
- the cactus plot: instances answered (x) against the time limit that would answer them (y);
- time against instance size, one panel per game (the size as :attr:`escapology.games.Game.size`
  counts it);
- engine A against engine B, for each pair of engines of a game: each instance's two times on a
  log-log scatter (an instance one engine did not answer sits on the top or right edge), with the
  median and geometric-mean ratio B/A over the instances both answered;
- the per-instance table: every instance with each engine's status, time and checker verdict.

"Answered" is :func:`escapology.batch.runner.outcome` ``solved``: solved or proven unsolvable,
not rejected by the checker, and proven optimal where the game's answer says (Labyrinth).
"""

from __future__ import annotations

import html
import io
import json
import math
import statistics
from collections import defaultdict
from datetime import datetime, timezone
from itertools import combinations
from pathlib import Path
from typing import Any, Iterable, Sequence

from escapology.batch.runner import outcome, unproven
from escapology.core.files import write_text
from escapology.core.wording import plural
from escapology.games import GAMES

__all__ = ["Config", "write_report", "report_html", "engine_table", "ratio"]

Config = tuple[str, str]  # (game, label): an engine with its options


def configs(rows: Sequence[dict[str, Any]]) -> dict[int, Config]:
    """Each row's (game, engine label): the engine's name, with the options when one engine of a
    game ran with several."""
    variants: dict[tuple[str, str], set[str]] = defaultdict(set)
    for r in rows:
        variants[(r["game"], r["engine"])].add(r["options"])
    out = {}
    for i, r in enumerate(rows):
        label = r["engine"] or "(none)"
        if len(variants[(r["game"], r["engine"])]) > 1:
            opts = json.loads(r["options"] or "{}")
            label += " " + ", ".join(f"{k}={v}" for k, v in sorted(opts.items()) if k != "engine" and v is not None)
        out[i] = (r["game"] or "(not recognised)", label)
    return out


def engine_table(rows: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """One line per engine: counts, answered time and PAR-2 (``None`` without a time limit)."""
    by: dict[Config, list[dict[str, Any]]] = defaultdict(list)
    for i, c in configs(rows).items():
        by[c].append(rows[i])
    table = []
    for (game, label), rs in sorted(by.items()):
        answered = [r for r in rs if outcome(r) == "solved"]
        limits = [json.loads(r["options"] or "{}").get("timeout") for r in rs]
        par2 = None
        if all(t is not None for t in limits):
            par2 = sum((r["seconds"] or 0.0) if outcome(r) == "solved" else 2 * t for r, t in zip(rs, limits))
        table.append({
            "game": game, "engine": label, "instances": len(rs),
            "solved": sum(r["status"] == "solved" for r in rs), "unproven": sum(unproven(r) for r in rs),
            "unsolvable": sum(r["status"] == "unsolvable" for r in rs),
            "unknown": sum(r["status"] == "unknown" for r in rs), "failed": sum(r["status"] == "failed" for r in rs),
            "rejected": sum(r["verdict"] == "rejected" for r in rs), "unchecked": sum(r["verdict"] == "unchecked" for r in rs),
            "answered": len(answered), "seconds": sum(r["seconds"] or 0.0 for r in answered), "par2": par2,
            "versions": sorted({r["engine_version"] for r in rs if r["engine_version"]}),
        })
    return table


def ratio(pairs: Iterable[tuple[float, float]]) -> tuple[float, float, int] | None:
    """Median and geometric mean of ``b / a`` over pairs of positive times, and their number.

    >>> ratio([(1.0, 2.0), (2.0, 8.0), (1.0, 1.0)])
    (2.0, 2.0, 3)
    """
    rs = [b / a for a, b in pairs if a > 0 and b > 0]
    if not rs:
        return None
    return statistics.median(rs), math.exp(sum(map(math.log, rs)) / len(rs)), len(rs)


# ----- plots ------------------------------------------------------------------------------------

def _figure(width: float = 7.0, height: float = 4.2) -> Any:
    import matplotlib  # matplotlib (~1 s with pyplot): only when a plot is drawn

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt  # after choosing the Agg backend (no display needed)

    plt.rcParams.update({"svg.fonttype": "none", "font.size": 9})
    return plt.figure(figsize=(width, height))


def _svg(fig: Any, salt: str) -> str:
    import matplotlib.pyplot as plt  # (matplotlib, as above; _figure chose the backend)

    plt.rcParams["svg.hashsalt"] = salt  # distinct ids in every inline SVG of the page
    buf = io.StringIO()
    fig.savefig(buf, format="svg", bbox_inches="tight", metadata={"Date": None})
    plt.close(fig)
    text = buf.getvalue()
    return text[text.index("<svg"):]


def _seconds_floor(rows: Sequence[dict[str, Any]]) -> float:
    times = [r["seconds"] for r in rows if r["seconds"]]
    return max(1e-4, min(times) / 2) if times else 1e-3


def cactus_svg(rows: Sequence[dict[str, Any]]) -> str:
    by: dict[Config, list[float]] = defaultdict(list)
    for i, c in configs(rows).items():
        if outcome(rows[i]) == "solved":
            by[c].append(max(rows[i]["seconds"] or 0.0, _seconds_floor(rows)))
    fig = _figure()
    ax = fig.add_subplot()
    for (game, label), times in sorted(by.items()):
        times.sort()
        ax.step(range(1, len(times) + 1), times, where="post", marker=".", markersize=3, label=f"{game}: {label}")
    ax.set_yscale("log")
    ax.set_xlabel("instances answered")
    ax.set_ylabel("time per instance (s)")
    ax.set_title("Cactus plot: the n-th fastest answer of each engine")
    ax.grid(True, which="both", alpha=0.3)
    if by:
        ax.legend(fontsize=7)
    return _svg(fig, "cactus")


def size_svg(rows: Sequence[dict[str, Any]]) -> str:
    games = sorted({r["game"] for r in rows if r["game"] and r["size"] is not None})
    if not games:
        return ""
    units = {g.name: g.size_unit for g in GAMES}
    cols = min(3, len(games))
    nrows = math.ceil(len(games) / cols)
    fig = _figure(3.2 * cols, 2.8 * nrows)
    labels = configs(rows)
    floor = _seconds_floor(rows)
    for k, game in enumerate(games, start=1):
        ax = fig.add_subplot(nrows, cols, k)
        points: dict[str, list[tuple[int, float]]] = defaultdict(list)
        for i, r in enumerate(rows):
            if r["game"] == game and r["size"] is not None and outcome(r) == "solved":
                points[labels[i][1]].append((r["size"], max(r["seconds"] or 0.0, floor)))
        for label, pts in sorted(points.items()):
            ax.scatter([p[0] for p in pts], [p[1] for p in pts], s=10, alpha=0.7, label=label)
        ax.set_yscale("log")
        ax.set_title(game)
        ax.set_xlabel(f"size ({units.get(game, '')})")
        ax.set_ylabel("time (s)")
        ax.grid(True, which="both", alpha=0.3)
        if points:
            ax.legend(fontsize=6)
    fig.tight_layout()
    return _svg(fig, "size")


def pairs(rows: Sequence[dict[str, Any]]) -> list[tuple[str, str, str, list[tuple[float | None, float | None]]]]:
    """For each game and each pair of its engines: the two times per instance both ran (``None``:
    not answered)."""
    labels = configs(rows)
    times: dict[str, dict[str, dict[str, float | None]]] = defaultdict(lambda: defaultdict(dict))
    for i, r in enumerate(rows):
        game, label = labels[i]
        times[game][label][r["content_hash"]] = r["seconds"] if outcome(r) == "solved" else None
    out = []
    for game, per in sorted(times.items()):
        for a, b in combinations(sorted(per), 2):
            common = sorted(set(per[a]) & set(per[b]))
            if common:
                out.append((game, a, b, [(per[a][h], per[b][h]) for h in common]))
    return out


def scatter_svg(game: str, a: str, b: str, points: list[tuple[float | None, float | None]], salt: str) -> str:
    answered = [p for p in points if p[0] is not None and p[1] is not None]
    known = [t for p in points for t in p if t is not None]
    floor = max(1e-4, min(known) / 2) if known else 1e-3
    top = max(known) * 3 if known else 1.0
    fig = _figure(4.2, 4.0)
    ax = fig.add_subplot()
    ax.plot([floor, top], [floor, top], color="grey", linewidth=0.8)
    ax.scatter([max(p[0], floor) for p in answered], [max(p[1], floor) for p in answered], s=12, alpha=0.7,
               label="both answered")
    only = [(top if p[0] is None else max(p[0], floor), top if p[1] is None else max(p[1], floor))
            for p in points if (p[0] is None) != (p[1] is None)]
    if only:
        ax.scatter([p[0] for p in only], [p[1] for p in only], s=14, marker="x", color="red",
                   label="one engine did not answer")
    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.set_xlim(floor, top)
    ax.set_ylim(floor, top)
    ax.set_aspect("equal")
    ax.set_xlabel(f"{a} (s)")
    ax.set_ylabel(f"{b} (s)")
    r = ratio([p for p in answered])  # type: ignore[misc]
    note = f"; {b}/{a}: median {r[0]:.3g}, geometric mean {r[1]:.3g}" if r else ""
    ax.set_title(f"{game}: {a} against {b}{note}", fontsize=8)
    ax.grid(True, which="both", alpha=0.3)
    ax.legend(fontsize=7)
    return _svg(fig, salt)


# ----- the page ---------------------------------------------------------------------------------

_CSS = """
body { font-family: system-ui, sans-serif; margin: 2em; color: #222; max-width: 80em; }
table { border-collapse: collapse; margin: 1em 0; font-size: 0.85em; }
th, td { border: 1px solid #ccc; padding: 0.2em 0.5em; text-align: right; }
th { background: #f2f2f2; } td.l, th.l { text-align: left; }
.solved { background: #e3f4e3; } .unsolvable { background: #e3ecf8; } .unknown { background: #fdf3d8; }
.failed, .rejected { background: #f8dcdc; } figure { margin: 1em 0; } svg { max-width: 100%; height: auto; }
code { font-size: 0.9em; }
"""


def _esc(x: Any) -> str:
    return html.escape("" if x is None else str(x))


def _num(x: float | None, digits: int = 3) -> str:
    return "" if x is None else f"{x:.{digits}f}"


def _engine_section(rows: Sequence[dict[str, Any]]) -> str:
    head = ("game engine instances solved unproven unsolvable unknown failed rejected unchecked answered "
            "seconds PAR-2 version").split()
    out = ["<table><tr>" + "".join(f"<th{' class=l' if h in ('game', 'engine', 'version') else ''}>{h}</th>"
                                   for h in head) + "</tr>"]
    for t in engine_table(rows):
        cells = [t["instances"], t["solved"], t["unproven"], t["unsolvable"], t["unknown"], t["failed"], t["rejected"],
                 t["unchecked"], t["answered"], _num(t["seconds"], 2), _num(t["par2"], 2)]
        out.append(f"<tr><td class=l>{_esc(t['game'])}</td><td class=l>{_esc(t['engine'])}</td>"
                   + "".join(f"<td>{_esc(c)}</td>" for c in cells)
                   + f"<td class=l>{_esc('; '.join(t['versions']))}</td></tr>")
    out.append("</table>")
    return "\n".join(out)


def _instance_section(rows: Sequence[dict[str, Any]]) -> str:
    labels = configs(rows)
    engines = sorted(set(labels.values()))
    by: dict[tuple[str, str], dict[Config, dict[str, Any]]] = defaultdict(dict)
    first: dict[tuple[str, str], dict[str, Any]] = {}
    for i, r in enumerate(rows):
        key = (labels[i][0], r["content_hash"])
        by[key][labels[i]] = r
        first.setdefault(key, r)
    out = ["<table><tr><th class=l>game</th><th class=l>instance</th><th>size</th>"
           + "".join(f"<th class=l>{_esc(g)}: {_esc(e)}</th>" for g, e in engines) + "</tr>"]
    for key in sorted(by, key=lambda k: (k[0], first[k]["path"] or "", first[k]["part"] or 0)):
        r0 = first[key]
        name = r0["path"] + (f"#{r0['part']}" if (r0["part"] or 1) > 1 else "")
        cells = []
        for c in engines:
            r = by[key].get(c)
            if r is None:
                cells.append("<td></td>" if c[0] == key[0] else "<td></td>")
                continue
            cls = "rejected" if r["verdict"] == "rejected" else r["status"]
            text = f"{r['status']} {_num(r['seconds'])} s"
            if r["verdict"]:
                text += f", {r['verdict']}"
            tip = r["error"] or r["verdict_detail"] or ""
            cells.append(f"<td class='l {cls}' title='{_esc(tip)}'>{_esc(text)}</td>")
        out.append(f"<tr><td class=l>{_esc(key[0])}</td><td class=l><code>{_esc(name)}</code></td>"
                   f"<td>{_esc(r0['size'])}</td>" + "".join(cells) + "</tr>")
    out.append("</table>")
    return "\n".join(out)


def report_html(rows: Sequence[dict[str, Any]], *, title: str = "escapology results") -> str:
    """The report of ``rows`` (the store's rows, :meth:`escapology.batch.store.Store.rows`) as HTML."""
    rows = list(rows)
    stamp = datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    instances = len({(r["game"], r["content_hash"]) for r in rows})
    parts = [f"<!DOCTYPE html>\n<html lang=en><head><meta charset=utf-8><title>{_esc(title)}</title>"
             f"<style>{_CSS}</style></head><body>",
             f"<h1>{_esc(title)}</h1>",
             f"<p>{plural(len(rows), 'run')} of {plural(instances, 'instance')}; written {stamp}. A run is <em>answered</em> when "
             "it is solved or proven unsolvable, the game's independent checker did not reject it, and a plan "
             "that must be the shortest is proven so (<em>unproven</em>: solved without that proof); times "
             "are load and solve in seconds, one worker thread per task.</p>",
             "<h2>Per engine</h2>", _engine_section(rows)]
    if any(outcome(r) == "solved" for r in rows):
        parts += ["<h2>Cactus plot</h2>", f"<figure>{cactus_svg(rows)}</figure>",
                  "<h2>Time against instance size</h2>", f"<figure>{size_svg(rows)}</figure>"]
        comparisons = pairs(rows)
        if comparisons:
            parts.append("<h2>Engine against engine</h2><table><tr><th class=l>game</th><th class=l>A</th>"
                         "<th class=l>B</th><th>instances</th><th>both answered</th><th>median B/A</th>"
                         "<th>geometric mean B/A</th></tr>")
            figures = []
            for k, (game, a, b, pts) in enumerate(comparisons):
                both = [(x, y) for x, y in pts if x is not None and y is not None]
                r = ratio(both)  # type: ignore[arg-type]
                parts.append(f"<tr><td class=l>{_esc(game)}</td><td class=l>{_esc(a)}</td><td class=l>{_esc(b)}</td>"
                             f"<td>{len(pts)}</td><td>{len(both)}</td><td>{_num(r[0] if r else None)}</td>"
                             f"<td>{_num(r[1] if r else None)}</td></tr>")
                figures.append(f"<figure>{scatter_svg(game, a, b, pts, f'pair{k}')}</figure>")
            parts.append("</table>")
            parts += figures
    parts += ["<h2>Per instance</h2>", _instance_section(rows), "</body></html>\n"]
    return "\n".join(parts)


def write_report(rows: Sequence[dict[str, Any]], output: str | Path, *, title: str = "escapology results") -> Path:
    """Write :func:`report_html` of ``rows`` to ``output``."""
    path = Path(output)
    write_text(path, report_html(rows, title=title))
    return path
