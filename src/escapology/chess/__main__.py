"""``python -m escapology.chess solve FILE``: the chess commands without loading the other games."""

from escapology.chess.cli import app

app(prog_name="escapology chess")
