from __future__ import annotations

from hypothesis import strategies as st

from escapology.chess.model import Instance


@st.composite
def instances(draw, min_n: int = 2, max_n: int = 6, spread: int | None = None):
    """Small random instances; vectors may repeat and may be too long to use at all."""
    n = draw(st.integers(min_n, max_n))
    r = n if spread is None else spread
    coord = st.integers(1, n)
    alice = (draw(coord), draw(coord))
    bob = draw(st.tuples(coord, coord).filter(lambda f: f != alice))
    vec = st.tuples(st.integers(-r, r), st.integers(-r, r))
    vectors = tuple(draw(st.lists(vec, min_size=n, max_size=n)))
    return Instance(n, alice, bob, vectors)
