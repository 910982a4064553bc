"""SCP/1 ``legal``, the feature ``legal-actions`` and the runner's legal and perft cases.

The position: 2016.defenders-exchange.allowed-defender-bid-6-first after its first 19 actions, the start of
the defenders' exchange. Its derivation (in the case) gives W's hand then: ♠J6 ♥4 ♦A87653 ♣AJ82, and E's
♠AQ98732 ♥2 ♣QT743 (13 cards each). By hand: W, the first defender, may pass or give E any one of his 13
cards (defenders-exchange.one-card, optional): 14 actions. Perft 2: W's pass ends the exchange and the
doubling begins (pass or double: 2); after each of W's 13 gifts E gives one card back, not the card just
received (defenders-exchange.different-card): 13 of his 14. 2 + 13 x 13 = 171.
"""

from __future__ import annotations

import json
import sys
import textwrap
from pathlib import Path

from skruuvi.rules.paths import cases_dir
from skruuvi.rules.yamlio import load_yaml
from skruuvi.suite.cases.cases import check_record
from skruuvi.suite.run.declare import Declarations, Plan
from skruuvi.suite.run.runner import RunConfig, run_all
from skruuvi.suite.scp.protocol import Server, legal_request

CASE = cases_dir() / "2016/defenders-exchange/allowed-defender-bid-6-first.yaml"
W_HAND = ["JS", "6S", "4H", "AD", "8D", "7D", "6D", "5D", "3D", "AC", "JC", "8C", "2C"]
W_SET = sorted(["W pass", *(f"W give E {card}" for card in W_HAND)])


def _position(n: int = 19) -> dict:
    record = load_yaml(CASE)
    return {"id": "t.legal", "ruleset": record["ruleset"], "deal": record["deal"], "actions": record["actions"][:n]}


def _case(expect: dict, n: int = 19, case_id: str = "t.legal") -> dict:
    return {**_position(n), "id": case_id, "description": "d", "rules": [],
            "justification": {"kind": "hand-derived", "note": "see the test module"}, "expect": expect}


def test_the_server_answers_the_sorted_canonical_set() -> None:
    server = Server()
    answer = server.handle(json.dumps(legal_request(3, _position())))
    assert answer == {"seq": 3, "legal": W_SET}
    assert answer["legal"] == sorted(answer["legal"])


def test_a_rejected_prefix_is_answered_as_run_answers_it() -> None:
    server = Server()
    bad = {**_position(), "actions": [*_position()["actions"], "W give E AS"]}  # W does not hold AS
    answer = server.handle(json.dumps(legal_request(1, bad)))
    assert answer == {"seq": 1, "error": {"index": 19, "code": "card-not-held"}}
    over = {**_position(), "actions": load_yaml(CASE)["actions"]}
    assert server.handle(json.dumps(legal_request(2, over))) == {"seq": 2, "legal": []}


def test_the_reference_declares_legal_actions() -> None:
    features = Server(rulesets=lambda: ["skruuvi-2016"]).header()["implementation"]["features"]
    assert "legal-actions" in features["skruuvi-2016"]


def test_a_legal_case_is_unsupported_unless_legal_actions_is_declared() -> None:
    case = check_record(_case({"legal": W_SET}), "t.yaml", None)
    old = Plan(Declarations(frozenset({"skruuvi-2016"})))
    assert "needs feature legal-actions" in old(case)
    listed = Plan(Declarations(frozenset({"skruuvi-2016"}), features={"skruuvi-2016": frozenset({"phase:play"})}))
    assert "legal-actions" in listed(case)
    run_case = check_record({**_case({"legal": W_SET}), "expect": {"error": {"index": 19, "code": "x"}}}, "t", None)
    assert old(run_case) is run_case  # a run case is sent as before


def _write(tmp_path: Path, cases: list[dict]) -> Path:
    folder = tmp_path / "cases"
    folder.mkdir()
    for k, case in enumerate(cases):
        (folder / f"c{k}.yaml").write_text(json.dumps(case), encoding="utf-8")
    return folder


def _run(folder: Path, command: list[str]) -> dict:
    from skruuvi.suite.cases.cases import load_cases

    _, results = run_all(load_cases([folder]), RunConfig(command=command, timeout=30))
    return {r.case.id: r for r in results}


def test_the_runner_judges_legal_and_perft_cases(tmp_path: Path) -> None:
    folder = _write(tmp_path, [_case({"legal": W_SET}, case_id="t.set"),
                               _case({"legal": list(reversed(W_SET))}, case_id="t.any-order"),
                               _case({"perft": {"depth": 2, "count": 171}}, case_id="t.perft"),
                               _case({"perft": {"depth": 2, "count": 170}}, case_id="t.perft-wrong"),
                               _case({"legal": [*W_SET[1:], "W give E AS"]}, case_id="t.wrong")])
    results = _run(folder, [sys.executable, "-m", "skruuvi", "serve"])
    assert {k: r.status for k, r in results.items()} == {
        "t.set": "pass", "t.any-order": "pass", "t.perft": "pass", "t.perft-wrong": "fail", "t.wrong": "fail"}
    assert results["t.perft"].got == {"perft": {"depth": 2, "count": 171}}
    assert results["t.perft-wrong"].diff[0] == "perft.count: expected 170, got 171"
    wrong = results["t.wrong"].diff
    assert "missing: 'W give E AS': reference: rejected: card-not-held (phase defenders-exchange" in "\n".join(wrong)
    assert f"extra: {W_SET[0]!r}: reference: legal here" in wrong


DROPPING = textwrap.dedent('''
    import json, sys
    from skruuvi.suite.scp.protocol import Server, encode
    server = Server()
    for line in sys.stdin:
        answer = server.handle(line)
        if answer is None:
            break
        if answer.get("legal"):
            answer["legal"] = [a for a in answer["legal"] if a != "E give W 2S"]  # never gives 2S back
        sys.stdout.write(encode(answer))
        sys.stdout.flush()
''')


def test_an_engine_that_misses_an_action_fails_and_is_shown_where(tmp_path: Path) -> None:
    script = tmp_path / "dropping.py"
    script.write_text(DROPPING, encoding="utf-8")
    folder = _write(tmp_path, [_case({"legal": W_SET}, case_id="t.set"),
                               _case({"perft": {"depth": 2, "count": 171}}, case_id="t.perft")])
    results = _run(folder, [sys.executable, str(script)])
    assert results["t.set"].status == "pass"  # W's set has no E give
    perft = results["t.perft"]
    assert perft.status == "fail"
    assert perft.diff[0] == "perft.count: expected 171, got 158"  # after each of W's 13 gifts E has one fewer
    assert any(line.startswith("the first differing node: after the prefix and [\"W give E ") for line in perft.diff)
    assert "missing: 'E give W 2S': reference: legal here" in perft.diff


COUNTING = textwrap.dedent('''
    import json, os, sys
    from skruuvi.suite.scp.protocol import Server, encode
    with open(sys.argv[1], "a") as log:
        log.write(f"{os.getpid()}\\n")
    server = Server()
    for line in sys.stdin:
        answer = server.handle(line)
        if answer is None:
            break
        if "legal" in answer and len(json.loads(line)["case"]["actions"]) == 21:  # a node two actions deep
            answer = {"seq": answer["seq"], "errored": "cannot say"}
        sys.stdout.write(encode(answer))
        sys.stdout.flush()
''')


def test_perft_walks_share_an_engine_until_one_does_not_end_clean(tmp_path: Path) -> None:
    """One engine counts a worker's perft cases, one after the other; a walk whose engine answers anything but a
    legal set ends with that engine killed, and the next walk gets a fresh one."""
    script, starts = tmp_path / "counting.py", tmp_path / "starts"
    script.write_text(COUNTING, encoding="utf-8")
    folder = _write(tmp_path, [*(_case({"perft": {"depth": 2, "count": 171}}, case_id=f"t.perft-{k}")
                                 for k in range(3)),
                               _case({"perft": {"depth": 3, "count": 1}}, case_id="t.perft-deep"),
                               _case({"perft": {"depth": 2, "count": 171}}, case_id="t.perft-after")])
    results = _run(folder, [sys.executable, str(script), str(starts)])
    assert [results[f"t.perft-{k}"].status for k in range(3)] == ["pass"] * 3
    assert results["t.perft-deep"].status == "errored" and "cannot say" in (results["t.perft-deep"].detail or "")
    assert results["t.perft-after"].status == "pass"
    pids = starts.read_text().split()
    assert len(pids) == 3, "the run's engine, one for the first four walks, a fresh one after the failed walk"
