"""The independent checker of binary escape trees (Definition 10; found by
:func:`escapology.nemesis.engines.escape_tree.find_escape_tree`).

>>> from escapology.nemesis.model import Instance
>>> g = Instance.from_edges([("s","a"),("a","x"),("a","b"),("b","x"),("b","y")],
...                         exits={"x","y"}, start="s").graph()
>>> check_escape_tree(g, {"a": ["b", "x"], "b": ["x", "y"]}, g.index["a"])
(True, 'a binary escape tree rooted at a')
>>> check_escape_tree(g, {"a": ["b", "x"], "b": ["x", "s"]}, g.index["a"])
(False, 'no edge b-s')
"""

from __future__ import annotations

from typing import Any

from escapology.nemesis.model import Graph


def check_escape_tree(g: Graph, tree: Any, root: int | None = None) -> tuple[bool, str]:
    """Check that ``tree`` (``{vertex: [two children]}``) is a binary escape tree of ``g`` rooted at
    ``root`` (default: the start), Definition 10."""
    r = g.start if root is None else root
    if r is None or not isinstance(tree, dict):
        return False, "a tree is an object {vertex: [children]}"
    name_r = g.names[r]
    if g.is_exit[r]:
        return (True, f"the exit {name_r} is a binary escape tree on its own") if not tree else (
            False, f"the root {name_r} is an exit: it has no children")
    seen = {name_r}
    stack = [name_r]
    while stack:
        u = stack.pop()
        ch = tree.get(u)
        if not isinstance(ch, list):
            return False, f"internal vertex {u} has no list of children"
        if len(ch) != 2:
            return False, f"{u} has {len(ch)} children, needs 2"
        used: dict[str, int] = {}
        for c in ch:
            e = g.edge_id(u, c) if isinstance(c, str) else None
            if e is None:
                return False, f"no edge {u}-{c}"
            used[c] = used.get(c, 0) + 1
            if used[c] > g.mult[e]:
                return False, f"edge {u}-{c} used more often than its multiplicity"
            if g.is_exit[g.index[c]]:
                continue
            if c in seen:
                return False, f"vertex {c} appears twice"
            seen.add(c)
            stack.append(c)
    extra = set(tree) - seen
    if extra:
        return False, f"vertices outside the tree: {sorted(extra)}"
    return True, f"a binary escape tree rooted at {name_r}"
