"""The shipped examples the command-line tests of every game run on: one instance per game
(``EXAMPLE``, paths under ``EXAMPLES``). Imported by the tests of this folder (``--import-mode=importlib``:
they put the folder on ``sys.path`` first)."""

from pathlib import Path

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"

#: one shipped instance per game
EXAMPLE = {
    "labyrinth": "labyrinth/small.lp",
    "amazeing": "amazeing/published.json",
    "forest": "forest/glade.lp",
    "nemesis": "nemesis/small.lp",
    "chess": "chess/teleport.txt",
    "roma": "roma/example-6x6.txt",
}
