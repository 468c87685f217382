"""The typed certificates of Nemesis, Blizzard and Cat Herding (``Result.certificate``): each kind
from real solves round-trips through its JSON, is what ``to_json()`` writes under ``certificate``
(and its older key), is accepted by ``check`` and drawn by ``render``; malformed JSON is refused
with a ValueError that says what is wrong."""

import io
import json
import typing
from pathlib import Path

import pytest

import escapology.nemesis as nemesis
from escapology.core.protocol import Result as ProtocolResult
from escapology.nemesis import (CatCertificate, Certificate, HerderBound, HerdingStrategy, Strategy,
                                StrategyFormatError, TrapRegion, api, certificate_from_json, check, load, random_graph, render, solve)
from escapology.nemesis.strategy.document import player, principal_line, strategy_size

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "nemesis"


def _round_trip(cert):
    """The certificate read back from its JSON text, as a file would give it."""
    return type(cert).from_json(json.loads(json.dumps(cert.to_json())))


def _strategy_results():
    """Answers of both players, both games, the exact and the linear engines."""
    for seed in range(12):
        inst = random_graph(7, 0.45, exits=2, seed=seed, max_mult=2)
        for game in ("nemesis", "blizzard"):
            yield inst, game, solve(inst, game=game)
    small = load(EXAMPLES / "small.lp")
    yield small, "nemesis", solve(small)
    for seed in range(4):
        inst = nemesis.random_tree(12, exits=2, seed=seed)
        yield inst, "nemesis", solve(inst, engine="linear")
        yield inst, "nemesis", solve(inst, engine="linear-python")


def test_strategies_from_real_solves_round_trip_and_are_checked():
    players = set()
    for inst, game, r in _strategy_results():
        cert = r.certificate
        assert isinstance(cert, Strategy), r.answer
        players.add(cert.player)
        assert cert.player == r.winner == player(cert) == player(cert.to_json())
        data = r.to_json()
        assert cert.to_json() == data["strategy"] == data["certificate"]
        assert cert.nodes is r.answer["strategy"]["nodes"]  # held, not copied
        assert _round_trip(cert) == cert
        assert cert.size == strategy_size(cert) == strategy_size(cert.to_json())
        assert cert.principal_line() == principal_line(cert) == principal_line(cert.to_json())
        assert check(inst, cert, game=game).ok
        assert check(inst, _round_trip(cert), game=game).ok
    assert players == {"fugitive", "nemesis"}


def test_a_strategy_is_judged_as_its_document():
    inst = load(EXAMPLES / "small.lp")
    cert = solve(inst).certificate
    nodes = [dict(n) for n in cert.nodes]
    nodes[cert.root] = {"at": nodes[cert.root]["at"], "answers": []}
    bad = Strategy(cert.player, cert.root, nodes)
    typed, plain = check(inst, bad), check(inst, bad.to_json())
    assert not typed.ok and typed.errors == plain.errors


#: a 5-vertex graph for Cat Herding: values 5 at both speeds, certificates of 40-46 KB of JSON (small.lp's
#: are 3-3.6 MB: the same kinds of nodes, many more of them)
CAT_GRAPH = "edge(0,1). edge(1,2). edge(2,0). edge(2,3). edge(3,4). edge(4,0). edge(1,3).\nexit(4). start(0).\n"


def test_cat_certificates_round_trip_and_are_checked():
    for speed in ("unbounded", "1"):
        inst = load(CAT_GRAPH)
        r = solve(inst, game="cat", cat_speed=speed)
        cert = r.certificate
        assert isinstance(cert, CatCertificate) and isinstance(cert.herder, HerdingStrategy)
        assert cert.value == r.answer["value"] and cert.start == inst.start
        assert cert.to_json() == r.answer["certificate"] == r.to_json()["certificate"]
        assert list(cert.to_json()) == list(r.answer["certificate"])  # the keys in the order written
        assert cert.herder.nodes is r.answer["certificate"]["herder"]["nodes"]
        assert _round_trip(cert) == cert and certificate_from_json(cert.to_json()) == cert
        assert check(inst, cert, cat_speed=speed).ok and check(inst, r).ok
        wrong = CatCertificate(cert.value + 1, cert.herder, cert.cat, cert.start)
        assert not check(inst, wrong, cat_speed=speed).ok
        assert render(inst, cert).to_string() == render(inst, r.to_json()).to_string()


def _storm_wins():
    for seed in range(40):
        inst = random_graph(9, 0.35, exits=2, seed=seed)
        r = solve(inst, game="blizzard", engine="linear")
        if isinstance(r.certificate, TrapRegion):
            return inst, r
    raise AssertionError("no trap region among the seeds")


def test_trap_regions_round_trip_and_are_checked():
    inst, r = _storm_wins()
    cert = r.certificate
    assert r.winner == "nemesis" and cert.vertices == r.answer["trap_region"]
    assert cert.to_json() == {"trap_region": r.answer["trap_region"]} == r.to_json()["certificate"]
    assert _round_trip(cert) == cert and certificate_from_json(cert.to_json()) == cert
    assert check(inst, cert, game="blizzard").ok
    assert not check(inst, TrapRegion(cert.vertices[1:]), game="blizzard").ok
    assert render(inst, cert).to_string().startswith("<svg")


def test_the_native_linear_answer_types_its_certificate_without_parsing_to_write(tmp_path):
    inst, _ = _storm_wins()
    f = tmp_path / "g.lp"
    f.write_text(nemesis.format_instance(inst) + "\n")
    native = load(f)
    r = solve(native, game="blizzard", engine="linear")
    assert isinstance(r, api.LinearResult)
    out = io.StringIO()
    r.write_json(out)
    assert r._parsed is None  # writing the answer parses nothing
    assert json.loads(out.getvalue()) == r.to_json()
    assert isinstance(r.certificate, TrapRegion) and check(native, r.certificate, game="blizzard").ok
    fugitive = solve(load(EXAMPLES / "small.lp"), game="blizzard", engine="linear")
    assert isinstance(fugitive.certificate, Strategy)


def test_earlier_strategy_trees_are_read_with_their_start():
    won = {"move": "a", "then": {"replies": [{"delete": ["a", "x"], "then": {"move": "y"}}], "otherwise": {"move": "x"}}}
    s = Strategy.from_json(won, start="s")
    assert s.player == "fugitive" and s.nodes[s.root] == {"at": "s", "otherwise": 2}
    inst = load("edge(s,a). edge(a,x). edge(a,y). exit(x). exit(y). start(s).")
    assert check(inst, s, game="blizzard").ok
    with pytest.raises(ValueError, match="needs its start"):
        Strategy.from_json(won)
    lost = {"position": "s", "trapped": True}
    assert Strategy.from_json(lost).player == "nemesis"


DOC = {"format": "nemesis-strategy", "version": 1, "player": "fugitive", "root": 0, "nodes": [{"at": "x"}]}


@pytest.mark.parametrize("bad, message", [
    ({**DOC, "version": 2}, "version 2 is not supported"),
    ({**DOC, "player": "cat"}, "'player' is fugitive or nemesis"),
    ({**DOC, "root": 1}, "root 1 is not a node"),
    ({**DOC, "root": True}, "root True is not a node"),
    ({**DOC, "root": "0"}, "integer 'root'"),
    ({**DOC, "nodes": {"0": {"at": "x"}}}, "list 'nodes'"),
    ({"format": "other"}, "not a strategy"),
    ([1, 2], "not a strategy"),
    ("strategy", "not a strategy"),
])
def test_a_malformed_strategy_is_refused_saying_why(bad, message):
    with pytest.raises(ValueError, match=message) as caught:
        Strategy.from_json(bad)
    assert isinstance(caught.value, StrategyFormatError)


@pytest.mark.parametrize("bad, message", [
    ({"value": 1, "herder": {"root": 0, "nodes": []}}, "integer value, herder and cat"),
    ({"value": True, "herder": {}, "cat": {}}, "integer value, herder and cat"),
    ({"value": 1, "herder": {"nodes": []}, "cat": {"root": 0, "nodes": []}}, "the herder strategy is"),
    ({"value": 1, "herder": {"root": 0, "nodes": []}, "cat": {"root": "0", "nodes": []}}, "the cat strategy is"),
    ({"value": 1, "start": 5, "herder": {"root": 0, "nodes": []}, "cat": {"root": 0, "nodes": []}}, "start"),
])
def test_a_malformed_cat_certificate_is_refused_saying_why(bad, message):
    with pytest.raises(ValueError, match=message):
        CatCertificate.from_json(bad)
    with pytest.raises(ValueError, match=message):
        certificate_from_json(bad)


@pytest.mark.parametrize("bad", [{"trap_region": "a"}, {"trap_region": ["a", 1]}, {"trap_region": None}, ["a"]])
def test_a_malformed_trap_region_is_refused(bad):
    with pytest.raises(ValueError, match="trap region"):
        TrapRegion.from_json(bad)


def test_solve_says_what_comes_back():
    """The result is the core protocol's Result, generic over the union of the four kinds."""
    assert ProtocolResult[Certificate] in api.Result.__orig_bases__
    assert isinstance(solve(load(EXAMPLES / "small.lp")), ProtocolResult)
    hints = typing.get_type_hints(api.Result.certificate.fget, vars(api))
    assert hints["return"] == Certificate | None
    assert set(typing.get_args(Certificate)) == {Strategy, CatCertificate, HerderBound, TrapRegion}
    assert nemesis.Strategy is Strategy and "Certificate" in nemesis.__all__
