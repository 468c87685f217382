"""The strength of the aMAZEing Labyrinth bot that reads no hidden information.

Run: ``.venv/bin/python benchmarks/amazeing_bot.py [--games 200] [--cards 4] [--budget 0.2]``.

Seeded two-player games of the published 7x7 board (``published_position(seed, players=2,
cards=CARDS)``, seeds 0..GAMES-1, seats alternating so each bot starts half the games), up to 300
turns. Match-ups: the bot of :mod:`escapology.amazeing.bot` (expectimax over the opponent's
possible targets, never reads them) against the solo-greedy bot (collects now if it can, else
plays the first turn of its own fewest-turns plan, ignoring the opponent: ``solo_planner`` of
``benchmarks/amazeing.py``) and against the former bot (:func:`escapology.amazeing.versus.peeking_bot_move`,
which reads the opponent's secret target); the former bot against solo-greedy for reference.
Prints wins, losses, games without winner, the win rate with a 95% Wilson interval, mean length.
"""

from __future__ import annotations

import argparse
import math
import statistics
import time
from collections import Counter

from amazeing import solo_planner

from escapology.amazeing.game import bot_player, peeking_bot_player, play_game, start_game
from escapology.amazeing.generator import published_position


def wilson(wins: int, n: int) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate."""
    if n == 0:
        return 0.0, 1.0
    z = 1.96
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def match(label: str, first, second, games: int, cards: int) -> str:
    score: Counter = Counter()
    lengths = []
    t = time.perf_counter()
    for g in range(games):
        pos = start_game(published_position(g, players=2, cards=cards))
        seat = g % 2  # the first-named bot's seat
        ctrl = [second, second]
        ctrl[seat] = first
        res = play_game(pos, ctrl, max_turns=300)
        score["won" if res.winner == seat else "lost" if res.winner is not None else "none"] += 1
        lengths.append(len(res.moves))
    lo, hi = wilson(score["won"], games)
    rate = score["won"] / games
    return (f"| {label} | {games} | {score['won']} | {score['lost']} | {score['none']} | {rate:.1%} "
            f"({lo:.1%}–{hi:.1%}) | {statistics.mean(lengths):.1f} | {time.perf_counter() - t:.0f} |")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--cards", type=int, default=4)
    ap.add_argument("--budget", type=float, default=0.2, help="seconds per bot move (the 2-turn searches)")
    args = ap.parse_args()
    bot, peek = bot_player(args.budget), peeking_bot_player(args.budget)
    print(f"{args.games} games per match-up, published 7x7 board, 2 players, {args.cards} cards each, "
          f"seats alternating, budget {args.budget} s")
    print()
    print("| match-up | games | won | lost | no winner | win rate (95% CI) | mean turns | seconds |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    print(match("bot vs solo-greedy", bot, solo_planner, args.games, args.cards), flush=True)
    print(match("bot vs former bot (reads the hidden target)", bot, peek, args.games, args.cards), flush=True)
    print(match("former bot vs solo-greedy", peek, solo_planner, args.games, args.cards), flush=True)


if __name__ == "__main__":
    main()
