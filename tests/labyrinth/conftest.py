from pathlib import Path

import pytest

SHARED = Path(__file__).resolve().parents[2].parent / "shared" / "instances" / "labyrinth"
EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "labyrinth"


@pytest.fixture
def shared_dir() -> Path:
    if not SHARED.is_dir():
        pytest.skip("../shared/instances/labyrinth is not present")
    return SHARED


@pytest.fixture(scope="session")
def single_search():
    """``single_search(name)``: the shared instance ``asptools-ntdb__NAME.asp`` and its single
    search (the native engine on one worker), made once per session: the minimum the tests of the
    split and of ``--goal any`` compare with (0157 and 0166 take some 2 s each)."""
    if not SHARED.is_dir():
        pytest.skip("../shared/instances/labyrinth is not present")
    from escapology.labyrinth import load, solve

    done = {}

    def get(name):
        if name not in done:
            inst = load(SHARED / f"asptools-ntdb__{name}.asp")
            done[name] = (inst, solve(inst, workers=1))
        return done[name]

    return get

