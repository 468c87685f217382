"""The crossing search of benchmarks/roma_gadget_search.py: its test board, its checks, and the
small windows where it proves that no crossing of a wire with a flow line exists."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

from roma_gadget_search import WANT, Cegar, Window  # noqa: E402

WIRE_ROW = {(r, c): (f"row{r}", g) for r in (4, 5, 6) for c, g in zip((3, 4, 5, 6), ".<>.")}


def test_a_window_that_only_continues_the_wire_passes_the_counts_but_swallows_the_line():
    win = Window()
    assert win.counts(WIRE_ROW) == WANT  # the wire carries its bit (Lemma 4)
    for state in ("AA", "BB"):
        (sol,) = win.completions(WIRE_ROW, state, 2)
        assert not win.line_passes(WIRE_ROW, state, sol)  # the line runs into the wire's column


def test_a_line_of_preset_arrows_between_two_wire_boxes_separates_the_halves():
    # the separator lemma (docs/roma.md): no box spans the line and the line is preset, so the
    # upper half of AA's completion and the lower half of BB's make a completion of AB
    design = dict(WIRE_ROW)
    design.update({(5, c): (f"line{c}", "<") for c in (3, 4, 5, 6)})
    counts = Window().counts(design)
    assert counts["AA"] == counts["BB"] == 1
    assert counts["AB"] >= 1 and counts["BA"] >= 1


def test_the_search_proves_that_no_one_column_window_crosses():
    # (two-column windows are refuted too, in about 20 s: benchmarks/roma_gadget_search.py --cols 3-4)
    verdict, design = Cegar(Window(cols=(3,))).run(120.0)
    assert (verdict, design) == ("none", None)
