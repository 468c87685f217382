"""The option reference of docs/cli.md is made from the commands and must be current."""

from pathlib import Path

from escapology.reference import BEGIN, END, reference, replace_in

PAGE = Path(__file__).resolve().parents[2] / "docs" / "cli.md"


def test_docs_cli_reference_is_current():
    page = PAGE.read_text(encoding="utf-8")
    assert replace_in(page) == page, "docs/cli.md is out of date: run python -m escapology.reference docs/cli.md"


def test_reference_lists_every_game_and_verb_with_the_shared_options():
    text = reference()
    for game in ("labyrinth", "amazeing", "forest", "nemesis", "chess", "roma"):
        assert f"### `escapology {game}`" in text
    for verb in ("solve", "check", "generate", "render"):
        assert text.count(f"**`{verb}`**") == 6
    assert text.count("| `-t`, `--timeout` |") >= 6


def test_hidden_old_names_are_not_listed():
    text = reference(["chess", "labyrinth"])
    assert "--witness" not in text and "--plan" not in text


def test_replace_needs_the_markers():
    import pytest

    with pytest.raises(ValueError):
        replace_in("no markers")
    assert replace_in(f"a\n{BEGIN}\nold\n{END}\nb").startswith("a\n" + BEGIN)
