"""Every instance the pages list loads, and the first of each list draws (issue 31: the Nemesis
formulas, Roma's penpa-edit puzzles and its generalised graph were listed and then refused)."""

from __future__ import annotations

import pytest

from escapology.games import GAMES
from escapology.web.instances import listing, load_text, read_listed
from escapology.web.settings import default_examples, default_shared


@pytest.mark.parametrize("game", [g.name for g in GAMES])
def test_every_listed_instance_loads(game: str) -> None:
    examples, shared = default_examples(), default_shared()
    listed = listing(game, examples, shared)
    if shared is None:
        listed["shared"] = []
    assert listed["examples"], f"{game} lists no example"
    module = next(g for g in GAMES if g.name == game)
    for source, names in listed.items():
        for k, name in enumerate(names):
            text, fname = read_listed(game, source, name, examples, shared)
            inst = load_text(module, text, fname)
            if k == 0:
                assert module.protocol().render(inst).svg().startswith("<svg")
