"""A Nemesis strategy's node table in flat arrays, read from a document or streamed from a file.

The checker of :mod:`escapology.nemesis.checkers.nemesis` needs, per node ``j``: its vertex
``at[j]``, whether it claims ``trapped``, and its answers -- for each vertex ``w`` the fugitive may
move to, the next node ``k`` (on ``w``) and the deletion ``c`` (an edge id, or -1 for none).
:class:`NodeTable` keeps these in typed arrays (answers in one array sorted by ``w`` within each
node, found by :meth:`NodeTable.answer`): about 30 bytes per node with three answers, against
about a kilobyte as Python dicts and lists, which is what lets a 60-million-node strategy be
checked on a 24 GiB machine. Everything a schema cannot say is checked while reading: vertex and
edge names of the graph, references to earlier nodes only (so the table is acyclic), one answer
per vertex moved to.

>>> from escapology.nemesis.model import Instance
>>> from escapology.nemesis.checkers.base import Names
>>> g = Instance.from_edges([("s","a"),("a","x"),("s","b")], exits={"x"}, start="s").graph()
>>> t = NodeTable.read([{"at": "a", "trapped": True}, {"at": "b", "trapped": True},
...                     {"at": "s", "answers": [[1, "a", "x"], [0, "s", "b"]]}], Names(g))
>>> len(t), t.trapped[0], g.names[t.at[2]]
(3, 1, 's')
>>> i = t.answer(2, g.index["a"]); t.ans_node[i], g.edge_name(t.ans_edge[i])
(0, ['b', 's'])
>>> NodeTable.read([{"at": "s", "answers": [[0, "a", "x"]]}], Names(g))
Traceback (most recent call last):
...
escapology.nemesis.checkers.base.Rejected: node 0: the reference 0 is not an earlier node (0..-1)
"""

from __future__ import annotations

from array import array
from typing import Any, Iterable

from escapology.nemesis.checkers.base import Names, Rejected

_KEYS = frozenset(("at", "answers", "trapped"))


class NodeTable:
    """The nodes of a Nemesis strategy: ``at``, ``trapped`` and the answers of node ``j`` at
    ``ans_node[off[j]:off[j+1]]`` / ``ans_edge[...]`` (-1: no deletion), sorted by the vertex
    moved to, ``at[ans_node[i]]``."""

    __slots__ = ("at", "trapped", "off", "ans_node", "ans_edge")

    def __init__(self) -> None:
        self.at = array("i")
        self.trapped = bytearray()
        self.off = array("q", [0])
        self.ans_node = array("i")
        self.ans_edge = array("i")

    def __len__(self) -> int:
        return len(self.at)

    @classmethod
    def read(cls, nodes: Iterable[Any], names: Names) -> NodeTable:
        """The table of ``nodes`` (a list, or a stream of node objects); raises :class:`Rejected`
        at the first node that is malformed or names what the graph lacks."""
        t = cls()
        at, trapped, off, ans_node, ans_edge = t.at, t.trapped, t.off, t.ans_node, t.ans_edge
        vertex, named_edge, ref = names.vertex, names.named_edge, names.ref
        vnames = names.g.names
        for i, nd in enumerate(nodes):
            if type(nd) is not dict or "at" not in nd or not _KEYS.issuperset(nd):
                raise Rejected(f"node {i}: a Nemesis node is {{\"at\", \"answers\"}} or {{\"at\", \"trapped\"}}, "
                               f"not {str(nd)[:80]}")
            where = f"node {i}"
            at.append(vertex(nd["at"], where))
            flag = nd.get("trapped")
            if flag is not None:
                if flag is not True or "answers" in nd:
                    raise Rejected(f"{where}: 'trapped' is true and comes without answers")
                trapped.append(1)
                off.append(len(ans_node))
                continue
            trapped.append(0)
            answers = nd.get("answers")
            if type(answers) is not list:
                raise Rejected(f"{where}: 'answers' is a list of [node, a, b] or [node]")
            rows = []
            for a in answers:
                if type(a) is not list or len(a) not in (1, 3):
                    raise Rejected(f"{where}: an answer is [node, a, b] or [node], not {a!r}")
                k = ref(a[0], i, i + 1)
                rows.append((at[k], k, named_edge(a[1], a[2], where) if len(a) == 3 else -1))
            rows.sort()
            for r in range(1, len(rows)):
                if rows[r][0] == rows[r - 1][0]:
                    raise Rejected(f"{where}: the move to {vnames[rows[r][0]]} is answered twice")
            for _, k, c in rows:
                ans_node.append(k)
                ans_edge.append(c)
            off.append(len(ans_node))
        return t

    def answer(self, j: int, w: int) -> int:
        """The index of node ``j``'s answer to the move to ``w`` (in ``ans_node``), or -1."""
        lo, end = self.off[j], self.off[j + 1]
        hi = end
        at, ans_node = self.at, self.ans_node
        # binary search in long lists (high degree), short ones scanned; the first answer to a
        # vertex >= w stays in [lo, hi] (hi included: at[ans_node[hi]] >= w once hi has moved)
        while hi - lo > 8:
            mid = (lo + hi) // 2
            if at[ans_node[mid]] < w:
                lo = mid + 1
            else:
                hi = mid
        for i in range(lo, min(hi + 1, end)):
            v = at[ans_node[i]]
            if v == w:
                return i
            if v > w:
                break
        return -1
