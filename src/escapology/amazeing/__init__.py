"""The aMAZEing Labyrinth (Ravensburger) after Schwahn & Thielen, FUN 2018.

Rules engine (:mod:`.model`), JSON positions (:mod:`.io`), SP-Labyrinth fewest turns
(:mod:`.solver`, Definition 1) with an independent checker (:mod:`.checker`), the Theorem 3
3SAT board (:mod:`.reductions`), SP-Versus bounded search (:mod:`.versus`, Definition 2; native: :mod:`.native`), the bot
(:mod:`.bot`, no hidden information),
full games (:mod:`.game`) and pictures (:mod:`.render`).

The protocol of every game (:mod:`escapology.core.protocol`): :func:`load`, :func:`solve`
(SP-Labyrinth), :func:`check`, :func:`generate`, :func:`render`; SP-Versus is :func:`forced_win`.
The certificate of ``solve`` is a :class:`Plan` (:mod:`.certificate`).

>>> from escapology.amazeing import generate, solve, check
>>> pos = generate(seed=2)
>>> result = solve(pos, max_turns=4)
>>> result.turns, check(pos, result.certificate).ok
(2, True)
"""

import lazy_loader

# imported on first use (PEP 562, lazy_loader): `import escapology.<pkg>` and the command line stay light
__getattr__, __dir__, _ = lazy_loader.attach(__name__, submod_attrs={
    "bruteforce": ["fewest_turns_bruteforce", "forced_win_bruteforce"],
    "bot": ["bot_move", "opponent_targets"],
    "certificate": ["Plan", "PlanTurn"],
    "checker": ["check_plan", "check_race_move"],
    "game": ["bot_player", "peeking_bot_player", "play_game", "play_turn", "start_game"],
    "generator": ["MOVABLE_TILES", "published_position", "random_position"],
    "io": ["detect", "dumps", "loads", "read_dimacs"],
    "model": ["Player", "Position", "Shift", "Turn", "glyph", "mask", "rotate", "rotations"],
    "reductions": ["Reduction", "reduce_3sat"],
    "drawing": ["save_picture", "svg_board", "text_board"],
    "solver": ["Solution", "fewest_turns"],
    "versus": ["Move", "VersusResult", "forced_win", "peeking_bot_move"],
    "api": ["Result", "check", "generate", "load", "render", "solve"],
})

__all__ = [
    "Result", "check", "generate", "load", "render", "solve", "Plan", "PlanTurn",
    "MOVABLE_TILES", "Move", "Player", "Position", "Reduction", "Shift", "Solution", "Turn", "VersusResult",
    "bot_move", "bot_player", "check_plan", "check_race_move", "detect", "dumps", "fewest_turns", "fewest_turns_bruteforce",
    "forced_win", "forced_win_bruteforce", "glyph", "loads", "mask", "opponent_targets", "peeking_bot_move",
    "peeking_bot_player", "play_game", "play_turn",
    "published_position", "random_position", "read_dimacs", "reduce_3sat", "rotate", "rotations",
    "save_picture", "start_game", "svg_board", "text_board",
]
