"""The paper's Nemesis reductions as ``escapology reduce`` runs them (see
:mod:`escapology.core.reductions`): the formula's (or instance's) text in, the instance as ASP facts
(its first line the command that makes it, its second what the answer means) and its facts out."""

from __future__ import annotations

from typing import Any, Callable

from escapology.core.dimacs import read_dimacs, read_qdimacs
from escapology.core.errors import InputError
from escapology.nemesis import io as nio
from escapology.nemesis import reductions
from escapology.nemesis.reductions.common import Built, refuse_large
from escapology.nemesis.reductions.corollary6 import nemesis_to_cat_corollary6
from escapology.nemesis.reductions.embedding import read_embedded
from escapology.nemesis.reductions.lemma14 import multigraph_to_simple
from escapology.nemesis.reductions.race import race_constants, race_size
from escapology.nemesis.reductions.theorem3 import escape_tree_theorem3
from escapology.nemesis.reductions.theorem4 import pmr3sat_to_nemesis
from escapology.nemesis.reductions.theorem5 import qsat_to_multigraph
from escapology.nemesis.reductions.theorem9 import two_exits_theorem9


def _built(run: Callable[[], Any], file: str | None) -> Any:
    """``run()``, its refusals naming the input's file."""
    try:
        return run()
    except InputError as exc:
        raise exc.with_file(file) if file else exc from None


def _written(built: Built, command: str, summary: str, note: str = "") -> tuple[str, dict[str, Any]]:
    head = f"% {command}\n% {built.question}\n" + (f"% {note}\n" if note else "")
    size = built.size()
    return head + nio.format_instance(built.instance) + "\n", {
        **built.facts(), "summary": summary.format(**size, **built.params) + f": {built.question}"}


def _instance(text: str, file: str | None) -> Any:
    inst = nio.load_instance(file or "-", text=text)
    if inst.start is None:
        raise InputError("the instance has no start (add a start(V). fact)", file=file)
    return inst


def pmr3sat(text: str, *, file: str | None, command: str) -> tuple[str, dict[str, Any]]:
    """``nemesis-pmr3sat``: Theorem 4 (:func:`~escapology.nemesis.reductions.theorem4.pmr3sat_to_nemesis`)."""
    nvars, clauses = read_dimacs(text, file=file)  # the size first: the embedding's checks are quadratic
    order = list(range(1, nvars + 1))
    vertices = race_size(order, clauses, set(), *race_constants(order, clauses, universal=False))
    _built(lambda: refuse_large(vertices, 2 * vertices, "the Theorem 4 instance"), file)
    formula = read_embedded(text, file=file)
    built = _built(lambda: pmr3sat_to_nemesis(formula), file)
    built.params["order"] = formula.order
    built.params["levels"] = formula.levels
    return _written(built, command, "planar multigraph, {vertices} vertices, {edges} edges (K={K}, L={L})",
                    "variables along the main path: " + " ".join(map(str, formula.order)))


def qsat(text: str, *, file: str | None, command: str) -> tuple[str, dict[str, Any]]:
    """``nemesis-qsat``: Theorem 5 on multigraphs (:func:`~escapology.nemesis.reductions.theorem5.qsat_to_multigraph`)."""
    qbf = read_qdimacs(text, file=file)
    built = _built(lambda: qsat_to_multigraph(qbf), file)
    return _written(built, command, "multigraph, {vertices} vertices, {edges} edges, {universal} electric gadgets "
                                    "(K={K}, L={L})")


def qsat_simple(text: str, *, file: str | None, command: str) -> tuple[str, dict[str, Any]]:
    """``nemesis-qsat-simple``: Theorem 5 on graphs, Lemma 14's translation of ``nemesis-qsat``."""
    qbf = read_qdimacs(text, file=file)
    built = _built(lambda: multigraph_to_simple(qsat_to_multigraph(qbf)), file)
    return _written(built, command, "simple graph, {vertices} vertices, {edges} edges ({N} copies per vertex)")


def two_exits(text: str, *, file: str | None, command: str) -> tuple[str, dict[str, Any]]:
    """``nemesis-two-exits``: Theorem 9 (:func:`~escapology.nemesis.reductions.theorem9.two_exits_theorem9`)."""
    inst = _instance(text, file)
    built = _built(lambda: two_exits_theorem9(inst), file)
    return _written(built, command, "{vertices} vertices, {edges} edges, exits t1 and t2")


def escape_tree(text: str, *, file: str | None, command: str) -> tuple[str, dict[str, Any]]:
    """``nemesis-escape-tree``: Theorem 3 (:func:`~escapology.nemesis.reductions.theorem3.escape_tree_theorem3`)."""
    nvars, clauses = read_dimacs(text, file=file)
    built = _built(lambda: escape_tree_theorem3(clauses, nvars), file)
    return _written(built, command, "{vertices} vertices, maximum degree {max_degree}",
                    "answer with: escapology nemesis escape-tree FILE --root r")


def cat(text: str, *, file: str | None, command: str) -> tuple[str, dict[str, Any]]:
    """``nemesis-cat``: Corollary 6 (:func:`~escapology.nemesis.reductions.corollary6.nemesis_to_cat_corollary6`)."""
    inst = _instance(text, file)
    built = _built(lambda: nemesis_to_cat_corollary6(inst), file)
    return _written(built, command, "Cat Herding, {vertices} vertices, {edges} edges (cliques K_{clique})",
                    nio.answer_with(f"--game cat --cat-speed 1 --exceeds {built.params['threshold']}"))


def lsat_escape_tree_ours(text: str, *, file: str | None, command: str) -> tuple[str, dict[str, Any]]:
    """``nemesis-lsat-escape-tree-ours``: the project's LSAT -> escape tree construction
    (:func:`escapology.nemesis.reductions.lsat_to_escape_tree`), the file as
    ``escapology nemesis generate lsat --from F`` writes it."""
    inst = reductions.lsat_to_escape_tree(reductions.parse_dimacs(text, file=file))
    return f"% {command}\n" + nio.format_instance(inst) + "\n", {}
