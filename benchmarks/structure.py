"""Structure of the package: the figures of issue 36's "Measure" section, before and after the refactor.

    .venv/bin/python benchmarks/structure.py                   # every figure, as markdown tables
    .venv/bin/python benchmarks/structure.py --no-timings      # without the start-up timings
    .venv/bin/python benchmarks/structure.py --no-duplicates   # without the duplicate finder
    .venv/bin/python benchmarks/structure.py --json            # machine-readable

The figures, one function each:

1. ``cli_lines``: lines of the six games' ``cli.py`` (as ``wc -l`` counts them), of
   ``core/cli_support.py`` and of any ``core/commands*.py``;
2. ``import_cycles``: the import circles between modules of ``escapology`` (strongly connected
   components of the module import graph, and the two-module cycles among them);
3. ``local_imports``: the ``import`` statements inside a function body, and how many give a reason;
4. ``upward_imports``: imports against the layering (``core`` importing a game or a view, a game
   importing a view);
5. ``any_in_signatures``: ``Any`` in the annotations of each game's ``load``, ``solve``, ``check``,
   ``generate``, ``render``;
6. ``duplicate_pairs``: the pair count of the ``duplicates`` command over ``src/``;
7. ``startup_timings``: the median wall time of three small commands (``benchmarks/startup.py``'s
   ``wall``).

Figures 1 to 4 read the source files only (``ast``, nothing is imported); figure 5 imports the six
game packages of ``--repo``; 6 and 7 run commands.
"""

from __future__ import annotations

import argparse
import ast
import datetime
import importlib
import inspect
import io
import json
import re
import shutil
import subprocess
import sys
import tokenize
import typing
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GAMES = ("labyrinth", "amazeing", "forest", "nemesis", "chess", "roma")
PROTOCOL = ("load", "solve", "check", "generate", "render")
PACKAGE = "escapology"
#: the views: what may use the games and ``core``, never the other way round
VIEWS = ("batch", "web", "cli")

#: issue 36's figures of the day it was filed, and its targets (for the summary table)
ISSUE_BASELINE = {
    "cli_lines": ("2,487", "< 900"),
    "cycles": ("6", "0"),
    "local_imports": ("265 [a]", "each commented"),
    "upward": ("2 named", "0"),
    "any": ("-", "0"),
    "duplicates": ("37", "< 12"),
    "help": ("0.24 s", "< 0.2 s"),
    "chess": ("0.34 s", "< 0.25 s"),
    "amazeing": ("~0.45 s", "< 0.3 s"),
}


# --- 1. lines of the command layer -------------------------------------------------------------

def count_lines(path: Path) -> int:
    """Lines of ``path`` as ``wc -l`` counts them (newline characters)."""
    return path.read_bytes().count(b"\n")


def cli_lines(repo: Path) -> dict:
    """Lines of the six games' ``cli.py`` (per game and together), of ``core/cli_support.py`` and of
    every ``core/commands*.py`` (a file or a package ``core/commands*/``, all its ``.py``) that exists.

    A missing file counts 0 and is listed under ``missing``.
    """
    pkg = repo / "src" / PACKAGE
    games, missing = {}, []
    for game in GAMES:
        path = pkg / game / "cli.py"
        games[game] = count_lines(path) if path.is_file() else 0
        if not path.is_file():
            missing.append(str(path.relative_to(repo)))
    core = {}
    support = pkg / "core" / "cli_support.py"
    if support.is_file():
        core["core/cli_support.py"] = count_lines(support)
    for path in sorted((pkg / "core").glob("commands*")):
        files = [path] if path.suffix == ".py" else sorted(path.rglob("*.py")) if path.is_dir() else []
        for file in files:
            core[str(file.relative_to(pkg))] = count_lines(file)
    return {"games": games, "games_total": sum(games.values()), "core": core, "missing": missing}


# --- the import graph (figures 2, 3, 4) ------------------------------------------------------------

@dataclass(frozen=True)
class Import:
    """One imported name of one ``import`` statement: ``importer`` imports ``target`` at ``line``.

    ``target`` is the module the name resolves to: a module of the package when one is found (the
    submodule for ``from pkg import sub``, else the longest existing prefix), else the name as
    written (an outside module). ``local``: inside a function body; ``type_checking``: under
    ``if TYPE_CHECKING:``; ``reason``: a comment on the statement's lines or on its own line just
    above it.
    """

    importer: str
    target: str
    line: int
    local: bool
    type_checking: bool
    reason: bool

    @property
    def kind(self) -> str:
        """``type-checking``, ``local`` or ``top-level``."""
        return "type-checking" if self.type_checking else "local" if self.local else "top-level"


def module_names(src: Path, package: str = PACKAGE) -> dict[str, Path]:
    """Every ``.py`` under ``src/<package>`` by its dotted module name (``pkg/__init__.py`` is ``pkg``)."""
    modules = {}
    for path in sorted((src / package).rglob("*.py")):
        parts = list(path.relative_to(src).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        modules[".".join(parts)] = path
    return modules


def _is_type_checking(test: ast.expr) -> bool:
    """``TYPE_CHECKING`` or ``typing.TYPE_CHECKING`` (the test of an ``if``)."""
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _comments(source: str) -> tuple[set[int], set[int]]:
    """Lines that hold a comment, and lines that hold only a comment (1-based)."""
    anywhere, alone = set(), set()
    lines = source.splitlines()
    try:
        for tok in tokenize.generate_tokens(io.StringIO(source).readline):
            if tok.type == tokenize.COMMENT:
                row, col = tok.start
                anywhere.add(row)
                if not lines[row - 1][:col].strip():
                    alone.add(row)
    except (tokenize.TokenError, IndentationError):  # a file ast parses always tokenizes; be safe
        pass
    return anywhere, alone


def _resolve(name: str, modules: dict[str, Path]) -> str:
    """The module of the package ``name`` stands for: itself, else its longest existing prefix
    (``escapology.chess.solver.solve`` -> ``escapology.chess.solver``); an outside name unchanged."""
    parts = name.split(".")
    for end in range(len(parts), 0, -1):
        if ".".join(parts[:end]) in modules:
            return ".".join(parts[:end])
    return name


def module_imports(name: str, path: Path, modules: dict[str, Path]) -> list[Import]:
    """The imports of module ``name`` (file ``path``), at any depth: top level, in functions, in
    classes, under ``if``/``try``, each imported name once.

    ``import a.b.c`` imports ``a.b.c``; ``from X import n`` imports ``X.n`` when that is a module of
    the package, else ``X``; relative imports are resolved against ``name`` (a package's
    ``__init__`` is its own base for ``from . import``).
    """
    source = path.read_text(encoding="utf-8")
    tree = ast.parse(source, filename=str(path))
    anywhere, alone = _comments(source)
    is_package = path.name == "__init__.py"
    found: list[Import] = []

    def reason(node: ast.stmt) -> bool:
        own = any(row in anywhere for row in range(node.lineno, (node.end_lineno or node.lineno) + 1))
        return own or (node.lineno - 1) in alone

    def add(node: ast.stmt, target: str, local: bool, type_checking: bool) -> None:
        found.append(Import(name, _resolve(target, modules), node.lineno, local, type_checking, reason(node)))

    def visit(node: ast.AST, local: bool, type_checking: bool) -> None:
        if isinstance(node, ast.Import):
            for alias in node.names:
                add(node, alias.name, local, type_checking)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = name.split(".")
                base = base[: len(base) - node.level + (1 if is_package else 0)]
                base = ".".join(base + ([node.module] if node.module else []))
            else:
                base = node.module or ""
            for alias in node.names:
                sub = f"{base}.{alias.name}"
                add(node, sub if sub in modules else base, local, type_checking)
        elif isinstance(node, ast.If) and _is_type_checking(node.test):
            for child in node.body:
                visit(child, local, True)
            for child in node.orelse:
                visit(child, local, type_checking)
        else:
            inner = local or isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda))
            for child in ast.iter_child_nodes(node):
                visit(child, inner, type_checking)

    visit(tree, False, False)
    return found


def all_imports(repo: Path) -> list[Import]:
    """The imports of every module under ``src/escapology`` (see :func:`module_imports`)."""
    modules = module_names(repo / "src")
    return [imp for name, path in modules.items() for imp in module_imports(name, path, modules)]


def import_graph(imports: list[Import], type_checking: bool = True) -> dict[str, dict[str, set[str]]]:
    """``{importer: {imported: kinds}}`` between modules of the package (self-imports left out).

    With ``type_checking`` (the default) the imports under ``if TYPE_CHECKING:`` are edges too:
    they do not run, but the two modules still name each other (issue 36 counts forest
    ``model``/``structure`` as a circle, whose one arrow is such an import).
    """
    graph: dict[str, dict[str, set[str]]] = {}
    for imp in imports:
        if not imp.target.startswith(PACKAGE + ".") and imp.target != PACKAGE:
            continue
        if imp.target == imp.importer or (imp.type_checking and not type_checking):
            continue
        graph.setdefault(imp.importer, {}).setdefault(imp.target, set()).add(imp.kind)
    return graph


def strongly_connected(graph: dict[str, dict[str, set[str]]]) -> list[list[str]]:
    """The strongly connected components of ``graph`` (Tarjan, iterative), each sorted."""
    nodes = sorted(set(graph) | {t for targets in graph.values() for t in targets})
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    components: list[list[str]] = []
    for root in nodes:
        if root in index:
            continue
        work = [(root, iter(sorted(graph.get(root, {}))))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            for child in children:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph.get(child, {})))))
                    break
                if child in on_stack:
                    low[node] = min(low[node], index[child])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == node:
                            break
                    components.append(sorted(component))
    return sorted(components)


def import_cycles(imports: list[Import], type_checking: bool = True) -> dict:
    """Import circles between modules of the package.

    Counted: the strongly connected components of more than one module of the graph of
    :func:`import_graph` (top-level, function-local and, with ``type_checking``, ``TYPE_CHECKING``
    imports; ``from pkg import sub`` is an arrow to ``pkg.sub``, ``from pkg import function`` one to
    ``pkg``), and the two-module cycles: pairs of modules that import each other, each with the kinds
    of import of its two arrows. ``runtime_pairs`` are the pairs whose two arrows both run.
    """
    graph = import_graph(imports, type_checking)
    components = [c for c in strongly_connected(graph) if len(c) > 1]
    pairs = []
    for a in sorted(graph):
        for b in sorted(graph[a]):
            if a < b and a in graph.get(b, {}):
                pairs.append({"a": a, "b": b, "a_to_b": sorted(graph[a][b]), "b_to_a": sorted(graph[b][a])})
    runtime = [p for p in pairs if p["a_to_b"] != ["type-checking"] and p["b_to_a"] != ["type-checking"]]
    return {"components": components, "pairs": pairs, "runtime_pairs": len(runtime)}


def local_imports(imports: list[Import]) -> dict:
    """Function-local imports: ``import``/``from ... import`` statements inside a function body
    (at any depth, methods and nested functions included), not under ``if TYPE_CHECKING:``.

    Counted by statement (``from x import a, b`` is one); ``with_reason``: those with a comment on
    one of the statement's lines or on a comment-only line just above it; ``internal``: those that
    import a module of the package (issue 36's 265 were the indented ``from escapology`` lines:
    these plus the ones under ``TYPE_CHECKING``). ``by_package``: per top-level subpackage
    (``escapology.chess``, ...; modules directly under ``escapology`` by name).
    """
    statements: dict[tuple[str, int], bool] = {}
    internal: set[tuple[str, int]] = set()
    for imp in imports:
        if imp.local and not imp.type_checking:
            statements[(imp.importer, imp.line)] = imp.reason
            if imp.target == PACKAGE or imp.target.startswith(PACKAGE + "."):
                internal.add((imp.importer, imp.line))
    by_package: dict[str, int] = {}
    for importer, _ in statements:
        top = ".".join(importer.split(".")[:2])
        by_package[top] = by_package.get(top, 0) + 1
    return {"total": len(statements), "with_reason": sum(statements.values()), "internal": len(internal),
            "by_package": dict(sorted(by_package.items(), key=lambda kv: (-kv[1], kv[0])))}


def _layer(module: str) -> str | None:
    """``core``, ``game``, ``view`` or None (the top of the package: ``escapology``, ``games``, ...)."""
    parts = module.split(".")
    if len(parts) < 2 or parts[0] != PACKAGE:
        return None
    if parts[1] == "core":
        return "core"
    if parts[1] in GAMES:
        return "game"
    if parts[1] in VIEWS:
        return "view"
    return None


def upward_imports(imports: list[Import]) -> list[dict]:
    """Imports against the layering: a module of ``escapology.core`` importing a game package
    (``escapology.labyrinth|amazeing|forest|nemesis|chess|roma``) or a view (``escapology.batch``,
    ``escapology.web``, ``escapology.cli``), and a game module importing a view. Every kind of import
    counts (top-level, function-local, ``TYPE_CHECKING``); one row per statement and target module.
    """
    rows = {}
    for imp in imports:
        source, target = _layer(imp.importer), _layer(imp.target)
        if (source == "core" and target in ("game", "view")) or (source == "game" and target == "view"):
            rows[(imp.importer, imp.line, imp.target)] = {
                "importer": imp.importer, "target": imp.target, "line": imp.line, "kind": imp.kind}
    return list(rows.values())


# --- 5. Any in the protocol's signatures -----------------------------------------------------------

ANY = re.compile(r"\bAny\b")


def _annotation_text(annotation: object) -> str:
    """An annotation as text: a string as it is, a class by its name, anything else by ``repr``."""
    if isinstance(annotation, str):
        return annotation
    if isinstance(annotation, type) and not typing.get_args(annotation):
        return annotation.__qualname__
    return repr(annotation)


def signature_any(function: object) -> dict:
    """``Any`` in the signature of ``function``: the annotations (parameters and return) whose text
    contains the word ``Any`` (``typing.get_type_hints`` where it resolves, else the raw annotation
    strings), and the parameters without an annotation (which a type checker reads as ``Any``)."""
    signature = inspect.signature(function)
    try:
        hints = typing.get_type_hints(inspect.unwrap(function))
        resolved = True
    except Exception:  # a name only imported under TYPE_CHECKING, ...: the strings as written
        hints, resolved = {}, False
    with_any, unannotated = [], []
    for name, param in signature.parameters.items():
        if param.annotation is inspect.Parameter.empty:
            unannotated.append(name)
            continue
        if ANY.search(_annotation_text(hints.get(name, param.annotation))):
            with_any.append(name)
    if signature.return_annotation is not inspect.Signature.empty:
        if ANY.search(_annotation_text(hints.get("return", signature.return_annotation))):
            with_any.append("return")
    return {"any": with_any, "unannotated": unannotated, "resolved": resolved}


def any_in_signatures(repo: Path, games: tuple[str, ...] = GAMES) -> dict:
    """For each ``escapology.<game>`` (imported from ``repo/src``), the annotations containing ``Any``
    of the five protocol functions it exports (see :func:`signature_any`); a function the package
    does not export (or that fails to import) is listed under ``missing`` (with the error, if any,
    under ``errors``)."""
    src = str(repo / "src")
    if src not in sys.path:
        sys.path.insert(0, src)
    result = {}
    for game in games:
        functions, missing, errors = {}, [], {}
        for name in PROTOCOL:
            try:
                function = getattr(importlib.import_module(f"{PACKAGE}.{game}"), name, None)
            except Exception as error:  # a tree in the middle of a change: say so, measure the rest
                function, errors[name] = None, f"{type(error).__name__}: {error}"
            if not callable(function):
                missing.append(name)
                continue
            functions[name] = signature_any(function)
        result[game] = {
            "functions": functions, "missing": missing, "errors": errors,
            "any": sum(len(f["any"]) for f in functions.values()),
            "unannotated": sum(len(f["unannotated"]) for f in functions.values()),
        }
    return result


# --- 6. duplicate pairs ----------------------------------------------------------------------------

def duplicate_pairs(repo: Path, seconds: int = 120) -> dict | None:
    """The pair count the ``duplicates`` command (on PATH) reports for ``src/`` with ``--most 200``:
    the number at the start of its first line (``no duplicates`` is 0). None when the command is
    missing; ``incomplete`` holds its ``incomplete:`` lines."""
    command = shutil.which("duplicates")
    if command is None:
        return None
    out = subprocess.run([command, "--repo", str(repo / "src"), "--most", "200", "--seconds", str(seconds)],
                         capture_output=True, text=True, timeout=seconds + 60)
    lines = out.stdout.splitlines()
    first = lines[0] if lines else ""
    return {"pairs": pair_count(first), "first_line": first,
            "incomplete": [line for line in lines if line.startswith("incomplete:")]}


def pair_count(first_line: str) -> int | None:
    """The pair count of the ``duplicates`` command's first line: ``37 pairs of places (...)`` is 37,
    ``no duplicates (...)`` is 0, anything else None."""
    match = re.match(r"\s*(\d+) pairs?\b", first_line)
    if match:
        return int(match.group(1))
    return 0 if first_line.strip().startswith("no duplicates") else None


# --- 7. start-up -----------------------------------------------------------------------------------

def startup_timings(repo: Path, runs: int = 5) -> list[dict]:
    """Median (and minimum) wall time of ``runs`` whole-process runs of ``escapology --help``, of the
    chess and of the aMAZEing solve of the shipped examples, with ``repo/.venv/bin/escapology``;
    measured by ``benchmarks/startup.py``'s ``wall`` (its ``EXAMPLES`` name the instances)."""
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    try:
        from startup import EXAMPLES, wall
    finally:
        sys.path.pop(0)
    escapology = str(repo / ".venv" / "bin" / "escapology")
    rows = []
    for words in (["--help"], ["chess", "solve", EXAMPLES["chess"]], ["amazeing", "solve", EXAMPLES["amazeing"]]):
        argv = [escapology] + [str(repo / w) if w.startswith("examples/") else w for w in words]
        best, median, code = wall(argv, runs)
        rows.append({"command": "escapology " + " ".join(words), "median_s": round(median, 3),
                     "min_s": round(best, 3), "exit": code, "runs": runs})
    return rows


# --- the report ------------------------------------------------------------------------------------

def _git(repo: Path, *args: str) -> str:
    """The output of a read-only git command in ``repo`` ('' when git is missing or fails)."""
    try:
        out = subprocess.run(["git", *args], cwd=repo, capture_output=True, text=True, timeout=30)
    except (OSError, subprocess.TimeoutExpired):
        return ""
    return out.stdout.strip() if out.returncode == 0 else ""


def figures(repo: Path, timings: bool = True, duplicates: bool = True) -> dict:
    """Every figure of ``repo`` (timings and duplicates when asked), as plain data."""
    imports = all_imports(repo)
    commit = _git(repo, "rev-parse", "--short", "HEAD")
    dirty = bool(_git(repo, "status", "--porcelain", "--", "src"))
    return {
        "date": datetime.date.today().isoformat(),
        "commit": commit + (" (src/ changed since)" if dirty else ""),
        "cli_lines": cli_lines(repo),
        "import_cycles": import_cycles(imports),
        "local_imports": local_imports(imports),
        "upward_imports": upward_imports(imports),
        "any_in_signatures": any_in_signatures(repo),
        "duplicates": duplicate_pairs(repo) if duplicates else "skipped",
        "startup": startup_timings(repo) if timings else "skipped",
    }


def _short(module: str) -> str:
    """``escapology.amazeing.bot`` -> ``amazeing.bot``."""
    return module.removeprefix(PACKAGE + ".")


def markdown(data: dict) -> str:
    """The figures as markdown: a summary table (today, issue 36's baseline and target), then one
    table per figure with the detail."""
    cli, cycles, local = data["cli_lines"], data["import_cycles"], data["local_imports"]
    upward, anys = data["upward_imports"], data["any_in_signatures"]
    dup, startup = data["duplicates"], data["startup"]
    any_total = sum(g["any"] for g in anys.values())
    timing = {row["command"].split()[1]: row for row in startup} if isinstance(startup, list) else {}

    def timing_cell(key: str) -> str:
        row = timing.get(key)
        if row is None:
            return "skipped"
        return f"{row['median_s']:.3f} s" + ("" if row["exit"] == 0 else f" (exit {row['exit']})")

    dup_cell = "skipped" if dup == "skipped" else "n/a" if dup is None else str(dup["pairs"])
    b = ISSUE_BASELINE
    out = [f"Structure figures of {data['date']}, commit {data['commit'] or '?'}", "",
           "| figure | today | issue 36 (filed) | target |", "| --- | ---: | ---: | ---: |"]
    summary = [
        ("lines of the six games' `cli.py`", f"{cli['games_total']:,}", *b["cli_lines"]),
        ("lines of `core/cli_support.py` + `core/commands*.py`", f"{sum(cli['core'].values()):,}", "439", "-"),
        ("import circles (components of > 1 module)", str(len(cycles["components"])), "-", "0"),
        ("two-module import circles", str(len(cycles["pairs"])), *b["cycles"]),
        ("function-local imports", str(local["total"]), "-", "-"),
        ("of them importing a module of `escapology`", str(local["internal"]), *b["local_imports"]),
        ("function-local imports with a reason comment", str(local["with_reason"]), "-", "all"),
        ("upward imports (core -> game/view, game -> view): statements (module -> package arrows)",
         f"{len(upward)} ({len({(u['importer'], '.'.join(u['target'].split('.')[:2])) for u in upward})})",
         *b["upward"]),
        ("`Any` in the protocol signatures (6 games x 5 functions)", str(any_total), *b["any"]),
        ("duplicate pairs in `src/`", dup_cell, *b["duplicates"]),
        ("`escapology --help`, median wall", timing_cell("--help"), *b["help"]),
        ("`escapology chess solve examples/chess/teleport.txt`", timing_cell("chess"), *b["chess"]),
        ("`escapology amazeing solve examples/amazeing/published.json`", timing_cell("amazeing"), *b["amazeing"]),
    ]
    out += [f"| {' | '.join(row)} |" for row in summary]
    out += ["", "[a] the issue counted the indented `from escapology` lines, which include the imports under "
            "`TYPE_CHECKING` (not counted here)."]

    out += ["", "### 1. lines of the command layer (`wc -l`)", "", "| file | lines |", "| --- | ---: |"]
    out += [f"| `{game}/cli.py` | {n:,} |" for game, n in cli["games"].items()]
    out += [f"| **six games together** | **{cli['games_total']:,}** |"]
    out += [f"| `{name}` | {n:,} |" for name, n in cli["core"].items()]
    if cli["missing"]:
        out += ["", "missing: " + ", ".join(cli["missing"])]

    out += ["", "### 2. import circles", "",
            "Arrows: top-level, function-local and `TYPE_CHECKING` imports between modules of `escapology`.", "",
            "| modules importing each other | arrow a -> b | arrow b -> a |", "| --- | --- | --- |"]
    out += [f"| `{_short(p['a'])}` / `{_short(p['b'])}` | {', '.join(p['a_to_b'])} | {', '.join(p['b_to_a'])} |"
            for p in cycles["pairs"]]
    out += ["", f"{cycles['runtime_pairs']} of the {len(cycles['pairs'])} pairs have two arrows that run "
            "(neither only under `TYPE_CHECKING`).", "", "| strongly connected component | modules |",
            "| --- | ---: |"]
    out += [f"| {', '.join(f'`{_short(m)}`' for m in c)} | {len(c)} |" for c in cycles["components"]]

    out += ["", "### 3. function-local imports (statements in a function body, not under `TYPE_CHECKING`)", "",
            "| package | statements |", "| --- | ---: |"]
    out += [f"| `{_short(pkg)}` | {n} |" for pkg, n in local["by_package"].items()]
    out += [f"| **total** ({local['with_reason']} with a comment on or above the line, {local['internal']} importing "
            f"a module of `escapology`) | **{local['total']}** |"]

    out += ["", "### 4. upward imports", ""]
    if upward:
        out += ["| module | line | imports | kind |", "| --- | ---: | --- | --- |"]
        out += [f"| `{_short(u['importer'])}` | {u['line']} | `{_short(u['target'])}` | {u['kind']} |" for u in upward]
    else:
        out += ["none"]

    out += ["", "### 5. `Any` in the protocol signatures of `escapology.<game>`", "",
            "Annotations (parameters and return) that contain `Any`; in brackets, parameters without one.", "",
            "| game | " + " | ".join(PROTOCOL) + " | total |", "| --- |" + " ---: |" * (len(PROTOCOL) + 1)]
    for game, info in anys.items():
        cells = []
        for name in PROTOCOL:
            f = info["functions"].get(name)
            if f is None:
                cells.append("error" if name in info["errors"] else "missing")
                continue
            cell = ", ".join(f["any"]) if f["any"] else "0"
            cells.append(cell + (f" ({', '.join(f['unannotated'])})" if f["unannotated"] else ""))
        out.append(f"| {game} | " + " | ".join(cells) + f" | {info['any']} |")
    errors = [f"`{game}.{name}`: {error}" for game, info in anys.items() for name, error in info["errors"].items()]
    out += ["", "not measured: " + "; ".join(errors)] if errors else []

    out += ["", "### 6. duplicate pairs in `src/` (`duplicates --repo src --most 200 --seconds 120`)", ""]
    out += ["skipped" if dup == "skipped" else "n/a (the command `duplicates` is not on PATH)" if dup is None
            else f"`{dup['first_line']}`" + "".join(f"\n\n`{line}`" for line in dup["incomplete"])]

    out += ["", "### 7. start-up (whole process, wall)", ""]
    if isinstance(startup, list):
        out += ["| command | median s | min s | exit | runs |", "| --- | ---: | ---: | ---: | ---: |"]
        out += [f"| `{r['command']}` | {r['median_s']:.3f} | {r['min_s']:.3f} | {r['exit']} | {r['runs']} |"
                for r in startup]
    else:
        out += ["skipped"]
    return "\n".join(out)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--repo", type=Path, default=ROOT, help="The repository's root (default: this script's).")
    ap.add_argument("--no-timings", action="store_true", help="Skip the start-up timings.")
    ap.add_argument("--no-duplicates", action="store_true", help="Skip the duplicate finder.")
    ap.add_argument("--json", action="store_true", help="Print JSON instead of markdown.")
    args = ap.parse_args(argv)
    data = figures(args.repo.resolve(), timings=not args.no_timings, duplicates=not args.no_duplicates)
    print(json.dumps(data, indent=2) if args.json else markdown(data))


if __name__ == "__main__":
    main()
