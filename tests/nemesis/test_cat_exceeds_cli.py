"""``solve --exceeds K``: Cat Herding (speed 1) above a threshold, in the library, on the command
line, in ``check`` and in the headers of the Corollary 6 instances (``reduce nemesis-cat``) and of
``generate cat``."""

import json

import pytest
from typer.testing import CliRunner

from escapology.cli import app as root
from escapology.core.errors import InputError
from escapology.core.results import Status
from escapology.nemesis import HerderBound, check, random_graph, solve
from escapology.nemesis.io import format_instance, instance_options
from escapology.nemesis.cli import app
from escapology.nemesis.reductions import nemesis_to_cat_corollary6

runner = CliRunner()
#: random sources (test_cat_threshold.py): the fugitive wins seed 3, the Nemesis seed 6
FUGITIVE, NEMESIS = random_graph(5, 0.7, exits=2, seed=3), random_graph(5, 0.7, exits=2, seed=6)


def _corollary6(src):
    built = nemesis_to_cat_corollary6(src)
    return built.instance, built.params["threshold"]


def _files(tmp_path, src, name):
    """The source and its Corollary 6 instance as ``escapology reduce nemesis-cat`` writes it."""
    source = tmp_path / f"{name}.lp"
    source.write_text(format_instance(src) + "\n")
    out = tmp_path / f"{name}-cat.lp"
    r = runner.invoke(root, ["reduce", "nemesis-cat", str(source), "-o", str(out)])
    assert r.exit_code == 0, r.output
    return out


def test_library_answers_the_corollary6_question_both_ways():
    assert solve(FUGITIVE).winner == "fugitive" and solve(NEMESIS).winner == "nemesis"
    inst, k = _corollary6(FUGITIVE)
    r = solve(inst, game="cat", cat_speed="1", exceeds=k)
    a = r.answer
    assert r.status is Status.SOLVED and (a["game"], a["cat_speed"], a["exceeds"], a["answer"]) == ("cat", "1", k, True)
    assert a["lower"] > k and a["certificate"] is None and r.certificate is None
    assert r.to_text().startswith(f"value from start {inst.start} more than {k}: yes (at least {a['lower']}; cat ")
    assert r.to_text().endswith("; no certificate)")

    inst, k = _corollary6(NEMESIS)
    r = solve(inst, game="cat", cat_speed="1", exceeds=k)
    a = r.answer
    assert r.status is Status.SOLVED and a["answer"] is False and a["upper"] <= k
    cert = r.certificate
    assert isinstance(cert, HerderBound) and (cert.value_at_most, cert.start) == (a["upper"], inst.start)
    assert r.to_json()["certificate"] == {"value_at_most": a["upper"], "start": inst.start,
                                          "herder": cert.herder.to_json()}
    assert r.to_text() == (f"value from start {inst.start} more than {k}: no (at most {a['upper']}; "
                           f"herder strategy {len(cert.herder.nodes)} nodes)")
    assert check(inst, cert).ok and check(inst, r).ok and check(inst, r.to_json()).ok


def test_library_refuses_the_combinations_without_a_threshold_question():
    inst, k = _corollary6(NEMESIS)
    for kwargs, said in [({"game": "cat"}, "--exceeds needs --cat-speed 1"),
                         ({"game": "nemesis", "cat_speed": "1"}, "--exceeds is a Cat Herding question"),
                         ({"game": "cat", "cat_speed": "1", "all_starts": True}, "not for every start"),
                         ({"game": "cat", "cat_speed": "1", "exceeds": -1}, "K is an integer >= 0")]:
        with pytest.raises(InputError, match=said):
            solve(inst, **{"exceeds": k, **kwargs})
    inst.start = None
    with pytest.raises(InputError, match="no start vertex"):
        solve(inst, game="cat", cat_speed="1", exceeds=k, all_starts=None)
    assert solve(*_corollary6(NEMESIS)[:1], game="cat", cat_speed="1", exceeds=k, timeout=0).status is Status.UNKNOWN


def test_check_accepts_the_herder_strategy_and_rejects_a_lowered_bound():
    inst, k = _corollary6(NEMESIS)
    data = solve(inst, game="cat", cat_speed="1", exceeds=k).to_json()
    v = check(inst, data)
    assert v.ok and f"not more than {k}" in v.summary
    low = json.loads(json.dumps(data))
    low["certificate"]["value_at_most"] -= 1
    low["upper"] -= 1
    assert not check(inst, low).ok and "survive" in check(inst, low).errors[0]
    small = {**data, "exceeds": data["upper"] - 1}  # the bound does not answer a smaller K
    assert not check(inst, small).ok and "does not prove" in check(inst, small).errors[0]
    inst2, k2 = _corollary6(FUGITIVE)
    yes = solve(inst2, game="cat", cat_speed="1", exceeds=k2).to_json()
    assert not check(inst2, yes).ok and "nothing to check" in check(inst2, yes).errors[0]


def test_cli_text_json_check_and_exit_codes(tmp_path):
    no, yes = _files(tmp_path, NEMESIS, "n"), _files(tmp_path, FUGITIVE, "f")
    k_no, k_yes = _corollary6(NEMESIS)[1], _corollary6(FUGITIVE)[1]
    assert f"--game cat --cat-speed 1 --exceeds {k_no}" in no.read_text()
    assert instance_options(no.read_text()) == {"game": "cat", "cat_speed": "1", "exceeds": k_no}

    cat1 = ["--game", "cat", "--cat-speed", "1"]
    r = runner.invoke(app, ["solve", str(yes), *cat1, "--exceeds", str(k_yes)])
    assert r.exit_code == 0 and f"more than {k_yes}: yes" in r.stdout, r.output
    answer = tmp_path / "no.json"
    r = runner.invoke(app, ["solve", str(no), *cat1, "--exceeds", str(k_no), "--format", "json"])
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    assert (data["answer"], data["exceeds"], data["status"]) == (False, k_no, "solved")
    assert set(data) == {"game", "cat_speed", "start", "exceeds", "answer", "lower", "upper", "method", "nodes",
                         "certificate", "status"}
    answer.write_text(r.stdout)
    r = runner.invoke(app, ["check", str(no), str(answer)])
    assert r.exit_code == 0 and r.output.startswith("valid"), r.output
    data["certificate"]["value_at_most"] -= 1
    data["upper"] -= 1
    answer.write_text(json.dumps(data))
    r = runner.invoke(app, ["check", str(no), str(answer)])
    assert r.exit_code == 1 and r.output.startswith("rejected"), r.output
    r = runner.invoke(app, ["solve", str(yes), *cat1, "--exceeds", str(k_yes), "-o", str(answer)])
    assert r.exit_code == 0, r.output
    r = runner.invoke(app, ["check", str(yes), str(answer)])
    assert r.exit_code == 2 and "nothing to check" in r.output, r.output

    r = runner.invoke(app, ["solve", str(no), *cat1, "--exceeds", str(k_no), "--timeout", "0.000001",
                            "--format", "json"])
    assert r.exit_code == 3 and json.loads(r.stdout)["status"] == "unknown", r.output
    bare = tmp_path / "bare.lp"  # the instance without the header that names its question
    bare.write_text("\n".join(line for line in no.read_text().splitlines() if not line.startswith("%")))
    for args, said in [(["--game", "cat"], "--exceeds needs --cat-speed 1"),
                       (["--game", "nemesis"], "--exceeds is a Cat Herding question"),
                       ([*cat1, "--all-starts"], "not for every start")]:
        r = runner.invoke(app, ["solve", str(bare), *args, "--exceeds", "3"])
        assert r.exit_code == 2 and said in r.output, r.output
    r = runner.invoke(app, ["solve", str(no), *cat1, "--exceeds", "-1"])
    assert r.exit_code == 2 and "--exceeds" in r.output, r.output


def test_escapology_solve_answers_the_threshold_from_the_header(tmp_path):
    no, yes = _files(tmp_path, NEMESIS, "n"), _files(tmp_path, FUGITIVE, "f")
    r = runner.invoke(root, ["solve", str(yes)])
    assert r.exit_code == 0 and f"more than {_corollary6(FUGITIVE)[1]}: yes" in r.stdout, r.output
    r = runner.invoke(root, ["solve", str(no), "--format", "json"])
    data = json.loads(r.stdout)
    assert r.exit_code == 0 and (data["exceeds"], data["answer"]) == (_corollary6(NEMESIS)[1], False)
    r = runner.invoke(root, ["solve", str(no), "--timeout", "0.000001"])
    assert r.exit_code == 3, r.output

    source = tmp_path / "f.lp"  # generate cat: "value >= k" is "more than k - 1"
    out = tmp_path / "g.lp"
    assert runner.invoke(app, ["generate", "cat", "--from", str(source), "-o", str(out)]).exit_code == 0
    text = out.read_text()
    k = int(text.split("is >= ")[1].split(";")[0])
    assert "exceeds" not in instance_options(text)  # small: the exact search, both sides certified
    r = runner.invoke(app, ["solve", str(out), "--game", "cat", "--cat-speed", "1", "--exceeds", str(k - 1),
                            "--format", "json"])
    data = json.loads(r.stdout)
    exact = runner.invoke(root, ["solve", str(out), "--format", "json"])
    assert data["exceeds"] == k - 1 and data["answer"] == (json.loads(exact.stdout)["value"] >= k)


def test_the_unsettled_summaries():
    from escapology.nemesis.api import Result

    a = {"game": "cat", "cat_speed": "1", "start": "s", "exceeds": 8, "lower": 1, "upper": 40, "method": "time limit",
         "nodes": 3, "certificate": None}
    assert Result(Status.UNKNOWN, {**a, "answer": None}).to_text() == \
        "unknown: value from start s more than 8: not settled (at least 1, at most 40)"
    unwritten = Result(Status.UNKNOWN, {**a, "answer": False, "upper": 5})
    assert unwritten.to_text().startswith("unknown: value from start s more than 8: no (at most 5), but the time")
    assert unwritten.certificate is None


def test_the_game_s_own_solve_takes_the_header_s_options_the_user_did_not_give(tmp_path):
    """``nemesis solve FILE`` answers the question the header names, as ``escapology solve FILE``
    does; an option given on the command line replaces the header's, and the header's details of
    another question (``--game nemesis``: its cat speed and threshold) are dropped."""
    cat = _files(tmp_path, FUGITIVE, "fugitive")
    k = instance_options(cat.read_text())["exceeds"]
    plain = runner.invoke(app, ["solve", str(cat), "-f", "json"])
    assert plain.exit_code == 0, plain.output
    answer = json.loads(plain.output)
    assert (answer["game"], answer["cat_speed"], answer["exceeds"], answer["answer"]) == ("cat", "1", k, True)
    lower = runner.invoke(app, ["solve", str(cat), "--exceeds", "2", "-f", "json"])
    assert lower.exit_code == 0, lower.output
    assert json.loads(lower.output)["exceeds"] == 2  # the header's game and speed kept
    other = runner.invoke(app, ["solve", str(cat), "--game", "nemesis"])
    assert other.exit_code == 2 and "no exit" in other.output  # not "--exceeds is a Cat Herding question"
