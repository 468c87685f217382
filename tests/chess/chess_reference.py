"""A reference solver written straight from the rules, for tiny boards only (plain Python).

It enumerates every turn literally: 0, 1 or 2 moves with every intermediate field on the board, or a
teleport to any free field; it shares no code with the package.
"""

from __future__ import annotations


def turn_ends(n, start, vectors):
    """Fields a piece on ``start`` ends a 1- or 2-move turn on (moves only, no teleport)."""
    ends = set()
    for v in vectors:
        a = (start[0] + v[0], start[1] + v[1])
        if not (1 <= a[0] <= n and 1 <= a[1] <= n):
            continue
        ends.add(a)
        for w in vectors:
            b = (a[0] + w[0], a[1] + w[1])
            if 1 <= b[0] <= n and 1 <= b[1] <= n:
                ends.add(b)
    return ends


def outcome(n, alice, bob, vectors):
    """'alice', 'draw' or 'bob' by the game tree of the rules."""
    if bob in turn_ends(n, alice, vectors):
        return "alice"
    alice_options = {(x, y) for x in range(1, n + 1) for y in range(1, n + 1)} - {bob}
    bob_captures = turn_ends(n, bob, vectors)
    for f in alice_options:
        if f not in bob_captures:
            return "draw"
    return "bob"
