"""An independent checker for teleport-chess answers.

It never calls the solver: it replays the witness move by move with plain Python sets and the rules
of the game, and it re-derives the two facts no short witness can show ("Alice cannot capture Bob"
and "Bob cannot reach this field") with its own set-based meet-in-the-middle test, written
separately from :mod:`escapology.chess.reach`.

>>> from escapology.chess.model import Instance
>>> inst = Instance(3, (1, 1), (3, 3), ((1, 1), (0, 2), (2, 0)))
>>> violations(inst, {"outcome": "alice", "witness": {"moves": [[1, 1], [1, 1]],
...                                              "path": [[1, 1], [2, 2], [3, 3]]}})
[]
>>> violations(inst, {"outcome": "draw", "witness": {"field": [1, 3], "how": "teleport"}})[0][:24]
'Alice can capture Bob (e'

"""

from __future__ import annotations

from typing import Any

from escapology.chess.model import Field, Instance, Vector, field_name


def _on_board(n: int, f: Field) -> bool:
    return 1 <= f[0] <= n and 1 <= f[1] <= n


def _field(value: Any, what: str) -> Field:
    if (
        not isinstance(value, (list, tuple))
        or len(value) != 2
        or not all(isinstance(c, int) and not isinstance(c, bool) for c in value)
    ):
        raise ValueError(f"{what} must be a pair of integers, got {value!r}")
    return (value[0], value[1])


def capture_move(inst: Instance, start: Field, target: Field) -> tuple[Vector, ...] | None:
    """The first one or two moves of a 1- or 2-move turn from ``start`` to ``target``, by plain sets, or None.

    >>> capture_move(Instance(3, (1, 1), (3, 3), ((2, 2), (0, 1), (1, 0))), (1, 1), (3, 3))
    ((2, 2),)
    """
    n = inst.n
    vectors = set(inst.vectors)
    diff = (target[0] - start[0], target[1] - start[1])
    if diff in vectors:
        return (diff,)
    middles = {}
    for v in vectors:
        m = (start[0] + v[0], start[1] + v[1])
        if _on_board(n, m):
            middles[m] = v
    for w in vectors:
        m = (target[0] - w[0], target[1] - w[1])
        if m in middles:
            return (middles[m], w)
    return None


def _replay(inst: Instance, start: Field, moves: Any, path: Any, who: str) -> list[str]:
    """Errors in a turn of 1 or 2 moves given as vectors and visited fields."""
    if not isinstance(moves, list) or not 1 <= len(moves) <= 2:
        return [f"{who}'s turn must have 1 or 2 moves, got {moves!r}"]
    vs = [_field(m, f"{who}'s move") for m in moves]
    if path is not None and not isinstance(path, list):
        return [f"{who}'s path must be a list of fields, got {path!r}"]
    fields = [_field(p, f"{who}'s path field") for p in path] if isinstance(path, list) else None
    errors = []
    vectors = set(inst.vectors)
    here = start
    visited = [start]
    for v in vs:
        if v not in vectors:
            errors.append(f"{who}'s move {v} is not one of the vectors")
        here = (here[0] + v[0], here[1] + v[1])
        if not _on_board(inst.n, here):
            errors.append(f"{who}'s move {v} leaves the board at {here}")
        visited.append(here)
    if fields is not None and fields != visited:
        errors.append(f"{who}'s path {fields} does not match the moves (expected {visited})")
    return errors


def _end(start: Field, moves: list[Any]) -> Field:
    """The field a turn that starts on ``start`` ends on, its moves (vectors) made in turn."""
    for v in moves:
        start = (start[0] + v[0], start[1] + v[1])
    return start


def _no_moves(w: dict[str, Any], path: list[Field], how: str) -> list[str]:
    """Errors in the ``moves`` and ``path`` a witness states for a turn without moves (Alice stays
    or teleports): no moves, and the path, when given, exactly ``path`` (from Alice's own field)."""
    errors = []
    moves = w.get("moves")
    if moves is not None and moves != []:
        errors.append(f"Alice {how}, so her turn has no moves, but the witness lists {moves!r}")
    given = w.get("path")
    if given is not None:
        fields = [_field(p, "Alice's path field") for p in given] if isinstance(given, list) else None
        if fields != path:
            shown = " -> ".join(field_name(f) for f in fields) if fields else repr(given)
            errors.append(f"Alice {how}: her path must be {' -> '.join(field_name(f) for f in path)}, "
                          f"not {shown} (she stands on {field_name(path[0])})")
    return errors


def _no_capture(inst: Instance) -> list[str]:
    c = capture_move(inst, inst.alice, inst.bob)
    if c is None:
        return []
    moves = " then ".join(str(v) for v in c)
    return [f"Alice can capture Bob (e.g. with {moves}), so the outcome is not a draw"]


def _check(inst: Instance, answer: Any) -> list[str]:
    if not isinstance(answer, dict):
        return ["the answer must be a JSON object with 'outcome' and 'witness'"]
    outcome = answer.get("outcome")
    w = answer.get("witness")
    if outcome not in ("alice", "draw", "bob"):
        return [f"outcome must be 'alice', 'draw' or 'bob', got {outcome!r}"]
    if not isinstance(w, dict):
        return ["the witness must be a JSON object"]
    n = inst.n
    if outcome == "alice":
        errors = _replay(inst, inst.alice, w.get("moves"), w.get("path"), "Alice")
        if not errors:
            end = _end(inst.alice, w["moves"])
            if end != inst.bob:
                errors.append(f"Alice's moves end on {field_name(end)}, not on Bob's field {field_name(inst.bob)}")
        return errors
    if outcome == "draw":
        errors = _no_capture(inst)
        field = _field(w.get("field"), "the safe field")
        if not _on_board(n, field):
            return errors + [f"the safe field {field_name(field)} is off the board"]
        if field == inst.bob:
            return errors + [f"the safe field {field_name(field)} is Bob's field"]
        how = w.get("how")
        if how == "stay":
            if field != inst.alice:
                errors.append(f"Alice stays on {field_name(inst.alice)}, not on the safe field {field_name(field)}")
            errors += _no_moves(w, [inst.alice], "stays")
        elif how == "teleport":
            errors += _no_moves(w, [inst.alice, field], "teleports")
        elif how == "moves":
            errors += _replay(inst, inst.alice, w.get("moves"), w.get("path"), "Alice")
            if not errors:
                end = _end(inst.alice, w["moves"])
                if end != field:
                    errors.append(f"Alice's moves end on {field_name(end)}, not on the safe field {field_name(field)}")
        else:
            errors.append(f"'how' must be 'stay', 'moves' or 'teleport', got {how!r}")
        c = capture_move(inst, inst.bob, field)
        if c is not None:
            moves = " then ".join(str(v) for v in c)
            errors.append(f"Bob reaches the safe field {field_name(field)} with {moves}")
        return errors
    # outcome == "bob"
    errors = [e.replace("not a draw", "not a Bob win") for e in _no_capture(inst)]
    captures = w.get("captures")
    need = n * n - 1
    if not isinstance(captures, list):
        return errors + ["a Bob win needs 'captures': Bob's capturing turn for every field"]
    if len(captures) != need:
        return errors + [f"'captures' lists {len(captures)} fields; Alice can end on {need}"]
    seen: set[Field] = set()
    for c in captures:
        if not isinstance(c, dict):
            return errors + [f"malformed capture entry {c!r}"]
        f = _field(c.get("field"), "a captured field")
        if not _on_board(n, f) or f == inst.bob or f in seen:
            errors.append(f"capture entry for {field_name(f)}: off the board, Bob's field, or repeated")
            continue
        seen.add(f)
        errs = _replay(inst, inst.bob, c.get("moves"), c.get("path"), "Bob")
        if not errs:
            end = _end(inst.bob, c["moves"])
            if end != f:
                errs.append(f"Bob's moves end on {field_name(end)}, not on {field_name(f)}")
        errors += errs
    return errors


def violations(inst: Instance, answer: Any) -> list[str]:
    """Every reason ``answer`` (the JSON of ``solve``) is wrong for ``inst``; ``[]`` if it is right.

    A correct "draw" or "bob" answer also proves its claim: the checker re-derives that Alice has
    no capture, and for a draw that Bob misses the safe field, for a Bob win that he reaches every
    field Alice can end on (each by the listed moves).
    """
    try:
        return _check(inst, answer)
    except (ValueError, TypeError, KeyError) as exc:
        return [f"malformed witness: {exc}"]
