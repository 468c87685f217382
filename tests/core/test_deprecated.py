"""The loaders each game had before the protocol (``load``) still work for one release, with a
:class:`DeprecationWarning` that names the replacement (issue: one toolkit)."""

import importlib
from pathlib import Path

import pytest

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"

OLD = [  # (game, old name, example) - each old loader reads a path
    ("forest", "load_instance", "forest/glade.lp"),
    ("nemesis", "load_instance", "nemesis/small.lp"),
    ("labyrinth", "read_instance", "labyrinth/small.lp"),
    ("chess", "read_instance", "chess/teleport.txt"),
]


@pytest.mark.parametrize(("game", "name", "example"), OLD, ids=[g for g, _, _ in OLD])
def test_old_loader_warns_and_loads_what_load_loads(game, name, example):
    package = importlib.import_module(f"escapology.{game}")
    package.__dict__.pop(name, None)  # taken before in this process: take it afresh
    with pytest.warns(DeprecationWarning, match=rf"{game}.*load"):
        old = getattr(package, name)
        inst = old(str(EXAMPLES / example))
    assert inst == package.load(str(EXAMPLES / example)) or repr(inst) == repr(package.load(str(EXAMPLES / example)))


def test_the_modules_keep_the_functions_without_warning(recwarn):
    from escapology.forest.io import load_instance as forest_loader
    from escapology.nemesis.io import load_instance as nemesis_loader

    assert forest_loader(str(EXAMPLES / "forest" / "glade.lp")) is not None
    assert nemesis_loader(str(EXAMPLES / "nemesis" / "small.lp")) is not None
    assert not [w for w in recwarn if issubclass(w.category, DeprecationWarning) and "escapology" in str(w.message)]


def test_registry_load_is_the_deprecated_name_of_cli():
    from escapology.games import GAMES

    game = GAMES[0]
    with pytest.warns(DeprecationWarning, match=r"Game.cli\(\)"):
        module = game.load()
    assert module is game.cli() and hasattr(module, "app")
