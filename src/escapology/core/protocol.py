"""The Python protocol: one way to load, solve, check, generate and render every game.

Every game package ``escapology.<game>`` (``labyrinth``, ``amazeing``, ``forest``, ``nemesis``,
``chess``, ``roma``) exports the same five functions, with the same names and the same result
types, so that code written for one game works for all of them (the command line, batch runs and
the views iterate over :data:`escapology.games.GAMES` and never look inside a game):

``load(source) -> Instance``
    ``source`` is a path, ``"-"`` (standard input) or the text itself. The rule, the same for every
    game (:func:`read_source`): a :class:`~pathlib.Path` is a file; the string ``"-"`` is standard
    input; a string naming an existing file is that file; a string holding a newline, or the game's
    own syntax (a fact ``name(...)``, a JSON object, a URL, ...), is the text; any other string is a
    path that does not exist. Bad input raises :class:`~escapology.core.errors.InputError` naming the
    file (``"<text>"`` for text, ``"<stdin>"`` for standard input), the line and the problem.

``solve(inst, *, timeout=None, **engine_options) -> Result``
    The game's default engine, or the one chosen by the options. ``Result.status`` is
    :class:`~escapology.core.results.Status`: ``solved`` (``certificate`` proves the answer),
    ``unsolvable`` (proven) or ``unknown`` (the limit was reached). For two-player games (Nemesis,
    teleport chess) ``solved`` means the game's value was found; the certificate is the winner's
    strategy or witness.

``check(inst, certificate) -> Verdict``
    An independent checker (it never calls an engine). ``certificate`` is the game's certificate
    object (``Result.certificate``), the :class:`Result` itself, or the JSON object that
    ``Result.to_json()`` wrote, so that ``check(inst, json.loads(text))`` works. In such an object
    the game's own keys (``pushes``, ``plan``, ``strategy``, ``outcome`` and ``witness``,
    ``solution``) count; ``certificate`` is read when they are absent.

``generate(*, size=None, seed=0, **options) -> Instance``
    A new instance; the same arguments give the same instance.

``render(inst, certificate=None) -> Picture``
    A picture (:class:`escapology.core.svg.Svg`) of the instance and, when given, its certificate.
    In a notebook, instances, results and pictures show themselves as these pictures
    (``_repr_svg_``, :mod:`escapology.core.pictures`): a result's ``instance`` is the instance
    ``solve`` answered.

A game whose files may hold several instances (Roma's files of puzz.link URLs) also has
``split(text) -> list[str]``, the text of each instance for ``load``; for the other games a file is
one instance. What batch runs need to know about a game besides (its engines, an instance's size)
is in the registry, :mod:`escapology.games`.

Each game keeps its extras beside them (Roma's ``count``, the forest's ``Odds``, Nemesis'
``cat_numbers``, aMAZEing's ``forced_win``, chess outcomes, ...); see the game's page.

>>> import json
>>> from escapology.games import GAMES
>>> chess = next(g for g in GAMES if g.name == "chess").protocol()
>>> isinstance(chess, GameModule)
True
>>> inst = chess.load("3\\n1 1 3 3\\n1 1\\n0 2\\n2 0\\n")
>>> result = chess.solve(inst, timeout=10)
>>> result.status.value, isinstance(result, Result)
('solved', True)
>>> chess.check(inst, json.loads(json.dumps(result.to_json()))).ok
True
>>> chess.render(inst, result.certificate).to_string().startswith("<svg")
True
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Callable, Iterator, Mapping, NamedTuple, Protocol, Self, Sequence, TypeVar, overload, runtime_checkable

from escapology.core.errors import InputError
from escapology.core.pictures import DrawnResult
from escapology.core.reading import STDIN, read_stdin, read_text_file
from escapology.core.results import Status

__all__ = ["AnswerData", "Certificate", "ContradictoryAnswer", "own_certificate", "names_file", "GameModule", "Picture", "Result", "Text", "TurnSequence", "Verdict",
           "read_source", "TEXT", "STDIN"]

#: The file name that errors carry for text given directly (standard input is ``STDIN``, ``<stdin>``).
TEXT = "<text>"


#: An answer as ``solve`` wrote it and ``json.loads`` (or a text file) gave it back: a JSON object
#: (``Result.to_json()``), a JSON list (a bare certificate) or the text answer. Every game's ``check``
#: and ``render`` take this besides the game's own certificate and result types.
AnswerData = Mapping[str, object] | Sequence[object] | str


class ContradictoryAnswer(ValueError):
    """An answer object that contradicts itself: two different certificates (the game's own key
    and ``certificate``), or a count it claims (``turns``) that its certificate does not have."""


def _plain(value: Any) -> Any:
    """``value`` with tuples as lists (JSON's view of it), to compare two copies of a certificate."""
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value


def own_certificate(answer: Mapping[str, Any], *keys: str, counted: str | None = None) -> Any:
    """The certificate an answer object (``Result.to_json()``) holds, the one way every ``check``
    reads it: the game's own key (``"pushes"``, ``"plan"``, ``"solution"``, ``"strategy"``; several
    keys make one object, as chess's ``outcome`` and ``witness``), else ``certificate``. An answer
    that holds both must hold the same certificate twice: a valid copy beside a forged one would
    have the checker vouch for a certificate it never read, so two different ones are refused
    (:class:`ContradictoryAnswer`, which each ``check`` reports as a rejection). ``counted``: the
    key of the count the answer claims for its certificate (``"turns"``: the plan's length), which
    must be the certificate's length when both are given.

    >>> own_certificate({"pushes": [[1, "n", 1]], "certificate": [(1, "n", 1)]}, "pushes")
    [[1, 'n', 1]]
    >>> own_certificate({"certificate": [[1, "n", 1]]}, "pushes")
    [[1, 'n', 1]]
    >>> own_certificate({"pushes": [[1, "n", 1]], "certificate": [[2, "n", 1]]}, "pushes")
    Traceback (most recent call last):
    ...
    escapology.core.protocol.ContradictoryAnswer: the answer holds two different certificates: its 'pushes' and its 'certificate'
    >>> own_certificate({"turns": 3, "plan": [{}, {}]}, "plan", counted="turns")
    Traceback (most recent call last):
    ...
    escapology.core.protocol.ContradictoryAnswer: the answer claims 3 turns, its certificate has 2
    """
    present = [k for k in keys if k in answer]
    other = answer.get("certificate")
    if not present:
        return _counted(answer, other, counted)
    mine = answer[keys[0]] if len(keys) == 1 else {k: answer[k] for k in present}
    if other is not None:
        theirs = other
        if len(keys) > 1 and isinstance(other, Mapping):
            theirs = {k: other[k] for k in keys if k in other}
        if _plain(theirs) != _plain(mine):
            named = " and ".join(f"'{k}'" for k in present)
            raise ContradictoryAnswer(f"the answer holds two different certificates: its {named} and its 'certificate'")
    return _counted(answer, mine, counted)


def _counted(answer: Mapping[str, Any], certificate: Any, counted: str | None) -> Any:
    claim = answer.get(counted) if counted else None
    if claim is not None and isinstance(certificate, (list, tuple)) and claim != len(certificate):
        raise ContradictoryAnswer(f"the answer claims {claim} {counted}, its certificate has {len(certificate)}")
    return certificate


V = TypeVar("V", bound=Callable[..., Any])


def every_copy(*keys: str) -> Callable[[V], V]:
    """Decorate a game's ``check(inst, certificate, ...)`` so that an answer object holding its
    certificate twice, under the game's own ``keys`` (``"pushes"``, ``"plan"``, ...) and under
    ``certificate``, has both copies checked when they differ: the verdict is the first rejection
    (the ``certificate`` copy's errors prefixed ``its 'certificate': ``), else the own copy's
    acceptance. A checker that read one copy must not vouch for another it never read.

    >>> @every_copy("plan")
    ... def check(inst, answer):
    ...     plan = answer.get("plan", answer.get("certificate"))
    ...     return Verdict.from_errors([] if plan == ["ok"] else [f"bad plan {plan}"])
    >>> check(None, {"plan": ["ok"], "certificate": ["ok"]}).ok
    True
    >>> check(None, {"plan": ["ok"], "certificate": ["forged"]}).errors
    ["its 'certificate': bad plan ['forged']"]
    """

    def decorate(check: V) -> V:
        import functools  # (functools, once per game's check)

        @functools.wraps(check)
        def checked(inst: Any, certificate: Any, *args: Any, **kwargs: Any) -> Any:
            if not (isinstance(certificate, Mapping) and certificate.get("certificate") is not None
                    and any(k in certificate for k in keys)):
                return check(inst, certificate, *args, **kwargs)
            own = {k: v for k, v in certificate.items() if k != "certificate"}
            theirs = {k: v for k, v in certificate.items() if k not in keys}
            present = [k for k in keys if k in own]
            other = certificate["certificate"]
            if len(present) == 1:
                mine = own[present[0]]
            else:  # several keys make the certificate (chess's outcome and witness)
                mine = {k: own[k] for k in present}
                other = {k: other[k] for k in present if k in other} if isinstance(other, Mapping) else other
            if _plain(mine) == _plain(other):
                return check(inst, certificate, *args, **kwargs)
            first = check(inst, own, *args, **kwargs)
            if not first.ok:
                return first
            second = check(inst, theirs, *args, **kwargs)
            if second.ok:
                return first
            errors = [f"its 'certificate': {e}" for e in second.errors]
            return Verdict(False, errors, f"rejected: {errors[0]}", second.details)

        return checked  # type: ignore[return-value]

    return decorate


class Text(NamedTuple):
    """Text already read, with the name its errors give it: what ``escapology solve -`` hands to a
    game's ``load`` after reading standard input to recognise the game (``Text(text, "<stdin>")``).

    >>> read_source(Text("field(1,1).", STDIN))
    ('field(1,1).', '<stdin>')
    """

    text: str
    name: str


@dataclass(frozen=True)
class Verdict:
    """A checker's judgement, the same for every game.

    ``ok`` is true when the certificate is accepted; ``errors`` lists what is wrong, the first
    error first (empty when ``ok``); ``summary`` is one line for people.

    >>> Verdict.from_errors([], "valid plan").summary
    'valid plan'
    >>> v = Verdict.from_errors(["step 2: no such line", "step 3: ..."], "valid plan")
    >>> v.ok, v.errors[0], v.summary
    (False, 'step 2: no such line', 'rejected: step 2: no such line')

    A verdict has no truth value (the old checkers returned a list of errors, so ``if errors``
    meant the opposite of ``if verdict.ok``): ask for ``.ok``.

    >>> bool(v)
    Traceback (most recent call last):
    ...
    TypeError: a Verdict has no truth value: use verdict.ok
    """

    ok: bool
    errors: list[str] = field(default_factory=list)
    summary: str = ""
    #: where the verdict points, for the JSON answer of ``check`` (e.g. Labyrinth's ``step`` and
    #: the certificate's ``line``); not part of :meth:`to_json`, which every game writes alike
    details: dict[str, Any] = field(default_factory=dict, compare=False)

    @classmethod
    def from_errors(cls, errors: Sequence[str], accepted: str = "valid") -> "Verdict":
        """Accepted with ``accepted`` as summary when ``errors`` is empty, else rejected."""
        errors = [str(e) for e in errors]
        if not errors:
            return cls(True, [], accepted)
        return cls(False, errors, f"rejected: {errors[0]}")

    @classmethod
    def reject(cls, error: str) -> "Verdict":
        """Rejected for one reason."""
        return cls.from_errors([error])

    def to_json(self) -> dict[str, Any]:
        """``{"valid": ok, "errors": [...], "summary": ...}``."""
        return {"valid": self.ok, "errors": list(self.errors), "summary": self.summary}

    def __bool__(self) -> bool:
        raise TypeError("a Verdict has no truth value: use verdict.ok")


class Certificate(Protocol):
    """What every game's certificate type has: its JSON form (what ``solve --format json`` writes
    under ``certificate`` and what ``check`` reads back)."""

    def to_json(self) -> Any: ...


C = TypeVar("C", covariant=True)


@runtime_checkable
class Result(Protocol[C]):
    """What ``solve`` returns, in every game: ``Result[C]`` for the game's certificate type ``C``
    (``labyrinth.Plan``, ``chess.Witness``, ...). Each game's result class declares it by
    inheriting ``Result[ItsCertificate]`` and adds the game's own fields (a Labyrinth result's
    ``optimal`` and ``lower_bound``, a chess result's ``outcome``), so that a reader of a game's
    ``solve`` signature knows what comes back.

    ``status`` is solved, unsolvable or unknown; ``certificate`` is the game's certificate object
    (``None`` when there is none: unknown, or an unsolvable answer the game cannot certify);
    ``stats`` holds engine counters (time, ...), with ``"nodes"`` the number of search nodes (or a
    SAT/ASP solver's decisions) where the engine counts them (batch runs store it); ``to_json()`` is
    a JSON-ready ``dict`` with at least ``"status"`` and ``"certificate"`` besides the keys of the
    game's ``solve --format json`` output (the keys earlier versions wrote, such as ``pushes`` or
    ``strategy``, stay as documented aliases of ``certificate``); ``to_text()`` is what ``solve``
    prints (a line starting ``unknown`` for an unknown answer, followed by what is known).
    """

    status: Status
    stats: dict[str, Any]

    @property
    def certificate(self) -> C | None: ...

    def to_json(self) -> dict[str, Any]: ...


class TurnsResult(Result[C], DrawnResult):
    """The shared half of a :class:`Result` whose engine answers with a ``solution`` holding
    ``status`` and ``turns`` (the fewest turns, ``None`` unless solved) and whose certificate is
    the game's plan type ``C``: the status and ``turns`` are the solution's, ``certificate`` is
    :attr:`plan` when solved (``None`` otherwise); a notebook shows it drawn on its ``instance``
    (:class:`~escapology.core.pictures.DrawnResult`). The aMAZEing Labyrinth's and the Enchanted
    Forest's results inherit ``TurnsResult[Plan]`` with their own ``Plan``, and say what
    :attr:`plan` is (the solution's turns in the certificate's terms) and write their own
    ``to_json``."""

    solution: Any

    @property
    def status(self) -> Status:
        return self.solution.status

    @property
    def turns(self) -> int | None:
        return self.solution.turns

    @property
    def plan(self) -> C:
        """The solution's plan as the certificate type (the game says how)."""
        raise NotImplementedError

    @property
    def certificate(self) -> C | None:
        return self.plan if self.status is Status.SOLVED else None


T = TypeVar("T")


@dataclass(frozen=True)
class TurnSequence(Sequence[T]):
    """A certificate that lists turns (the aMAZEing Labyrinth's and the Enchanted Forest's
    ``Plan``): a frozen dataclass holding ``turns``, turn ``i`` is ``turns[i - 1]``, that is also a
    ``Sequence`` of them; a slice is a certificate of the same type (``result.certificate[:1]``,
    the first turn alone, is a plan to check).

    >>> @dataclass(frozen=True)
    ... class Moves(TurnSequence[str]):
    ...     pass
    >>> m = Moves(("a", "b", "c"))
    >>> len(m), m[0], m[1:], list(m)
    (3, 'a', Moves(turns=('b', 'c')), ['a', 'b', 'c'])
    """

    turns: tuple[T, ...] = ()

    def __len__(self) -> int:
        return len(self.turns)

    @overload
    def __getitem__(self, i: int) -> T: ...

    @overload
    def __getitem__(self, i: slice) -> Self: ...

    def __getitem__(self, i: int | slice) -> T | Self:
        return replace(self, turns=self.turns[i]) if isinstance(i, slice) else self.turns[i]

    def __iter__(self) -> Iterator[T]:
        return iter(self.turns)


@runtime_checkable
class Picture(Protocol):
    """What ``render`` returns: :class:`escapology.core.svg.Svg` (SVG text, files; a notebook
    shows it by its ``_repr_svg_``, as it shows every game's instances and results: see
    :mod:`escapology.core.pictures`)."""

    def to_string(self) -> str: ...

    def save(self, path: str | Path) -> Path: ...


@runtime_checkable
class GameModule(Protocol):
    """A game package ``escapology.<game>``: the five functions of the protocol.

    ``Instance`` is the game's own instance type (``escapology.<game>.Instance``, or the type its
    ``load`` returns); ``**options`` are the game's own keyword options.
    """

    def load(self, source: str | Path) -> Any: ...

    def solve(self, inst: Any, *, timeout: float | None = None, **engine_options: Any) -> Result: ...

    def check(self, inst: Any, certificate: Any) -> Verdict: ...

    def generate(self, *, size: int | None = None, seed: int = 0, **options: Any) -> Any: ...

    def render(self, inst: Any, certificate: Any = None) -> Picture: ...


def names_file(source: str) -> bool:
    """Whether ``source`` names an existing file or folder (``False`` for text that cannot be a
    file name at all, such as a URL longer than the system allows a name to be).

    >>> names_file("x" * 5000), names_file("/")
    (False, True)
    """
    try:
        return Path(source).exists()
    except (OSError, ValueError):
        return False


def read_source(source: str | Path | Text, *, is_text: Callable[[str], bool] = lambda s: False) -> tuple[str, str]:
    """The text of ``source`` and the name errors should give it: ``(text, name)``.

    The rule every ``load`` follows: a :class:`~pathlib.Path` is a file; ``"-"`` is standard input
    (``<stdin>``); a string naming an existing file is that file; a string with a newline, or one
    that ``is_text`` recognises as the game's syntax, is the text itself (``<text>``); any other
    string is a missing file (:class:`InputError` ``no such file``).

    >>> read_source("edge(1,2).", is_text=lambda s: "(" in s)
    ('edge(1,2).', '<text>')
    >>> read_source("two\\nlines")
    ('two\\nlines', '<text>')
    >>> read_source("missing.lp")
    Traceback (most recent call last):
    ...
    escapology.core.errors.InputError: missing.lp: no such file
    """
    if isinstance(source, Text):
        return source.text, source.name
    if isinstance(source, Path):
        if str(source) == "-":
            return read_stdin(), STDIN
        return _read_file(source), str(source)
    if not isinstance(source, str):
        raise TypeError(f"load needs a path, '-' or text, not {type(source).__name__}")
    if source == "-":
        return read_stdin(), STDIN
    if "\n" not in source and len(source) < 4096:
        try:
            is_file = Path(source).is_file()
        except (OSError, ValueError):
            is_file = False
        if is_file:
            return _read_file(Path(source)), source
    if "\n" in source or is_text(source):
        return source, TEXT
    return _read_file(Path(source)), source


def _read_file(path: Path) -> str:
    return read_text_file(path)


