"""Pictures of a Labyrinth board and of every step of a plan: SVG/PNG, and text for the terminal.

>>> from escapology.labyrinth.model import Instance, Push
>>> inst = Instance.from_grid(["╷╴", "└ "], init=(1, 1), goal=(2, 2), max_steps=1)
>>> frames = replay(inst, [Push(1, "n")])
>>> [sorted(f.reach) for f in frames], [f.goal for f in frames]
([[0], [2, 3]], [3, 3])
>>> print(text_frames(inst, [Push(1, "n")]))
start
  2 ╷*
  1 @
<BLANKLINE>
after push(1,n,1).
  2 @@
  1 ╷
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from escapology.core.svg import Svg
from escapology.labyrinth.model import E, N, S, W, Board, Instance, Push, moved_position


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


def text_frames(inst: Instance, plan: Sequence[Push]) -> str:
    """Every frame as box-drawing text: ``@`` where the avatar can stand, ``*`` the goal field."""
    parts = []
    for f in replay(inst, plan):
        title = "start" if f.push is None else f"after {f.push.fact(f.step)}"
        body = f.board.text(avatar=f.reach, goal=f.goal)
        parts.append(f"{title}\n{body}")
    return "\n\n".join(p.rstrip() for p in parts).replace(" \n", "\n")


_CELL = 24


def frame_svg(frame: Frame, *, title: str | None = None) -> Svg:
    """One board: fields with their connections, reachable fields shaded, avatar and goal marked."""
    inst = frame.board.instance
    n = inst.n
    margin = 22
    size = n * _CELL
    svg = Svg(size + 2 * margin, size + 2 * margin + 8)
    svg.rect(0, 0, size + 2 * margin, size + 2 * margin + 8, fill="white")
    if title:
        svg.text(margin + size / 2, 11, title, size=11)
    oy = margin + 8
    half = _CELL / 2
    for p in range(n * n):
        x, y = divmod(p, n)
        cx = margin + y * _CELL + half
        cy = oy + (n - 1 - x) * _CELL + half
        fill = "#cfe8ff" if p in frame.reach else "#f4f1ea"
        svg.rect(cx - half, cy - half, _CELL, _CELL, fill=fill, stroke="#b9b2a3", stroke_width=0.6)
        mask = frame.board.connections_at(p)
        for bit, (dx, dy) in ((N, (0, -1)), (S, (0, 1)), (E, (1, 0)), (W, (-1, 0))):
            if mask & bit:
                svg.line(cx, cy, cx + dx * half, cy + dy * half, stroke="#6b4f2a", stroke_width=5,
                         stroke_linecap="butt")
        if mask:
            svg.circle(cx, cy, 2.6, fill="#6b4f2a")
        if p == frame.goal:
            svg.circle(cx, cy, 7, fill="none", stroke="#c0392b", stroke_width=2.5)
    avatar = [p for p in frame.reach]
    if len(avatar) == 1:
        x, y = divmod(avatar[0], n)
        svg.circle(margin + y * _CELL + half, oy + (n - 1 - x) * _CELL + half, 5, fill="#1f6feb")
    for i in range(n):  # coordinates: rows bottom to top, columns west to east
        svg.text(margin - 9, oy + (n - 1 - i) * _CELL + half, str(i + 1), size=8, fill="#777")
        svg.text(margin + i * _CELL + half, oy + size + 9, str(i + 1), size=8, fill="#777")
    if frame.push is not None:
        _push_arrow(svg, frame.push, n, margin, oy)
    return svg


def _push_arrow(svg: Svg, push: Push, n: int, ox: float, oy: float) -> None:
    half = _CELL / 2
    z = push.line - 1
    size = n * _CELL
    if push.moves_row:
        cy = oy + (n - 1 - z) * _CELL + half
        x0, x1 = (ox - 16, ox - 4) if push.direction == "e" else (ox + size + 16, ox + size + 4)
        svg.line(x0, cy, x1, cy, stroke="#c0392b", stroke_width=2)
        svg.polygon([(x1, cy), (x1 - 5 * (1 if x1 > x0 else -1), cy - 4), (x1 - 5 * (1 if x1 > x0 else -1), cy + 4)],
                    fill="#c0392b")
    else:
        cx = ox + z * _CELL + half
        y0, y1 = (oy + size + 16, oy + size + 4) if push.direction == "n" else (oy - 16, oy - 4)
        svg.line(cx, y0, cx, y1, stroke="#c0392b", stroke_width=2)
        sgn = 1 if y1 > y0 else -1
        svg.polygon([(cx, y1), (cx - 4, y1 - 5 * sgn), (cx + 4, y1 - 5 * sgn)], fill="#c0392b")


def plan_svg(inst: Instance, plan: Sequence[Push] = (), *, columns: int = 3) -> Svg:
    """The start and every step of ``plan``, side by side (``columns`` boards per row)."""
    frames = replay(inst, plan)
    panels = []
    for f in frames:
        title = "start" if f.push is None else f"step {f.step}: {f.push.fact(f.step)}"
        panels.append(frame_svg(f, title=title))
    w, h = panels[0].width, panels[0].height
    cols = min(columns, len(panels))
    rows = (len(panels) + cols - 1) // cols
    out = Svg(w * cols, h * rows)
    out.rect(0, 0, w * cols, h * rows, fill="white")
    for i, panel in enumerate(panels):
        out.group(panel, (i % cols) * w, (i // cols) * h)
    return out
