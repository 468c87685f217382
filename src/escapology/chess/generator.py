"""Random and adversarial teleport-chess instances.

Kinds:

* ``random``: ``n`` vectors uniform in ``[-spread, spread]^2``, both pieces uniform.
* ``capture``: like ``random``, but Bob stands two moves from Alice, so Alice wins.
* ``cross``: adversarial: Bob in the corner ``(1, 1)``, vectors ``(i, 0)`` and ``(0, j)`` for
  ``1 <= i, j <= n/2``; the sums ``(i, j)`` fill a solid block of a quarter of the board.
* ``sidon``: adversarial: vectors ``(x, x^2 mod p)`` shifted to the centre form a Sidon set (all
  pairwise sums differ), so Bob's two-move fields are as many as the counting lemma allows for
  them; the Monte-Carlo test of the slides sees many covered fields.
* ``bob``: a board with ``n <= 3`` on which Bob reaches every field (found by random search);
  for ``n >= 4`` such a board does not exist (counting lemma).

In the adversarial kinds Alice is put on a field Bob reaches, from which she cannot capture him, so
the solver must search for a safe field.

>>> inst = generate(6, "cross", seed=1)
>>> inst.n, inst.bob, len(inst.vectors)
(6, (1, 1), 6)
>>> generate(5, "capture", seed=2).n
5
"""

from __future__ import annotations

import random

from escapology.chess.model import MAX_N, MIN_N, Field, Instance, Outcome, Vector
from escapology.chess.reach import find_path
from escapology.chess.solver import solve
from escapology.core.errors import InputError

KINDS = ("random", "capture", "cross", "sidon", "bob")


def _is_prime(p: int) -> bool:
    if p < 2:
        return False
    i = 2
    while i * i <= p:
        if p % i == 0:
            return False
        i += 1
    return True


def _random_field(rng: random.Random, n: int, avoid: Field | None = None) -> Field:
    while True:
        f = (rng.randint(1, n), rng.randint(1, n))
        if f != avoid:
            return f


def _fill(rng: random.Random, n: int, vectors: list[Vector], spread: int) -> list[Vector]:
    """Pad with random vectors up to ``n`` (repetitions allowed, as in the input format)."""
    vectors = vectors[:n]
    while len(vectors) < n:
        vectors.append((rng.randint(-spread, spread), rng.randint(-spread, spread)))
    rng.shuffle(vectors)
    return vectors


def _place_alice(rng: random.Random, n: int, bob: Field, vectors: list[Vector]) -> Field:
    """A field Bob reaches with two moves and from which Alice cannot capture, if one is found
    within a few tries; otherwise a random field."""
    inst_vectors = tuple(vectors)
    usable = [v for v in vectors if abs(v[0]) < n and abs(v[1]) < n]
    for _ in range(30):
        if not usable:
            break
        v, w = rng.choice(usable), rng.choice(usable)
        mid = (bob[0] + v[0], bob[1] + v[1])
        f = (mid[0] + w[0], mid[1] + w[1])
        if f == bob or not (1 <= mid[0] <= n and 1 <= mid[1] <= n and 1 <= f[0] <= n and 1 <= f[1] <= n):
            continue
        if find_path(Instance(n, f, bob, inst_vectors), f, bob) is None:
            return f
    return _random_field(rng, n, bob)


def generate(
    n: int, kind: str = "random", *, seed: int | None = None, spread: int | None = None
) -> Instance:
    """A new instance of the given ``kind`` (see the module docstring) with ``n`` vectors.

    ``spread`` bounds the random vectors' components (default ``n - 1``, every usable vector).
    """
    if not MIN_N <= n <= MAX_N:
        raise InputError(f"n = {n} is outside {MIN_N}..{MAX_N}")
    if kind not in KINDS:
        raise InputError(f"unknown kind {kind!r}; choose one of {', '.join(KINDS)}")
    rng = random.Random(seed)
    spread = n - 1 if spread is None else max(0, spread)
    if kind == "random":
        bob = _random_field(rng, n)
        alice = _random_field(rng, n, bob)
        return Instance(n, alice, bob, tuple(_fill(rng, n, [], spread)))
    if kind == "capture":
        vectors = _fill(rng, n, [], spread)
        for _ in range(1000):
            alice = _random_field(rng, n)
            v, w = rng.choice(vectors), rng.choice(vectors)
            mid = (alice[0] + v[0], alice[1] + v[1])
            bob = (mid[0] + w[0], mid[1] + w[1])
            if bob != alice and all(1 <= c <= n for c in (*mid, *bob)):
                return Instance(n, alice, bob, tuple(vectors))
        vectors[0] = (1, 0) if n > 1 else (0, 1)
        return Instance(n, (1, 1), (2, 1), tuple(vectors))
    if kind == "cross":
        bob = (1, 1)
        k = max(1, n // 2)
        vectors = [(i, 0) for i in range(1, k + 1)] + [(0, j) for j in range(1, k + 1)]
        vectors = _fill(rng, n, vectors, spread)
        return Instance(n, _place_alice(rng, n, bob, vectors), bob, tuple(vectors))
    if kind == "sidon":
        p = max(2, n // 2)
        while not _is_prime(p):
            p -= 1
        c = (n + 1) // 2
        bob = (c, c)
        half = p // 2
        vectors = [(x - half, (x * x) % p - half) for x in range(p)]
        vectors = _fill(rng, n, vectors, spread)
        return Instance(n, _place_alice(rng, n, bob, vectors), bob, tuple(vectors))
    # kind == "bob"
    if n > 3:
        raise InputError(
            f"Bob cannot win on a {n} x {n} board: with {n} vectors he ends on at most "
            f"{1 + n + n * (n + 1) // 2} < {n * n} fields (counting lemma); use n = 2 or 3"
        )

    for _ in range(100_000):
        vectors = [(rng.randint(-(n - 1), n - 1), rng.randint(-(n - 1), n - 1)) for _ in range(n)]
        bob = _random_field(rng, n)
        alice = _random_field(rng, n, bob)
        inst = Instance(n, alice, bob, tuple(vectors))
        if solve(inst).outcome is Outcome.BOB:
            return inst
    raise InputError(f"no Bob win found for n = {n}")  # pragma: no cover
