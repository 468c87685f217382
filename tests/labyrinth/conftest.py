from pathlib import Path

import pytest

SHARED = Path(__file__).resolve().parents[2].parent / "shared" / "instances" / "labyrinth"
EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "labyrinth"


@pytest.fixture
def shared_dir() -> Path:
    if not SHARED.is_dir():
        pytest.skip("../shared/instances/labyrinth is not present")
    return SHARED
