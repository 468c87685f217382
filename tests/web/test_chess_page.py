"""Teleport chess' page in Chromium, played as a game against the solver: Alice wins by the
keyboard's cursor, loses, draws by a teleport; Bob wins; undo and redo; the end message and the
moves refused after it; the board's coordinates, reach, vectors and legend; set-up by clicking
and the solver's witness step by step; screenshots."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from webtools import board_screenshot  # noqa: E402

from escapology.chess import load  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]




def open_example(page, server, name: str) -> None:
    page.goto(f"{server.url}/#chess")
    page.wait_for_selector("body[data-ready='1']")
    page.select_option("#examples", name)
    page.wait_for_selector("#chess-legend")


def wait_turn(page, starts: str) -> None:
    page.wait_for_function("document.querySelector('#chess-status').textContent.startsWith(%r)" % starts)


def moves(page) -> list[str]:
    return page.locator("#chess-moves li").all_inner_texts()


def keys(page, *names: str) -> None:
    for k in names:
        page.keyboard.press(k)


def test_alice_captures_with_the_keyboard_undo_redo(page, server, tmp_path: Path) -> None:
    open_example(page, server, "alice.txt")  # 8 x 8, Alice on (1, 3), Bob on (6, 5)
    wait_turn(page, "Your turn, Alice on (1, 3)")
    assert page.locator("#board .square").count() == 64
    assert page.locator("#board .piece").count() == 2
    # the board's coordinates: columns 1-8 from the left, rows 1-8 from the bottom (COORDINATES)
    labels = page.locator("#board .axis-label").all_text_contents()
    assert sorted(labels, key=int) == [str(i) for i in range(1, 9) for _ in (0, 1)]
    legend = page.inner_text("#chess-legend")
    for words in ("Alice", "Bob", "Bob ends his turn here (0-2 moves)", "Alice ends her turn here (1-2 moves)",
                  "one move by a vector", "you may move here", "the cursor"):
        assert words in legend
    assert page.locator("#chess-vectors .vector").all_inner_texts()[:3] == ["(-4, 2)", "(-7, 7)", "(-2, 7)"]
    assert "Alice and Bob both move by these 8 vectors" in page.inner_text("#board")
    assert "Alice plays one turn, then Bob one turn" in page.inner_text("#chess-help")
    inst = load(ROOT / "examples" / "chess" / "alice.txt")  # one arrow per move by a vector that stays on the board
    for who, at in (("alice", inst.alice), ("bob", inst.bob)):
        fit = [v for v in inst.usable_vectors() if inst.on_board((at[0] + v[0], at[1] + v[1]))]
        assert page.locator(f"#board .step-arrow.{who}").count() == len(fit) > 0

    keys(page, "ArrowRight", "ArrowRight", "ArrowRight", "ArrowUp", "ArrowUp", "Enter")  # (4, 5) by (3, 2)
    wait_turn(page, "Your second move, Alice on (4, 5)")
    assert moves(page) == ["Alice (you): (1, 3) → (4, 5) by (3, 2)"]
    board_screenshot(page, tmp_path / "chess.png", docs=True)
    keys(page, "ArrowRight", "ArrowRight", "Space")  # (6, 5) by (2, 0): Bob's field
    wait_turn(page, "Game over: you win: Alice captures Bob on (6, 5)")
    assert "you win" in page.inner_text("#message")
    assert moves(page)[-1] == "Alice (you): (4, 5) → (6, 5) by (2, 0), captures Bob"
    assert page.locator("#board .piece").count() == 1  # Bob is taken
    # over: a field played by a click or a key is refused, the moves stay as they are
    page.click("#board .square[data-field='1,1']")
    assert "the game is over" in page.inner_text("#message")
    keys(page, "ArrowLeft", "Enter")
    assert "the game is over" in page.inner_text("#message")
    assert len(moves(page)) == 2
    assert page.is_disabled("#chess-end")
    # undo, redo (keys and buttons)
    keys(page, "u")
    wait_turn(page, "Your second move, Alice on (4, 5)")
    assert len(moves(page)) == 1
    keys(page, "Control+z")
    wait_turn(page, "Your turn, Alice on (1, 3)")
    assert moves(page) == []
    page.click("#chess-redo")
    wait_turn(page, "Your second move")
    keys(page, "Control+y")
    wait_turn(page, "Game over: you win")


def test_alice_loses_and_draws(page, server) -> None:
    open_example(page, server, "alice.txt")
    wait_turn(page, "Your turn, Alice on (1, 3)")
    # no field she reaches by moves is in Bob's reach (but his own): she loses by a teleport into it
    bob_reach = page.eval_on_selector_all("#board .square:has(.bob-reach)", "gs => gs.map(g => g.dataset.field)")
    page.click("#chess-teleport")
    wait_turn(page, "Your turn, Alice on (1, 3): teleport to any free field")
    target = next(f for f in bob_reach if f != "6,5")
    page.click(f"#board .square[data-field='{target}']")
    wait_turn(page, "Game over: you lose: Bob captures Alice on (%s)" % target.replace(",", ", "))
    assert moves(page)[0] == "Alice (you): teleports (1, 3) ⇒ (%s)" % target.replace(",", ", ")
    assert moves(page)[-1].startswith("Bob (the solver): ") and moves(page)[-1].endswith("captures Alice")
    page.keyboard.press("e")
    assert "the game is over" in page.inner_text("#message")
    # undone: she moves to (3, 3) instead, out of his reach, and ends her turn by the key e: a draw
    page.keyboard.press("u")
    wait_turn(page, "Your turn, Alice on (1, 3)")
    page.click("#board .square[data-field='3,3']")
    wait_turn(page, "Your second move, Alice on (3, 3)")
    page.keyboard.press("e")
    wait_turn(page, "Game over: a draw: Bob cannot reach Alice on (3, 3)")

    open_example(page, server, "teleport.txt")  # 7 x 7: Bob cannot reach (2, 6)
    wait_turn(page, "Your turn, Alice on (5, 7)")
    page.keyboard.press("t")
    wait_turn(page, "Your turn, Alice on (5, 7): teleport to any free field")
    assert page.get_attribute("#chess-teleport", "aria-pressed") == "true"
    keys(page, "ArrowLeft", "ArrowLeft", "ArrowLeft", "ArrowDown", "Enter")  # the cursor from (5, 7) to (2, 6)
    wait_turn(page, "Game over: a draw: Bob cannot reach Alice on (2, 6)")
    assert moves(page) == ["Alice (you): teleports (5, 7) ⇒ (2, 6)", "Bob (the solver): stays on (1, 1)"]
    assert "a teleport" in page.inner_text("#chess-legend")


def test_bob_wins_and_set_up_and_witness(page, server, tmp_path: Path) -> None:
    open_example(page, server, "bob.txt")  # 3 x 3: Bob catches Alice wherever she ends
    page.select_option("#chess-side", "bob")
    wait_turn(page, "Your turn, Bob on (3, 3)")
    assert moves(page) == ["Alice (the solver): stays on (3, 2)"]
    page.click("#board .square[data-field='3,2']")
    wait_turn(page, "Game over: you win: Bob captures Alice on (3, 2)")
    board_screenshot(page, tmp_path / "chess-bob.png")
    page.click("#chess-undo")
    wait_turn(page, "Your turn, Bob on (3, 3)")
    assert page.is_disabled("#chess-undo")  # the solver's opening is not undone
    page.click("#chess-end")  # he does not capture: a draw
    wait_turn(page, "Game over: a draw")

    open_example(page, server, "alice.txt")  # as Bob: the solver's Alice captures him at once
    wait_turn(page, "Game over: you lose: Alice captures Bob on (6, 5)")
    assert moves(page) == ["Alice (the solver): (1, 3) → (4, 5) by (3, 2)",
                           "Alice (the solver): (4, 5) → (6, 5) by (2, 0), captures Bob"]
    page.select_option("#chess-side", "alice")
    page.click("#solve")
    page.wait_for_selector("#answer[data-status='solved']")
    assert "outcome\nalice" in page.inner_text("#answer")
    assert page.locator("#answer .verdict-valid").count() == 1
    page.click("#last")
    assert "Alice captures Bob" in page.inner_text("#message")
    assert page.locator("#board .witness").count() == 2
    assert "Alice's capturing moves" in page.inner_text("#chess-legend")
    page.click("#board .square[data-field='3,3']")
    assert "solver's witness" in page.inner_text("#message")
    page.keyboard.press("Escape")
    wait_turn(page, "Your turn, Alice on (1, 3)")

    page.select_option("#chess-mode", "bob")  # set up: Bob to the corner, the verdict follows
    page.click("#board .square[data-field='8,8']")
    page.wait_for_function("document.querySelector('#paste').value.split('\\n')[1] === '1 3 8 8'")
    page.wait_for_selector("#answer[data-status='solved']")
    wait_turn(page, "Your turn, Alice on (1, 3)")
