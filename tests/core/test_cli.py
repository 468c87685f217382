from typer.testing import CliRunner

from escapology.cli import app

runner = CliRunner()


def test_version():
    result = runner.invoke(app, ["--version"])
    assert result.exit_code == 0
    assert result.output.startswith("escapology ")


def test_solve_unknown_file_is_bad_input(tmp_path):
    missing = tmp_path / "nope.lp"
    result = runner.invoke(app, ["solve", str(missing)])
    assert result.exit_code == 2
    assert "no such file" in result.output
    assert "Traceback" not in result.output


def test_solve_unrecognised_content_is_bad_input(tmp_path):
    f = tmp_path / "x.txt"
    f.write_text("this is not a puzzle\n")
    result = runner.invoke(app, ["solve", str(f)])
    assert result.exit_code == 2
    assert "not an instance of any game" in result.output
