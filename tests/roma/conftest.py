import json
import random
from pathlib import Path

import pytest
from hypothesis import strategies as st

from escapology.roma.model import Puzzle

SHARED = Path(__file__).resolve().parents[2].parent / "shared" / "instances" / "roma" / "puzzles.jsonl"


def real_puzzles():
    if not SHARED.exists():
        return []
    return [json.loads(line) for line in SHARED.read_text().splitlines() if line.strip()]


@pytest.fixture
def reals():
    data = real_puzzles()
    if not data:
        pytest.skip("../shared/instances/roma is absent")
    return data


def random_puzzle(rng: random.Random, max_rows=3, max_cols=4, max_label=2, goals=(1, 2), givens=(0, 2)) -> Puzzle:
    R, C = rng.randint(1, max_rows), rng.randint(1, max_cols)
    if R * C < 2:
        C = 2
    labels = [[rng.randint(0, max_label) for _ in range(C)] for _ in range(R)]
    g = [["."] * C for _ in range(R)]
    for _ in range(rng.randint(*goals)):
        g[rng.randrange(R)][rng.randrange(C)] = "O"
    for _ in range(rng.randint(*givens)):
        r, c = rng.randrange(R), rng.randrange(C)
        if g[r][c] == ".":
            g[r][c] = rng.choice("^v<>")
    return Puzzle.from_labels(labels, ["".join(row) for row in g])


puzzles = st.builds(lambda seed: random_puzzle(random.Random(seed)), st.integers(0, 10**9))
