"""Start-up stays light: the command line imports a game only when it runs, and no heavy library
for ``import escapology.cli`` or ``escapology --help`` (times: ``benchmarks/startup.py``)."""

import subprocess
import sys

import pytest

HEAVY = ("numpy", "scipy", "networkx", "cairosvg", "pysat", "clingo", "matplotlib")
GAMES = ("labyrinth", "amazeing", "forest", "nemesis", "chess", "roma")


def imported_after(code: str) -> set[str]:
    """The top-level packages in ``sys.modules`` after running ``code`` in a fresh interpreter."""
    probe = (
        "import sys\n" + code + "\n"
        "print(' '.join(sorted({m.split('.')[0] for m in sys.modules} | "
        "{m for m in sys.modules if m.startswith('escapology.')})))"
    )
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    return set(out.stdout.split())


def test_import_cli_imports_no_heavy_library_and_no_game():
    mods = imported_after("import escapology.cli")
    assert not mods & set(HEAVY)
    assert not {m for m in mods if m.endswith(".cli") and m != "escapology.cli"}


def test_help_imports_no_heavy_library_and_no_game_cli():
    code = (
        "import contextlib, io\n"
        "from escapology.cli import app\n"
        "with contextlib.redirect_stdout(io.StringIO()) as out:\n"
        "    try:\n"
        "        app(['--help'])\n"
        "    except SystemExit:\n"
        "        pass\n"
        "assert 'roma' in out.getvalue() and 'Teleport chess' in out.getvalue()"
    )
    mods = imported_after(code)
    assert not mods & set(HEAVY)
    assert not {f"escapology.{g}.cli" for g in GAMES} & mods


@pytest.mark.parametrize("game", GAMES)
def test_a_game_package_and_its_cli_import_no_heavy_library(game):
    mods = imported_after(f"import escapology.{game}, escapology.{game}.cli")
    assert not mods & set(HEAVY)
    # only the game asked for
    assert not {f"escapology.{g}.cli" for g in GAMES if g != game} & mods
