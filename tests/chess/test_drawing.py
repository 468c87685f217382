"""Chess pictures: a legend, and the witness's capture, moves and teleport as arrows of distinct styles."""

from pathlib import Path

from typer.testing import CliRunner

from escapology.chess import parse_instance, solve
from escapology.chess.cli import app
from escapology.chess.drawing import ALICE, BOB, SAFE, render_svg
from escapology.core.svg import png_size

runner = CliRunner()
EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "chess"


def _picture(name: str, witness: bool = True) -> str:
    inst = parse_instance((EXAMPLES / name).read_text())
    return render_svg(inst, solve(inst) if witness else None).svg()


def test_teleport_is_a_dashed_green_arrow_with_a_legend():
    text = _picture("teleport.txt")
    assert 'stroke-dasharray="5,3"' in text and f'stroke="{SAFE}"' in text
    for label in ("Alice", "Bob", "Bob ends his turn here (0-2 moves)", "Alice ends her turn here (1-2 moves)",
                  "safe field: Bob cannot reach it", "Alice's teleport to the safe field"):
        assert f">{label}<" in text, label
    assert "capturing" not in text


def test_capture_is_a_solid_blue_arrow():
    text = _picture("alice.txt")
    assert ">Alice's capturing moves<" in text and f'<line x1=' in text and 'stroke-dasharray' not in text
    assert text.count(f'<polygon points=') >= 2 and f'fill="{ALICE}"' in text  # heads of her two moves
    assert "safe field" not in text


def test_bob_win_draws_his_captures():
    text = _picture("bob.txt")
    assert ">Bob's capture, for each field Alice can end on<" in text and f'stroke="{BOB}"' in text


def test_no_witness_only_the_board_marks():
    text = _picture("alice.txt", witness=False)
    assert ">Alice<" in text and "arrow" not in text and "capturing" not in text and "no answer" in text


def test_render_cli_scale(tmp_path):
    widths = []
    for scale in ("1", "2.5"):
        out = tmp_path / f"c{scale}.png"
        r = runner.invoke(app, ["render", str(EXAMPLES / "teleport.txt"), "-o", str(out), "--scale", scale])
        assert r.exit_code == 0, r.output
        widths.append(png_size(out.read_bytes())[0])
    assert abs(widths[1] - 2.5 * widths[0]) <= 2
