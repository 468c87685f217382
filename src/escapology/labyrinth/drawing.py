"""Pictures of a Labyrinth board and of every step of a plan: SVG/PNG, and text for the terminal
(rows numbered left of each board from 1 at the bottom, columns under it from 1 at the left, as the
facts number them, and one legend line):

>>> from escapology.labyrinth.model import Instance, Push
>>> inst = Instance.from_grid(["╷╴", "└ "], init=(1, 1), goal=(2, 2), max_steps=1)
>>> frames = replay(inst, [Push(1, "n")])
>>> [sorted(f.reach) for f in frames], [f.goal for f in frames]
([[0], [2, 3]], [3, 3])
>>> print(text_frames(inst, [Push(1, "n")]))
start
2 ╷*
1 @
  12
<BLANKLINE>
after push(1,n,1).
2 @@
1 ╷
  12
(@ the avatar can stand here, * the goal, ╷ a field's connections; field (x,y) = (row,column))
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from escapology.core.textboard import Key, fields_of, frame, legend
from escapology.core.tiles import ARMS
from escapology.core.svg import LegendEntry, Svg, axis_labels, panel_grid, pick_panels, with_legend
from escapology.labyrinth.model import COORDINATES, E, N, S, W, Board, Instance, Push, moved_position


@dataclass(frozen=True)
class Frame:
    """The board after some pushes, where the avatar can stand, and where the goal is."""

    board: Board
    reach: frozenset[int]
    goal: int
    push: Push | None
    step: int


def replay(inst: Instance, plan: Sequence[Push]) -> list[Frame]:
    """The start position and the position after every push of ``plan``."""
    n = inst.n
    board = Board.initial(inst)
    reach = frozenset({inst.init_position})
    goal = inst.goal_position
    frames = [Frame(board, reach, goal, None, 0)]
    for step, push in enumerate(plan, start=1):
        board = board.push(push)
        reach = frozenset(board.reachable(moved_position(n, p, push) for p in reach))
        goal = moved_position(n, goal, push)
        frames.append(Frame(board, reach, goal, push, step))
    return frames


#: the key to :func:`text_frames`: which glyphs stand for what
TEXT_KEYS = (Key("@", "the avatar can stand here"), Key("*", "the goal"),
             Key("".join(ARMS.values()), "a field's connections"))


def text_frames(inst: Instance, plan: Sequence[Push] | None = ()) -> str:
    """Every frame as box-drawing text (:meth:`Board.text <escapology.labyrinth.model.Board.text>`:
    ``@`` where the avatar can stand, ``*`` the goal field), rows and columns numbered as the facts
    number them (:data:`~escapology.labyrinth.model.COORDINATES`), and one legend line after them."""
    parts, bodies = [], []
    n = inst.n
    for f in replay(inst, plan or ()):
        title = "start" if f.push is None else f"after {f.push.fact(f.step)}"
        body = f.board.text(avatar=f.reach, goal=f.goal).split("\n")
        bodies += body
        parts.append("\n".join([title, *frame(body, COORDINATES, n, n, row_lines=range(n), column_at=range(n))]))
    return "\n\n".join(parts) + "\n" + legend(TEXT_KEYS, bodies, fields=fields_of(COORDINATES))


_CELL = 24
MAX_PANELS = 24  # a plan with more pushes shows its first 23 steps and its last

PATH = "#6b4f2a"
REACH = "#cfe8ff"
AVATAR = "#1f6feb"
GOAL = "#c0392b"
PUSHED = "#f39c12"
FIELD = "#f4f1ea"


def _cell_size(n: int) -> float:
    """Smaller cells on bigger boards, so a panel stays about 400 units wide at most."""
    return max(8.0, min(float(_CELL), 400.0 / n))


def frame_svg(frame: Frame, *, title: str | None = None) -> Svg:
    """One board: fields with their connections, the fields the avatar can reach shaded with a dot
    on each (one dot: the avatar itself), the goal ringed, the pushed line banded with an arrow."""
    inst = frame.board.instance
    n = inst.n
    cell = _cell_size(n)
    margin = 22
    size = n * cell
    height = size + 2 * margin + 22
    svg = Svg(size + 2 * margin, height)
    svg.rect(0, 0, size + 2 * margin, height, fill="white")
    if title:
        svg.text(margin + size / 2, 10, title, size=11)
    if frame.goal in frame.reach and frame.push is not None:
        svg.text(margin + size / 2, height - 8, "goal reached", size=10, fill="#1e7b34", font_weight="bold")
    oy = margin + 12
    half = cell / 2
    arm = max(2.0, cell * 0.21)
    for p in range(n * n):
        x, y = divmod(p, n)
        cx = margin + y * cell + half
        cy = oy + (n - 1 - x) * cell + half
        fill = REACH if p in frame.reach else FIELD
        svg.rect(cx - half, cy - half, cell, cell, fill=fill, stroke="#b9b2a3", stroke_width=0.6)
        mask = frame.board.connections_at(p)
        for bit, (dx, dy) in ((N, (0, -1)), (S, (0, 1)), (E, (1, 0)), (W, (-1, 0))):
            if mask & bit:
                svg.line(cx, cy, cx + dx * half, cy + dy * half, stroke=PATH, stroke_width=arm,
                         stroke_linecap="butt")
        if mask:
            svg.circle(cx, cy, arm / 2 + 0.5, fill=PATH)
    if frame.push is not None:
        _push_band(svg, frame.push, n, cell, margin, oy)
    for p in range(n * n):
        x, y = divmod(p, n)
        cx = margin + y * cell + half
        cy = oy + (n - 1 - x) * cell + half
        if p == frame.goal:
            svg.circle(cx, cy, cell * 0.3, fill="none", stroke=GOAL, stroke_width=max(1.5, cell * 0.1))
        if p in frame.reach:
            r = cell * 0.21 if len(frame.reach) == 1 else cell * 0.14
            svg.circle(cx, cy, r, fill=AVATAR, stroke="white", stroke_width=0.6)
    if n <= 30:
        axis_labels(svg, COORDINATES, n, n, left=margin, top=oy, cell=cell, gap=9, size=min(8, cell * 0.7), fill="#777")
    if frame.push is not None:
        _push_arrow(svg, frame.push, n, cell, margin, oy)
    return svg


def _push_band(svg: Svg, push: Push, n: int, cell: float, ox: float, oy: float) -> None:
    z = push.line - 1
    size = n * cell
    if push.moves_row:
        y = oy + (n - 1 - z) * cell
        svg.rect(ox, y, size, cell, fill=PUSHED, fill_opacity=0.3, stroke=PUSHED, stroke_width=1.5)
    else:
        svg.rect(ox + z * cell, oy, cell, size, fill=PUSHED, fill_opacity=0.3, stroke=PUSHED, stroke_width=1.5)


def _push_arrow(svg: Svg, push: Push, n: int, cell: float, ox: float, oy: float) -> None:
    """The push's direction, drawn on the sides without coordinates (rows on the right, columns on top)."""
    half = cell / 2
    z = push.line - 1
    size = n * cell
    if push.moves_row:
        cy = oy + (n - 1 - z) * cell + half
        x0, x1 = (ox + size + 3, ox + size + 18) if push.direction == "e" else (ox + size + 18, ox + size + 3)
        svg.arrow(x0, cy, x1, cy, colour=GOAL, width=2, head=6)
    else:
        cx = ox + z * cell + half
        y0, y1 = (oy - 3, oy - 16) if push.direction == "n" else (oy - 16, oy - 3)
        svg.arrow(cx, y0, cx, y1, colour=GOAL, width=2, head=6)


def legend_entries(frames: Sequence[Frame]) -> list[LegendEntry]:
    """The legend of the marks these frames use."""
    entries: list[LegendEntry] = [("line", PATH, "connection")]
    if any(len(f.reach) > 1 for f in frames):
        entries.append(("square", REACH, "fields the avatar can reach"))
        entries.append(("dot", AVATAR, "avatar (a dot on each field it can reach)"))
    else:
        entries.append(("dot", AVATAR, "avatar"))
    entries.append(("ring", GOAL, "goal"))
    if any(f.push is not None for f in frames):
        entries.append(("band", PUSHED, "pushed line"))
        entries.append(("arrow", GOAL, "push direction"))
    return entries


def plan_svg(inst: Instance, plan: Sequence[Push] = (), *, columns: int | None = None,
             max_panels: int = MAX_PANELS) -> Svg:
    """The start and every step of ``plan``: one panel per push, wrapped into rows (``columns``
    per row, by default about a landscape rectangle), with a legend; a plan of more than
    ``max_panels - 1`` pushes shows its first steps and its last, with a note.

    >>> from escapology.labyrinth.model import Instance, Push
    >>> inst = Instance.from_grid(["╷╴", "└ "], init=(1, 1), goal=(2, 2), max_steps=1)
    >>> text = plan_svg(inst, [Push(1, "n")]).svg()
    >>> text.count("push(1,n,1)."), "pushed line" in text, "goal" in text
    (1, True, True)
    """
    frames = replay(inst, plan)
    keep, note = pick_panels(len(frames), max_panels)
    panels = []
    for i in keep:
        f = frames[i]
        title = "start" if f.push is None else f"step {f.step}: {f.push.fact(f.step)}"
        panels.append(frame_svg(f, title=title))
    grid = panel_grid(panels, columns)
    return with_legend(grid, legend_entries([frames[i] for i in keep]), note=note, min_width=420)
