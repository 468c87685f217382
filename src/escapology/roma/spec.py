"""Roma as the command layer sees it (:mod:`escapology.core.commands`): its engines and its own
options, each defined once; ``escapology roma solve|check|generate|render``, batch runs and the web
app are made from this description.

A Roma file may hold several puzzles (puzz.link URLs one a line): ``solve`` answers each,
``check`` judges each with its certificate (or with the answer the file holds), ``render`` draws
the first. A puzz.link URL is read as the puzzle itself wherever a FILE is asked for.

>>> SPEC.engine_names()
('glucose4', 'maplechrono', 'minisat22', 'branch')
>>> dict(SPEC.engine_aliases)
{'sat': 'glucose4'}
"""

from __future__ import annotations



from escapology.core.commands import EngineSpec, GameSpec, Option, choices

_API, _VERBS = "escapology.roma.api:", "escapology.roma.verbs:"

ENGINES = (
    EngineSpec("glucose4", "escapology.roma.sat:solve",
               "the SAT encoding with lazy loop cuts, solved by Glucose 4 (python-sat)", ("python-sat",)),
    EngineSpec("maplechrono", "escapology.roma.sat:solve", "the SAT encoding solved by MapleChrono",
               ("python-sat",)),
    EngineSpec("minisat22", "escapology.roma.sat:solve", "the SAT encoding solved by MiniSat 2.2",
               ("python-sat",)),
    EngineSpec("branch", "escapology.roma.branch:solve_branch",
               "the Lemma 12 search tree: forced arrows, then branching on empty cells"),
)


Style = choices("Style", ["minimal", "published"])
Grade = choices("Grade", ["easy", "medium", "hard"])

STRICT_HELP = ("Enforce the paper's Definition 1 (square board, boxes <= 4 cells, one Roma cell alone in its "
               "box).")

OPTIONS = (
    Option("strict", bool, False, STRICT_HELP, verbs=("solve",), flags=("--strict",), to="load"),
    Option("unique", bool, True, "Also prove uniqueness or find a second solution.",
           flags=("--unique/--no-unique",)),
    Option("solution", str, None, verbs=("check",), hidden=True, to="none"),  # the rows, as --solution
    Option("solution", bool, None, verbs=("render",), flags=("--solution/--puzzle",), alias_of="solve_first",
           to="none"),
    Option("size", int, None, "Rows (the same as --rows).", verbs=("generate",), to="call"),
    Option("rows", int, 6, "Rows.", verbs=("generate",), flags=("--rows", "-r")),
    Option("cols", int, None, "Columns (default: rows).", verbs=("generate",), flags=("--cols", "-c")),
    Option("max_box", int, 4, "Cells per box (boxes are grown to this size where possible).", verbs=("generate",)),
    Option("goals", int, 1, "Number of Roma cells.", verbs=("generate",)),
    Option("number", int, 1, "How many puzzles.", verbs=("generate",)),
    Option("shapes", str, "any", "Box shapes, comma-separated: any, square, line, L, T, S (smaller boxes are "
           "parts of them).", verbs=("generate",)),
    Option("grade", Grade, None, "At most this hard: adds givens until the rules of this level solve it.",
           verbs=("generate",)),
    Option("style", Style, None, "minimal: the fewest givens; published: box sizes and given density of published "
           "puzzles (about 30-56 givens per 100 cells).", verbs=("generate",)),
    Option("goal_in_box", bool, False, "Let a goal share its box with arrow cells (by default each goal is alone "
           "in a one-cell box, as in published puzzles).", verbs=("generate",), flags=("--goal-in-box",)),
    Option("strict", bool, False, STRICT_HELP, verbs=("generate",), flags=("--strict",)),
    Option("timeout", float, None, "Give up this many seconds after the start (answer 'unknown', exit 3).",
           verbs=("generate",), flags=("--timeout", "-t")),
)


SPEC = GameSpec(
    "roma", "Roma: every path leads to Rome (puzz.link roma/rome).",
    load=_API + "load", solve=_API + "solve", check=_API + "check", generate=_VERBS + "generate",
    render=_API + "render",
    dumps=_VERBS + "dumps", engines=ENGINES, options=OPTIONS, comment="#", text_certificate=True,
    text_picture=_VERBS + "text_picture", certificate_of=_VERBS + "solution_of",
    instance_help="A puzz.link URL, or a file (URLs one per line, pzprv3, text grid, ASP facts); - for stdin.",
    load_many=_VERBS + "load_many", certificates=_VERBS + "certificates", is_text=_API + "is_url",
    generate_json=_VERBS + "generated_json",
    # the old engine name (escapology.roma.api.ENGINE_ALIASES, which solve() reads; a test keeps them equal)
    engine_aliases={"sat": "glucose4"},
    help={
        "solve": "Solve PUZZLE(s) and say whether the solution is unique (with a second one when not).\n\n"
                 "Text: the board with the arrows; JSON: one Result.to_json() line per puzzle (both are what "
                 "'check' reads). --engine chooses the SAT solver of the SAT encoding or the search tree.",
        "check": "Check a solution (what 'solve' wrote, JSON or text; default: the answer in the file); name "
                 "every violation (exit 1 if there is one).",
        "generate": "Generate unique puzzles with few givens (minimum givens, exact, up to 100 cells), graded.\n\n"
                    "Writes the puzzles' URLs, one a line (what every command reads), after a comment line with "
                    "the command that makes the file again; -f json: one object per puzzle.",
        "render": "Draw the puzzle (and its solution) as a printed puzzle looks: SVG or PNG with --output, else text on the terminal.\n\n"
                  "--solve draws the solution too: the one in the file, else one found.",
    },
)
