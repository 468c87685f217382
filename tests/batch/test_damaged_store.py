"""A damaged results store (issue 32): noticed when opened, exit 2 with the file and what SQLite
found, no traceback; ``escapology results STORE --salvage NEW`` copies the rows still readable."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from escapology.batch.store import Store, salvage_rows
from escapology.core.errors import InputError

ROWS = 600
ESCAPOLOGY = [sys.executable, "-m", "escapology"]
EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def _filled(path: Path) -> None:
    with Store(path) as store:
        for i in range(ROWS):
            store.record({"content_hash": f"{i:064x}", "game": "chess", "engine": "exact", "options": "{}",
                          "status": "solved", "answer": json.dumps({"text": "x" * 300}), "seconds": i / 10})


def _damage(path: Path, seed: int = 7) -> None:
    """8 KiB of random bytes into the middle of the file (after its first page)."""
    data = bytearray(path.read_bytes())
    middle = max(4096, len(data) // 2 - 4096)
    data[middle:middle + 8192] = random.Random(seed).randbytes(8192)
    path.write_bytes(bytes(data))


@pytest.fixture
def damaged(tmp_path: Path) -> Path:
    path = tmp_path / "damaged.db"
    _filled(path)
    assert path.stat().st_size > 64 * 1024 and not Path(f"{path}-wal").exists()
    _damage(path)
    return path


def test_an_intact_store_opens(tmp_path: Path) -> None:
    path = tmp_path / "fine.db"
    _filled(path)
    with Store(path) as store:
        assert len(store) == ROWS


def test_a_damaged_store_is_refused_when_opened(damaged: Path) -> None:
    with pytest.raises(InputError) as err:
        Store(damaged)
    message = str(err.value)
    assert str(damaged) in message and "damaged" in message and "--salvage" in message


@pytest.mark.parametrize("command", [["results"], ["results", "-f", "json"], ["report"], ["batch", "RUN"]])
def test_the_commands_say_so_with_exit_2_and_no_traceback(damaged: Path, tmp_path: Path, command: list[str]) -> None:
    if command == ["batch", "RUN"]:
        args = ["batch", str(EXAMPLES / "chess" / "teleport.txt"), "--store", str(damaged)]
    elif command[0] == "report":
        args = ["report", str(damaged), "-o", str(tmp_path / "r.html")]
    else:
        args = [*command, str(damaged)]
    out = subprocess.run([*ESCAPOLOGY, *args], capture_output=True, text=True, timeout=120)
    assert out.returncode == 2, (args, out.stdout, out.stderr)
    assert "Traceback" not in out.stderr and str(damaged) in out.stderr and "--salvage" in out.stderr


def test_salvage_copies_the_readable_rows_into_a_sound_store(damaged: Path, tmp_path: Path) -> None:
    into = tmp_path / "saved.db"
    out = subprocess.run([*ESCAPOLOGY, "results", str(damaged), "--salvage", str(into)], capture_output=True,
                         text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    copied, unreadable = (int(w) for w in out.stdout.split() if w.isdigit())
    with Store(into) as store:  # opens: quick_check passes
        rows = store.rows()
    assert len(rows) == copied and 0 < copied < ROWS
    # every row copied is one of those written, unchanged
    for row in rows:
        i = int(row["content_hash"], 16)
        assert row["seconds"] == i / 10 and json.loads(row["answer"]) == {"text": "x" * 300}
    assert salvage_rows.__doc__ and "rowid" in salvage_rows.__doc__
    assert unreadable >= 0


def test_salvage_refuses_to_write_over_a_file(damaged: Path, tmp_path: Path) -> None:
    (tmp_path / "exists.db").write_text("keep me")
    with pytest.raises(InputError, match="exists already"):
        salvage_rows(damaged, tmp_path / "exists.db")
    assert (tmp_path / "exists.db").read_text() == "keep me"
