from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
MAP = ROOT.parent / "shared" / "enchanted_forest" / "map_graph.xml"
MAP_COORDS = ROOT.parent / "shared" / "enchanted_forest" / "map_graph_with_coords.xml"
EXAMPLE = ROOT / "examples" / "forest" / "glade.lp"


@pytest.fixture
def real_map() -> Path:
    if not MAP.exists():
        pytest.skip("../shared/enchanted_forest is absent")
    return MAP


@pytest.fixture
def real_map_coords() -> Path:
    if not MAP_COORDS.exists():
        pytest.skip("../shared/enchanted_forest is absent")
    return MAP_COORDS
