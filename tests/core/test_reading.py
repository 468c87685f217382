"""The one reader of every game (issue 32): FIFOs, devices and directories are refused at once
(exit 2, not a hang), read errors and deep JSON are one line naming the file, never a traceback,
in ``solve`` and in both arguments of ``check``."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

from escapology.core.errors import InputError
from escapology.core.reading import parse_json, read_stdin, read_text_file

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(Path(__file__).parent))
from shipped import EXAMPLE, EXAMPLES  # noqa: E402

ESCAPOLOGY = [sys.executable, "-m", "escapology"]


def _run(args: list[str], **kw: object) -> subprocess.CompletedProcess:
    # a hang is what is tested against: the limit fails the test long before a FIFO would be written
    return subprocess.run([*ESCAPOLOGY, *args], capture_output=True, text=True, timeout=30, cwd=ROOT, **kw)


def _refused(out: subprocess.CompletedProcess, name: str, says: str) -> None:
    assert out.returncode == 2, (out.stdout, out.stderr)
    assert "Traceback" not in out.stderr and name in out.stderr and says in out.stderr, out.stderr


@pytest.fixture
def fifo(tmp_path: Path) -> Path:
    path = tmp_path / "fifo.lp"
    os.mkfifo(path)
    return path


@pytest.mark.parametrize("game", sorted(EXAMPLE))
def test_a_fifo_is_refused_at_once_in_solve_and_in_both_arguments_of_check(game: str, fifo: Path,
                                                                           tmp_path: Path) -> None:
    _refused(_run([game, "solve", str(fifo), "-t", "3"]), str(fifo), "FIFO")
    example = str(EXAMPLES / EXAMPLE[game])
    _refused(_run([game, "check", str(fifo), example]), str(fifo), "FIFO")
    _refused(_run([game, "check", example, str(fifo)]), str(fifo), "FIFO")


@pytest.mark.parametrize("game", sorted(EXAMPLE))
def test_devices_are_refused(game: str) -> None:
    _refused(_run([game, "solve", "/dev/zero", "-t", "3"]), "/dev/zero", "character device")
    example = str(EXAMPLES / EXAMPLE[game])
    _refused(_run([game, "check", example, "/dev/zero"]), "/dev/zero", "character device")
    with open("/dev/zero", "rb") as zero:
        _refused(_run([game, "solve", "-", "-t", "3"], stdin=zero), "<stdin>", "device")


def test_the_game_recognising_solve_refuses_them_too(fifo: Path) -> None:
    _refused(_run(["solve", str(fifo), "-t", "3"]), str(fifo), "FIFO")
    _refused(_run(["solve", "/dev/zero", "-t", "3"]), "/dev/zero", "character device")


@pytest.mark.skipif(not Path("/proc/self/mem").exists(), reason="Linux /proc")
def test_a_read_error_is_one_line() -> None:
    _refused(_run(["labyrinth", "solve", "/proc/self/mem"]), "/proc/self/mem", "cannot read it")


def test_the_size_limit_is_checked_before_reading(tmp_path: Path) -> None:
    big = tmp_path / "big.lp"
    with open(big, "wb") as fh:  # a sparse file: its size says it all, nothing of it is read
        fh.truncate(5000)
    with pytest.raises(InputError, match="larger than the 4,096 bytes"):
        read_text_file(big, limit=4096)
    assert read_text_file(big, limit=5000) == "\0" * 5000


def test_standard_input_is_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    class Stdin:
        buffer = io.BytesIO(b"x" * 100)

    monkeypatch.setattr(sys, "stdin", Stdin())
    with pytest.raises(InputError, match="<stdin>: is larger than the 50 bytes"):
        read_stdin(limit=50)


@pytest.mark.parametrize("game", sorted(EXAMPLE))
def test_a_deeply_nested_certificate_is_bad_input(game: str, tmp_path: Path) -> None:
    for text in ("[" * 200_000 + "]" * 200_000, '{"certificate": ' + "[" * 200_000 + "]" * 200_000 + "}"):
        deep = tmp_path / "deep.json"
        deep.write_text(text)
        out = _run([game, "check", str(EXAMPLES / EXAMPLE[game]), str(deep)])
        assert out.returncode in (1, 2) and "Traceback" not in out.stderr, out.stderr[-2000:]
        if out.returncode == 2:  # bad input names the file; exit 1 is a certificate rejected (Roma reads text)
            assert str(deep) in out.stderr


def test_parse_json_names_the_file() -> None:
    assert parse_json('{"a": [1, 2]}') == {"a": [1, 2]}
    with pytest.raises(InputError, match="^c.json: JSON nested too deeply"):
        parse_json("[" * 100_000, "c.json")
