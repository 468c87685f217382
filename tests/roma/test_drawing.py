"""Roma pictures: the legend and --scale for PNG output."""

from typer.testing import CliRunner

from escapology.cli import app
from escapology.core.svg import png_size

runner = CliRunner()
URL = "https://puzz.link/p?roma/3/3/70og4a322c5"


def test_render_legend_and_scale(tmp_path):
    svg = tmp_path / "r.svg"
    assert runner.invoke(app, ["roma", "render", URL, "--solution", "-o", str(svg)]).exit_code == 0
    assert ">arrow of the solution<" in svg.read_text() and ">given arrow<" in svg.read_text()
    widths = []
    for scale in ("1", "3"):
        png = tmp_path / f"r{scale}.png"
        r = runner.invoke(app, ["roma", "render", URL, "-o", str(png), "--scale", scale])
        assert r.exit_code == 0, r.output
        widths.append(png_size(png.read_bytes())[0])
    assert widths[0] == 300 and abs(widths[1] - 3 * widths[0]) <= 2
