"""The picture protocol shared by every game: svg(), png(scale), save(path, scale), legends, panels."""

import pytest

from escapology.core.svg import SWATCHES, Svg, legend, panel_grid, pick_panels, png_size, with_legend


def test_png_pixel_size_scales_with_scale():
    s = Svg(40, 25)
    s.rect(0, 0, 40, 25, fill="white")
    assert png_size(s.png(scale=1)) == (40, 25)
    assert png_size(s.png()) == (80, 50)  # the default scale is 2
    assert png_size(s.png(scale=3.5)) == (140, 88)


def test_save_at_two_scales_and_as_svg(tmp_path):
    s = Svg(30, 20)
    small = s.save(tmp_path / "a.png", scale=1)
    big = s.save(tmp_path / "b.PNG", scale=4)
    assert png_size(small.read_bytes()) == (30, 20) and png_size(big.read_bytes()) == (120, 80)
    text = s.save(tmp_path / "c.svg").read_text()
    assert text == s.svg() == s.to_string() and text.startswith("<svg")


def test_png_size_rejects_other_data():
    with pytest.raises(ValueError):
        png_size(b"GIF89a" + bytes(30))


def test_legend_draws_every_swatch_kind_with_its_label():
    s = Svg(400, 200)
    entries = [(kind, "#123456", f"label {i}") for i, kind in enumerate(SWATCHES)] + [("text:A", "red", "letter")]
    h = legend(s, 0, 0, entries, width=400)
    text = s.svg()
    assert h > 0 and all(f">label {i}<" in text for i in range(len(SWATCHES))) and ">letter<" in text
    with pytest.raises(ValueError):
        legend(Svg(10, 10), 0, 0, [("hexagon", "red", "x")])


def test_with_legend_grows_below_keeps_the_picture_and_wraps_the_note():
    pic = Svg(100, 50, scale=2)
    pic.rect(0, 0, 100, 50, fill="white")
    out = with_legend(pic, [("dot", "red", "start"), ("dot", "red", "start"), ("ring", "blue", "goal")],
                      note="a long note " * 10, min_width=200)
    text = out.svg()
    assert out.width == 200 and out.height > 50 and out.scale == 2
    assert text.count(">start<") == 1 and ">goal<" in text  # an entry repeated is drawn once
    assert text.count('font-style="italic"') >= 2  # the note wraps


def test_panel_grid_and_pick_panels():
    assert (panel_grid([Svg(10, 10)] * 3).width, panel_grid([Svg(10, 10)] * 3).height) == (30, 10)
    g = panel_grid([Svg(10, 10)] * 7, columns=2)
    assert (g.width, g.height) == (20, 40) and g.svg().count("<g transform") == 7
    keep, note = pick_panels(301, 24)
    assert len(keep) == 24 and keep[-1] == 300 and "not drawn" in note
