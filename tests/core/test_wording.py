"""One way to write a count in every message: ``1 turn``, ``2 turns``, ``5 starts: 0, 1, 4``
(issue 33: "in 1 turns", "5 start(s): 0 1 4 7 6")."""

from __future__ import annotations

import re
import tokenize
from pathlib import Path

from escapology.core.wording import listing, plural, plural_of

SRC = Path(__file__).resolve().parents[2] / "src" / "escapology"
#: files others own (the web app, the play commands being rewritten): left to them
NOT_OURS = ("web/", "nemesis/play.py", "chess/play")


def test_plural_singular_for_one():
    assert [plural(n, "turn") for n in (0, 1, 2)] == ["0 turns", "1 turn", "2 turns"]
    assert plural(1, "push") == "1 push" and plural(2, "push") == "2 pushes"
    assert plural(1, "vertex") == "1 vertex" and plural(7, "vertex") == "7 vertices"
    assert plural(2, "copy") == "2 copies" and plural(2, "day") == "2 days" and plural(3, "box") == "3 boxes"
    assert plural(1, "more turn") == "1 more turn" and plural_of("given arrow") == "given arrows"
    assert plural(1234567, "node", grouped=True) == "1,234,567 nodes"
    assert listing(["0", "1", "4"]) == "0, 1, 4" and listing([]) == ""


def _strings(path: Path):
    """The string literals of a source file (f-strings whole) with their line numbers, docstrings and
    doctests included."""
    with path.open(encoding="utf-8") as fh:
        for tok in tokenize.generate_tokens(fh.readline):
            if tok.type == tokenize.STRING:
                yield tok.start[0], tok.string


def test_no_message_writes_a_count_before_a_fixed_plural_or_an_s_in_brackets():
    # a count in braces followed by a plural noun, or "word(s)": write plural(n, "word") instead; a
    # count that is a limit (MAX_...) is never one
    fixed = re.compile(r"\{(?![^{}]*MAX)[^{}]+\} (more )?(turns|pushes|moves|solutions|nodes|starts|steps|rounds|"
                       r"deletions|tasks|answers|instances|files|certificates|puzzles|workers)\b")
    either = re.compile(r"[a-z]\((s|es)\)(?!\.)")
    found = []
    for path in SRC.rglob("*.py"):
        rel = path.relative_to(SRC).as_posix()
        if any(rel.startswith(p) for p in NOT_OURS):
            continue
        for line, text in _strings(path):
            words = re.sub(r"\{[^{}]*\}", "{}", text)  # an f-string's words, without the code in its braces
            for m in (*fixed.finditer(text), *either.finditer(words)):
                found.append(f"{rel}:{line}: {m.group(0)}")
    # counts that are never one: a generator's minimum, a clique's rounds, a reduction's board
    allowed = ("{min_pushes} pushes", "{q} rounds", "{x} steps", "{turns} turns")
    found = [f for f in found if not any(f.endswith(a) for a in allowed)]
    assert not found, "\n".join(found)


STATIC = SRC / "web" / "static" / "js"
WORDS = ["turn", "push", "vertex", "copy", "day", "box", "more turn", "known roll", "winning start", "field", "cell"]


def test_the_web_pages_count_as_the_command_line_does():
    """The pages' messages count with ``wording.js``'s ``plural`` (no "field(s)"), which writes
    what :func:`plural` writes (run by Node where it is installed)."""
    either = re.compile(r"[a-z]\((s|es)\)")
    found = [f"{p.name}:{k}: {line.strip()}" for p in STATIC.rglob("*.js")
             for k, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1)
             if "`" in line and either.search(re.sub(r"\$\{[^{}]*\}", "", line))]
    assert not found, "\n".join(found)
    import shutil
    import subprocess

    node = shutil.which("node")
    if node is None:
        return
    script = (f"import('{(STATIC / 'wording.js').as_uri()}').then((w) => console.log(JSON.stringify("
              f"{WORDS!r}.flatMap((x) => [0, 1, 2].map((k) => w.plural(k, x))))))")
    out = subprocess.run([node, "--input-type=module", "-e", script], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    import json

    assert json.loads(out.stdout) == [plural(k, w) for w in WORDS for k in (0, 1, 2)]
