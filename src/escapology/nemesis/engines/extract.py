"""Strategy documents (:mod:`escapology.nemesis.strategy.document`) from the exact solver's tables.

Both are built depth first on an explicit stack and written in post-order (a node after the nodes
it refers to), so the table needs no second pass and no recursion limit applies.

- :func:`fugitive_strategy`: one node per Nemesis-turn entry of the solver's table that the
  strategy uses (the solver's positions are simplified, so one node serves many real positions);
  the replies are the solver's own: the deletions it tried and, for a deletion in the support of
  the default answer, an answer whose support avoids it (support covering, step 6 of
  :mod:`escapology.nemesis.engines.exact_python`). A search up to symmetry shares its entries
  between the positions of an orbit, so its table cannot be read this way: the crate walks real
  positions instead (``native/src/nemesis/fugitive_walk.rs``), writing the document of
  :func:`fugitive_strategy_by_positions` node for node (that Python walker is its reference, which
  the tests compare it with; on Lemma 14's graph, 21,635 nodes, 4.4 s against 13.7 s).
- :func:`write_fugitive_strategy`: the same document written to a file (streamed by the crate for
  a search up to symmetry).
- :func:`nemesis_strategy`: one node per *full* position of the game without revisits (vertex,
  remaining multigraph, vertices left behind) that the strategy reaches; the deletion is the one
  the solver proved; a position where the trap rule holds (:mod:`escapology.nemesis.checkers.nemesis`)
  is a ``trapped`` leaf.
- :func:`write_nemesis_strategy`: the same document written straight to a file; with the native
  search the crate writes it (``native/src/nemesis/strategy_writer.rs``: the same traversal, node
  for node, in compact memory), so that strategies of tens of millions of nodes fit in memory.
  :func:`nemesis_strategy_document` reads the crate's file back: the document in memory, some 5
  times faster than :func:`nemesis_strategy` (what :func:`escapology.nemesis.engines.exact.solve` uses).
"""

from __future__ import annotations

import json
import tempfile
from pathlib import Path
from typing import Any

from escapology.core.limits import LimitReached
from escapology.core.progress import search_progress
from escapology.core.wording import plural
from escapology.nemesis.checkers.base import MASK, PositionMemo, mix, paused_gc, same_deletions_and_visits
from escapology.nemesis.engines.exact_python import Search
from escapology.nemesis.strategy.document import fugitive_document, nemesis_document, whole_file, write_document


class StrategyTooLarge(Exception):
    """The strategy would have more nodes than the caller allowed."""


def fugitive_strategy(sr: Search, start: int, *, max_nodes: int | None = None) -> dict[str, Any]:
    """The fugitive's winning strategy from ``start`` (the search must have proven his win).

    For a search that runs up to symmetry (``sr.symmetric``, always a
    :class:`~escapology.nemesis.engines.native.NativeSearch`) the crate walks real positions
    (:func:`write_fugitive_strategy`): the document of :func:`fugitive_strategy_by_positions`,
    read back from a temporary file. Raises :class:`StrategyTooLarge` beyond ``max_nodes`` nodes
    and :class:`~escapology.core.limits.LimitReached` when the search's deadline passes."""
    if getattr(sr, "symmetric", False):
        return _read_back(sr, "fugitive", start, max_nodes)
    g = sr.g
    r = sr.f_turn(start, g.mult)
    assert r[0], "the fugitive does not win here"
    nodes: list[dict[str, Any]] = []
    exit_node: dict[int, int] = {}
    ids: dict[Any, int] = {}  # Nemesis-turn table key -> node id

    def exit_id(x: int) -> int:
        if x not in exit_node:
            exit_node[x] = len(nodes)
            nodes.append({"at": g.names[x]})
        return exit_node[x]

    def target(act: tuple, w: int) -> tuple[int | None, Any]:
        """(exit vertex, None) or (None, the next Nemesis-turn key) of a fugitive action at ``w``."""
        kind, val = act
        if kind == "exit":
            a, b = g.ends[val]
            return (b if a == w else a), None
        entry = sr.tf[val]
        if entry[3] is None:
            return entry[1], None
        return None, entry[3]

    def replies(entry: tuple, w: int) -> tuple[tuple, list[tuple[int, tuple]]]:
        """The default action and the listed ``(deletion, action)`` pairs of a Nemesis-turn entry."""
        _, tried, _sup, _key = entry
        default = tried[0]
        listed: list[tuple[int, tuple]] = [(c, act) for c, act, _s in tried[1:]]
        seen = {c for c, _ in listed}
        if default[0] is not None:
            seen.add(default[0])
        for c in sorted(default[2]):
            if c in seen:
                continue
            for _c2, act, s in tried[1:]:
                if c not in s:
                    listed.append((c, act))
                    break
            seen.add(c)
        return default[1], listed

    def node_at(w: int, key: Any) -> dict[str, Any]:
        default, listed = replies(sr.tn[key], w)

        def ref(act: tuple) -> int:
            x, nkey = target(act, w)
            return exit_id(x) if nkey is None else ids[nkey]

        out: dict[str, Any] = {"at": g.names[w], "otherwise": ref(default)}
        if listed:
            out["replies"] = [[*g.edge_name(c), ref(act)] for c, act in listed]
        return out

    first_x, first_key = (r[1], r[3])
    if first_key is not None:
        stack: list[tuple[int, Any, bool]] = [(first_x, first_key, False)]
        deadline = sr.deadline  # polled here: the table answers most questions without a search
        while stack:
            deadline.check()
            w, key, expanded = stack.pop()
            if key in ids:
                continue
            if expanded:
                node = node_at(w, key)  # may add exit nodes first
                ids[key] = len(nodes)
                nodes.append(node)
                if max_nodes is not None and len(nodes) > max_nodes:
                    raise StrategyTooLarge(f"more than {plural(max_nodes, 'node')}")
                continue
            stack.append((w, key, True))
            default, listed = replies(sr.tn[key], w)
            for act in [default] + [a for _, a in listed]:
                x, nkey = target(act, w)
                if nkey is not None and nkey not in ids:
                    stack.append((sr.tf[act[1]][1], nkey, False))
        first = ids[first_key]
    else:
        first = exit_id(first_x)
    nodes.append({"at": g.names[start], "otherwise": first})
    return fugitive_document(nodes, len(nodes) - 1)


def fugitive_strategy_by_positions(sr: Any, start: int, *, max_nodes: int | None = None) -> dict[str, Any]:
    """The reference of the crate's walk (``native/src/nemesis/fugitive_walk.rs``, which
    :func:`fugitive_strategy` uses): the tests compare the two documents, node for node. (The crate
    counts every node against ``max_nodes``; this walker only the positions' nodes.)

    :func:`fugitive_strategy` for a search whose table entries are shared by the positions of an
    orbit (``native.NativeSearch`` with symmetry): an entry looked up from two positions of one orbit
    is mapped back to each by a relabelling that is right for that position but not necessarily
    *coherent* with the one its sub-entries get, so supports recorded in the table cannot be trusted
    across entries. So the walk asks the search at every real position (``sr.n_turn``/``sr.f_turn``
    answer in the position's own labels) and computes, in post-order, the *support actually
    written*: the edges the written subtree of each node moves along. One node per restricted
    Nemesis-turn position (``sr.restricted``) the strategy reaches (the fugitive at ``w`` after his
    move, before her deletion); its replies: the deletions the search tried (each followed in the
    position after it; their answers are wins by the search), the default being the first; then,
    for every edge ``c`` of the default's written support not yet answered that she may delete here
    (in Blizzard only the edges at ``w``: a deletion elsewhere is no move of hers and needs no reply;
    the position after it may well be lost for him), the answer of a tried deletion whose written
    support avoids ``c`` (valid after ``c`` by monotonicity, as step 6 of
    :mod:`escapology.nemesis.engines.exact_python`), else the search's answer in the position after
    ``c`` (a win: the search proved him the winner after each of her deletions here). Every other
    deletion leaves the default's written support whole, so the default still wins."""
    g = sr.g
    blizzard = bool(getattr(sr, "blizzard", False))
    r = sr.f_turn(start, g.mult)
    assert r[0], "the fugitive does not win here"
    nodes: list[dict[str, Any]] = []
    exit_node: dict[int, int] = {}
    done: dict[tuple[int, tuple[int, ...]], tuple[int, frozenset[int]]] = {}  # position -> (node, support)

    def exit_id(x: int) -> int:
        if x not in exit_node:
            exit_node[x] = len(nodes)
            nodes.append({"at": g.names[x]})
        return exit_node[x]

    def fugitive_move(w: int, cm: tuple[int, ...], c: int | None = None) -> tuple[int, int, Any]:
        """At the restricted ``(w, cm)`` after the deletion ``c``, the fugitive to move: ``(vertex,
        edge, next position or None when the vertex is an exit)``."""
        wins, to, e, nxt = sr.answer(w, cm, c)
        assert wins, "the search's answer here is a fugitive win"
        return to, e, nxt

    def answer(w: int, cm: tuple[int, ...], c: int | None, act: tuple) -> tuple[int, int, Any]:
        """The fugitive's answer at ``(w, cm)`` after the deletion ``c``: ``(vertex, edge, next)``."""
        if act[0] == "exit":
            a, b = g.ends[act[1]]
            return (b if a == w else a), act[1], None
        return fugitive_move(w, cm, c)

    def child(ans: tuple[int, int, Any]) -> tuple[int, frozenset[int]]:
        to, e, nxt = ans
        if nxt is None:
            return exit_id(to), frozenset((e,))
        k, sup = done[nxt]
        return k, sup | {e}

    def open_node(w: int, cm: tuple[int, ...]) -> list[tuple[int | None, tuple[int, int, Any]]]:
        entry = sr.n_turn(w, cm)
        assert entry[0], "the fugitive does not win after this move"
        out = []
        for c, act, _s in entry[1]:
            out.append((c, answer(w, cm, c, act)))
        return out

    def close_node(w: int, cm: tuple[int, ...], tried: list) -> tuple[dict[str, Any], frozenset[int]]:
        (_c0, a0) = tried[0]
        k0, sup0 = child(a0)
        support = set(sup0)
        replies: list[tuple[int, int]] = []
        answered: list[tuple[int, frozenset[int], int]] = []
        for c, ans in tried[1:]:
            k, sup = child(ans)
            replies.append((c, k))
            answered.append((c, sup, k))
            support |= sup
        seen = {c for c, _ in replies}
        if tried[0][0] is not None:
            seen.add(tried[0][0])
        extra = []
        for c in sorted(sup0):
            if c in seen or (blizzard and w not in g.ends[c]):  # Blizzard: she deletes at w only
                continue
            seen.add(c)
            hit = next(((k, sup) for _c, sup, k in answered if c not in sup), None)
            if hit is None:
                extra.append(c)
                continue
            replies.append((c, hit[0]))
            support |= hit[1]
        node: dict[str, Any] = {"at": g.names[w], "otherwise": k0}
        return node, frozenset(support), replies, extra

    first = fugitive_move(start, g.mult)
    stack: list[tuple[Any, Any]] = [] if first[2] is None else [(first[2], None)]
    deadline = sr.deadline  # polled here: the table answers most questions without a search
    while stack:
        deadline.check()
        posn, state = stack.pop()
        if posn in done:
            continue
        w, cm = posn
        if state is None:
            tried = open_node(w, cm)
            stack.append((posn, ("tried", tried)))
            stack.extend((a[2], None) for _c, a in tried if a[2] is not None and a[2] not in done)
            continue
        kind, data = state
        if kind == "tried":
            node, support, replies, extra = close_node(w, cm, data)
            if extra:  # deletions answered by their own positions: search them, then close again
                more = [(c, fugitive_move(w, cm, c)) for c in extra]
                stack.append((posn, ("extra", (node, support, replies, more))))
                stack.extend((a[2], None) for _c, a in more if a[2] is not None and a[2] not in done)
                continue
        else:
            node, support, replies, more = data
            support = set(support)
            replies = list(replies)
            for c, ans in more:
                k, sup = child(ans)
                replies.append((c, k))
                support |= sup
            support = frozenset(support)
        if replies:
            node["replies"] = [[*g.edge_name(c), k] for c, k in replies]
        done[posn] = (len(nodes), support)
        nodes.append(node)
        if max_nodes is not None and len(nodes) > max_nodes:
            raise StrategyTooLarge(f"more than {plural(max_nodes, 'node')}")
    top = child(first)[0]
    nodes.append({"at": g.names[start], "otherwise": top})
    return fugitive_document(nodes, len(nodes) - 1)


def nemesis_strategy(sr: Search, start: int, *, max_nodes: int | None = None) -> dict[str, Any]:
    """The Nemesis' winning strategy from ``start`` against every non-revisiting fugitive."""
    g = sr.g
    adj, is_exit, m = g.adj, g.is_exit, g.m
    cur = list(g.mult)  # the real multigraph
    rest = list(g.mult)  # without the vertices left behind (the solver's restricted game)
    visited = [False] * g.n
    nodes: list[dict[str, Any]] = []
    memo = PositionMemo(same_deletions_and_visits)

    def answers_at(p: int, trapped: bool | None) -> list[tuple[int, int, bool]] | None:
        """``[(w, deletion, trapped after it)]`` for the fugitive's moves from ``p``, or None when
        the trap rule holds at ``p`` (``trapped``, when the solver already told; else found here)."""
        here = tuple(rest)
        if trapped or (trapped is None and not sr.prune(here, p)[2]):
            return None
        after = list(here)
        for _, e in adj[p]:
            after[e] = 0
        after_t = tuple(after)
        out = []
        for w, e in adj[p]:
            if not rest[e]:
                continue
            if is_exit[w]:
                raise AssertionError("the fugitive escapes: the search was wrong")
            res = sr.n_turn(w, after_t)
            if res[0]:
                raise AssertionError("the fugitive wins after this move: the search was wrong")
            c = res[1]
            if c is None or not after_t[c]:
                near = [f for _, f in adj[w]] if sr.blizzard else range(m)
                useful = [f for f in near if after_t[f]]
                c = useful[0] if useful else next((f for f in near if cur[f]), -1)
            out.append((w, c, res[2]))
        return out

    def enter(p: int, c: int) -> list[tuple[int, int]]:
        """Leave ``p`` and delete ``c``; returns what to undo."""
        visited[p] = True
        undo = [(e, rest[e]) for _, e in adj[p] if rest[e]]
        for e, _ in undo:
            rest[e] = 0
        if c >= 0:
            cur[c] -= 1
            a, b = g.ends[c]
            if rest[c] and not visited[a] and not visited[b]:
                rest[c] -= 1
                undo.append((c, rest[c] + 1))
        return undo

    def leave(p: int, c: int, undo: list[tuple[int, int]]) -> None:
        visited[p] = False
        if c >= 0:
            cur[c] += 1
        for e, k in reversed(undo):
            rest[e] = k

    deadline = sr.deadline  # polled here: the table answers most questions without a search

    def emit(node: dict[str, Any]) -> int:
        deadline.check()
        nodes.append(node)
        if max_nodes is not None and len(nodes) > max_nodes:
            raise StrategyTooLarge(f"more than {plural(max_nodes, 'node')}")
        return len(nodes) - 1

    # a frame: [p, answers, index, child ids, zd, zv, chain, (left, c, undo) to restore on exit]
    def open_frame(p: int, trapped: bool | None, zd: int, zv: int, chain: Any, restore: Any) -> list[Any] | int:
        ans = answers_at(p, trapped)
        if ans is None:
            return emit({"at": g.names[p], "trapped": True})
        return [p, ans, 0, [], zd, zv, chain, restore]

    root = open_frame(start, None, 0, 0, None, None)
    if isinstance(root, int):
        return nemesis_document(nodes, root)
    stack = [root]
    while True:
        fr = stack[-1]
        if fr[2] < len(fr[1]):
            w, c, trapped = fr[1][fr[2]]
            p = fr[0]
            zd = (fr[4] + mix(c)) & MASK if c >= 0 else fr[4]
            zv = fr[5] ^ mix(p)
            chain = ((p, c), fr[6])
            known = memo.get((w, zd, zv), chain)
            if known is not None:
                fr[3].append(known)
                fr[2] += 1
                continue
            undo = enter(p, c)
            child = open_frame(w, trapped, zd, zv, chain, (p, c, undo))
            if isinstance(child, int):
                memo.put((w, zd, zv), chain, child)
                leave(p, c, undo)
                fr[3].append(child)
                fr[2] += 1
            else:
                stack.append(child)
            continue
        answers = []
        for (w, c, _), k in zip(fr[1], fr[3]):
            answers.append([k, *g.edge_name(c)] if c >= 0 else [k])
        i = emit({"at": g.names[fr[0]], "answers": answers})
        stack.pop()
        if not stack:
            return nemesis_document(nodes, i)
        memo.put((fr[0], fr[4], fr[5]), fr[6], i)
        left, c, undo = fr[7]
        leave(left, c, undo)
        parent = stack[-1]
        parent[3].append(i)
        parent[2] += 1


def write_nemesis_strategy(sr: Any, start: int, path: str | Path, *, max_nodes: int | None = None) -> int:
    """Write the Nemesis' winning strategy from ``start`` to the file ``path``; returns its node count.

    The document is :func:`nemesis_strategy`'s (the same nodes in the same order, the same root;
    the key ``"root"`` comes after ``"nodes"``, since the root is known last). With the native
    search (:class:`escapology.nemesis.engines.native.NativeSearch`) the crate walks the positions and
    streams the nodes to the file, holding 16 bytes and a hash entry per node (the Python writer
    holds the whole document and a chain per position: on the 12x12 grid of Fig. 4, about 14
    million nodes, 11 GB against some 1 GB); with the Python search the document is built by
    :func:`nemesis_strategy` and written by :func:`escapology.nemesis.strategy.document.write_document`.

    The search must have proven the Nemesis' win from ``start`` (else ``AssertionError``, as
    :func:`nemesis_strategy`). Raises :class:`StrategyTooLarge` beyond ``max_nodes`` nodes and
    :class:`~escapology.core.limits.LimitReached` when the search's deadline passes; the file is
    written whole or not at all (a partial one is removed; an earlier file at ``path`` is replaced
    only on success). On a terminal the native writer shows the nodes written so far.
    """
    if sr.g.is_exit[start]:
        raise ValueError("the fugitive starts on an exit: he has won")
    if getattr(sr, "engine", "python") != "native":
        doc = nemesis_strategy(sr, start, max_nodes=max_nodes)
        write_document(doc, path)
        return len(doc["nodes"])
    return _write_by_crate(sr, "nemesis", start, path, max_nodes)


def write_fugitive_strategy(sr: Any, start: int, path: str | Path, *, max_nodes: int | None = None) -> int:
    """Write the fugitive's winning strategy from ``start`` to the file ``path``; returns its node
    count. The document is :func:`fugitive_strategy`'s: for a search up to symmetry the crate walks
    real positions and streams the nodes (``native/src/nemesis/fugitive_walk.rs``; ``"root"``
    after ``"nodes"``), otherwise it is built by :func:`fugitive_strategy` and written by
    :func:`escapology.nemesis.strategy.document.write_document`. Raises as
    :func:`write_nemesis_strategy` (``AssertionError`` when the fugitive does not win)."""
    if not getattr(sr, "symmetric", False):
        doc = fugitive_strategy(sr, start, max_nodes=max_nodes)
        write_document(doc, path)
        return len(doc["nodes"])
    return _write_by_crate(sr, "fugitive", start, path, max_nodes)


def _write_by_crate(sr: Any, player: str, start: int, path: str | Path, max_nodes: int | None) -> int:
    """The winner's (``player``'s) strategy written to ``path`` by the crate (the native search's
    ``write_nemesis_strategy`` or ``write_fugitive_strategy``), whole or not at all, with the nodes
    written shown on a terminal; the crate's outcomes raised as :class:`StrategyTooLarge` and
    :class:`~escapology.core.limits.LimitReached`. Returns the node count."""
    write = sr.write_nemesis_strategy if player == "nemesis" else sr.write_fugitive_strategy
    label = "the strategy" if player == "nemesis" else "the fugitive's strategy"
    with whole_file(path) as part:
        before = sr.progress
        try:
            with search_progress(f"nemesis: writing {label} (nodes written)") as shown:
                sr.progress = shown
                status, nodes, _root = write(start, str(part), max_nodes)
        finally:
            sr.progress = before
        if status == "too_large":
            raise StrategyTooLarge(f"more than {plural(max_nodes, 'node')}")
        if status == "stopped":
            raise LimitReached()
    return nodes


def _read_back(sr: Any, player: str, start: int, max_nodes: int | None) -> dict[str, Any]:
    """The document the crate writes for ``player`` (:func:`_write_by_crate`), through a temporary
    file read back here. Raises as :func:`_write_by_crate`."""
    with tempfile.TemporaryDirectory(prefix="escapology-") as tmp:
        path = Path(tmp) / "strategy.json"
        _write_by_crate(sr, player, start, path, max_nodes)
        with open(path, encoding="utf-8") as fh, paused_gc():
            doc = json.load(fh)
    document = nemesis_document if player == "nemesis" else fugitive_document
    return document(doc["nodes"], doc["root"])


def nemesis_strategy_document(sr: Any, start: int, *, max_nodes: int | None = None) -> dict[str, Any]:
    """:func:`nemesis_strategy`'s document by the fastest writer ``sr`` has: with the native search
    the crate writes it to a temporary file (:func:`write_nemesis_strategy`), read back here (about
    5 times faster than the Python writer, the reading included: 3.5 s against 17 s for the 10x10
    grid's r3c3; the document itself takes as much memory); with the Python search,
    :func:`nemesis_strategy`. Raises as they do."""
    if getattr(sr, "engine", "python") != "native":
        return nemesis_strategy(sr, start, max_nodes=max_nodes)
    if sr.g.is_exit[start]:
        raise ValueError("the fugitive starts on an exit: he has won")
    return _read_back(sr, "nemesis", start, max_nodes)
