"""The shipped examples: a few small instances of every game, inside the package.

They live in ``escapology/examples/<game>/``, so an installed wheel has them wherever it is
installed (``escapology demo`` solves them, the web app offers them). In a checkout
``src/escapology/examples`` is a symbolic link to the project's ``examples/`` folder, the one copy
of the files that the documentation and the tests name; building the wheel or the sdist (maturin)
stores the files themselves.

>>> example("labyrinth", "small.lp").is_file()
True
>>> sorted(p.name for p in EXAMPLES.iterdir() if p.is_dir())
['amazeing', 'chess', 'forest', 'labyrinth', 'nemesis', 'roma']
"""

from __future__ import annotations

from pathlib import Path

__all__ = ["EXAMPLES", "example"]

#: the folder of the shipped examples, one sub-folder per game
EXAMPLES: Path = Path(__file__).resolve().parent.parent / "examples"


def example(game: str, name: str) -> Path:
    """The shipped example ``name`` of ``game`` (``example("chess", "teleport.txt")``)."""
    return EXAMPLES / game / name
