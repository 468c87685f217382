"""The aMAZEing Labyrinth (Ravensburger) after Schwahn & Thielen, FUN 2018.

Rules engine (:mod:`.model`), JSON positions (:mod:`.io`), SP-Labyrinth fewest turns
(:mod:`.solver`, Definition 1) with an independent checker (:mod:`.checker`), the Theorem 3
3SAT board (:mod:`.reduction`), SP-Versus bounded search and bot (:mod:`.versus`, Definition 2),
full games (:mod:`.game`) and pictures (:mod:`.render`).

The protocol of every game (:mod:`escapology.core.protocol`): :func:`load`, :func:`solve`
(SP-Labyrinth), :func:`check`, :func:`generate`, :func:`render`; SP-Versus is :func:`forced_win`.

>>> from escapology.amazeing import generate, solve, check
>>> pos = generate(seed=2)
>>> result = solve(pos, max_turns=4)
>>> result.turns, check(pos, result.certificate).ok
(2, True)
"""

from escapology.amazeing.bruteforce import fewest_turns_bruteforce, forced_win_bruteforce
from escapology.amazeing.checker import check_plan
from escapology.amazeing.game import bot_player, play_game, play_turn, start_game
from escapology.amazeing.generator import MOVABLE_TILES, published_position, random_position
from escapology.amazeing.io import detect, dumps, loads, read_dimacs
from escapology.amazeing.model import Player, Position, Shift, glyph, mask, rotate, rotations
from escapology.amazeing.reduction import Reduction, reduce_3sat
from escapology.amazeing.render import save_picture, svg_board, text_board
from escapology.amazeing.solver import Solution, Turn, fewest_turns
from escapology.amazeing.versus import Move, VersusResult, bot_move, forced_win

# the protocol last: `render` must name the function, not the submodule render.py
from escapology.amazeing.api import Result, check, generate, load, render, solve

__all__ = [
    "Result", "check", "generate", "load", "render", "solve",
    "MOVABLE_TILES", "Move", "Player", "Position", "Reduction", "Shift", "Solution", "Turn", "VersusResult",
    "bot_move", "bot_player", "check_plan", "detect", "dumps", "fewest_turns", "fewest_turns_bruteforce",
    "forced_win", "forced_win_bruteforce", "glyph", "loads", "mask", "play_game", "play_turn",
    "published_position", "random_position", "read_dimacs", "reduce_3sat", "rotate", "rotations",
    "save_picture", "start_game", "svg_board", "text_board",
]
