"""``skruuvi conformance --explain``: failures grouped by the readings that explain them, and the likely bugs.

The engines here are the reference under other readings (``skruuvi serve --reading``), alone or with one
answer broken on purpose: the explanation must name exactly the reading the engine runs, and nothing else,
as the cause of its failures, and list the broken answer as explained by no reading.
"""

from __future__ import annotations

import json
import shlex
import sys
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator

from skruuvi.cli import commands as cli
from skruuvi.rules.errors import InputError
from skruuvi.rules.paths import cases_dir, rulesets_dir, schema_dir
from skruuvi.rules.readings import alternatives, executable
from skruuvi.rules.ruleset import get_ruleset
from skruuvi.rules.yamlio import load_yaml
from skruuvi.suite.cases.cases import Selection, iter_cases, list_case_files
from skruuvi.suite.explanations import explain as explain_module
from skruuvi.suite.explanations import explain_print, explain_search
from skruuvi.suite.explanations.explain import MAX_PAIRS, candidates, explain, explain_lines
from skruuvi.suite.features.features import asks_legal

SERVE = [sys.executable, "-m", "skruuvi", "serve", "--undeclared"]  # plays its readings without saying so

pytestmark = pytest.mark.usefixtures("parse_once")  # the suite's files parsed once for all these runs


def _run(tmp_path: Path, impl: list[str], era: str = "2016", *extra: str) -> tuple[int, str, dict[str, Any]]:
    report = tmp_path / "report.jsonl"
    code = cli.main(["conformance", str(cases_dir() / era), "--explain", "-q", "--impl", shlex.join(impl),
                     "--report", str(report), *extra])
    records = [json.loads(line) for line in report.read_text(encoding="utf-8").splitlines()]
    validator = Draft202012Validator(json.loads((schema_dir() / "report.schema.json").read_text(encoding="utf-8")))
    for record in records:
        if record["type"] in ("explain", "summary"):
            validator.validate(record)
    (found,) = [r for r in records if r["type"] == "explain"]
    assert records[-1]["type"] == "summary" and found["failures"] == records[-1]["counts"]["fail"]
    return code, "", found


def _explained(record: dict[str, Any]) -> dict[str, set[tuple[str, ...]]]:
    """Each explained case id with the rule sets of the rows that explain it."""
    out: dict[str, set[tuple[str, ...]]] = {}
    for row in record["readings"]:
        for case_id in row["cases"]:
            out.setdefault(case_id, set()).add(tuple(row["rules"]))
    return out


@pytest.mark.parametrize(("era", "reading", "rule"), [
    ("2016", "passimisaari.return-order=reverse", "passimisaari.return-order"),
    ("1944", "score.honours-from=tricks-won", "score.honours-from"),
])
def test_an_engine_under_one_reading_is_explained_by_exactly_that_rule(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], era: str, reading: str, rule: str) -> None:
    code, _, record = _run(tmp_path, [*SERVE, "--reading", reading], era)
    out = capsys.readouterr().out
    assert code == 1 and record["failures"] > 0
    assert record["unexplained"] == 0 and record["no_reading"] == []
    whole = [row for row in record["readings"] if row["explains"] == record["failures"]]
    assert [row["rules"] for row in whole] == [[rule]]  # that rule explains all, no other reading does
    assert whole[0]["only"] == record["failures"] and whole[0]["source"]
    assert f"{rule} = " in out and "no reading explains" not in out


def test_an_engine_under_a_pair_of_readings_is_explained_by_them(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pair = ("score.defenders-receive", "score.misere-aces")
    code, _, record = _run(tmp_path, [*SERVE, "--reading", f"{pair[0]}=nothing", "--reading", f"{pair[1]}=main"])
    capsys.readouterr()
    assert code == 1 and record["unexplained"] == 0 and record["explained_by_pair"] > 0
    explained = _explained(record)
    assert len(explained) == record["failures"]
    for case_id, rule_sets in explained.items():  # each failure: one of the two readings, or both together
        assert rule_sets & {(pair[0],), (pair[1],), pair}, case_id
    assert any(row["rules"] == list(pair) for row in record["readings"])


BROKEN = '''
import sys
from skruuvi.suite.scp.protocol import Server, serve
from skruuvi.suite.features.variants import ReadingReplay

under = ReadingReplay({"passimisaari.return-order": "reverse"})


def broken(record):
    outcome = under(record)
    if record.get("id") == %r and outcome.result is not None:
        score = {side: points + 7 if side == "NS" else points for side, points in outcome.result["score"].items()}
        return outcome._replace(result={**outcome.result, "score": score})
    if record.get("id") == %r and outcome.error_code is not None:
        return outcome._replace(error_index=outcome.error_index - 1)
    return outcome


serve(sys.stdin, sys.stdout, Server(replay=broken))
'''


def test_a_real_bug_is_listed_first_as_explained_by_no_reading(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    scored, rejected = "2016.auction.bid-after-passes-in-first-round", "2016.errors.bid-not-higher-lower-strain"
    script = tmp_path / "broken_engine.py"
    script.write_text(BROKEN % (scored, rejected), encoding="utf-8")
    code, _, record = _run(tmp_path, [sys.executable, str(script)])
    out = capsys.readouterr().out
    assert code == 1
    assert [v["id"] for v in record["no_reading"]] == [scored, rejected]
    whole = [row["rules"] for row in record["readings"] if row["explains"] == record["failures"] - 2]
    assert whole == [["passimisaari.return-order"]]
    by_id = {v["id"]: v["trace"] for v in record["no_reading"]}
    score = by_id[scored]
    assert score["at"] is None and any("score NS: engine" in line and "(difference +7)" in line
                                       for line in score["lines"])
    assert {item["side"] for item in score["score_items"]} == {"NS"}
    error = by_id[rejected]
    expected_index = error["reference"]["error"]["index"] - 1
    assert error["at"] == expected_index and error["phase"]["mechanism"] == "auction"
    assert any(rule.startswith("auction.") for rule in error["rules"])
    assert out.index("no reading explains 2 cases") < out.index("readings that explain failures")


def test_every_executable_alternative_is_a_candidate_with_words_and_source() -> None:
    for rid in ("skruuvi-1895", "skruuvi-1944", "skruuvi-2016"):
        ruleset = get_ruleset(rid)
        listed = [(rule, alt) for rule, alt in alternatives(ruleset) if executable(alt)]
        found = candidates(ruleset)
        distinct: list[dict[str, Any]] = []  # alternatives that require one another are one reading
        for rule, alt in listed:
            readings = {rule: alt["value"], **(alt.get("requires") or {})}
            if readings not in distinct:
                distinct.append(readings)
        assert [dict(c.readings) for c in found] == distinct
        for reading in found:
            assert reading.words.startswith(f"{reading.rule} = ") and reading.source


def _failures_under(reading: dict[str, Any], era: str = "2016") -> list[tuple[Any, dict[str, Any]]]:
    from skruuvi.suite.features.variants import ReadingReplay
    from skruuvi.suite.run.runner import compare

    under = ReadingReplay(reading)
    out = []
    for case in iter_cases(list_case_files([cases_dir() / era]), Selection()):
        if asks_legal(case.record):
            continue  # answered through SCP/1 legal, not run: the runner's legal cases are judged apart
        response = under(case.record).to_response()
        kind, body = next(iter(response.items()))
        if compare(case.expect, kind, body):
            out.append((case, response))
    return out


def test_parallel_explanation_is_the_same_as_serial(monkeypatch: pytest.MonkeyPatch) -> None:
    failures = _failures_under({"defenders-exchange.kind": "compulsory"})
    assert failures
    serial = explain(failures).record()
    monkeypatch.setattr(explain_module, "PARALLEL_FROM", 0)
    parallel = explain(failures, jobs=2).record()
    serial.pop("seconds"), parallel.pop("seconds")
    assert parallel == serial


def test_lines_state_the_bound_and_how_cases_count() -> None:
    failures = _failures_under({"passimisaari.return-order": "reverse"})[:3]
    text = "\n".join(explain_lines(explain(failures)))
    assert f"at most {MAX_PAIRS} per case" in text
    assert "counts in each row" in text and "passimisaari.return-order = reverse" in text


def test_help_describes_explain(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        cli.main(["conformance", "--help"])
    assert "--explain" in capsys.readouterr().out


def test_a_phase_reading_reaches_every_form_whose_phases_take_its_rule() -> None:
    found = {c.words.split(" = ")[0]: c for c in candidates(get_ruleset("skruuvi-2016"))}
    assert {"alkupeli", "kotka"} <= (found["auction2.end-four-passes"].forms or set())  # kotka's takes it over
    assert found["passimisaari.return-order"].forms == {"passimisaari"}


def test_under_a_variant_the_ruleset_as_written_explains_the_reference(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, record = _run(tmp_path, SERVE, "1944", "--ruleset", "skruuvi-1944:older-table")
    capsys.readouterr()
    assert code == 1 and record["failures"] > 0 and record["unexplained"] == 0
    (row,) = record["readings"]  # the plain reference reads the one rule the variant changes as written
    assert row["rules"] == ["score.undertrick-first"] and row["ruleset"] == "skruuvi-1944:older-table"
    assert row["explains"] == record["failures"] and "as the ruleset writes it" in row["reading"]


def test_a_failure_of_the_reference_under_a_reading_is_reported_not_raised(monkeypatch: pytest.MonkeyPatch) -> None:
    failures = _failures_under({"passimisaari.return-order": "reverse"})[:4]
    real = explain_search.replay

    def flaky(record: Any, ruleset: Any = None) -> Any:
        if ruleset is not None and "passimisaari.different-card" in ruleset.readings:
            raise TypeError("boom")
        return real(record, ruleset)

    monkeypatch.setattr(explain_search, "replay", flaky)
    explanation = explain(failures)
    assert explanation.unexplained == [] and explanation.rows[0].rules == ("passimisaari.return-order",)
    (problem,) = explanation.problems
    assert problem["reading"].startswith("passimisaari.different-card = ") and problem["first"] == "TypeError: boom"
    assert problem["cases"] == len(failures)
    assert any("the reference itself failed under passimisaari.different-card" in line
               for line in explain_lines(explanation))


def test_trying_readings_only_where_they_can_touch_changes_no_explanation(monkeypatch: pytest.MonkeyPatch) -> None:
    # auction2's rules are taken over by kotka's second auction; 1895's all-pass reading leads to another form
    failures = _failures_under({"auction2.end-four-passes": 2})[::4]
    failures += _failures_under({"auction.all-pass": "passimisaari"}, "1895")
    assert len({case.ruleset for case, _ in failures}) == 2
    pruned = explain(failures).record()
    monkeypatch.setattr(explain_module.Explainer, "_touches", lambda self, reading, record: True)
    everywhere = explain(failures).record()
    pruned.pop("seconds"), everywhere.pop("seconds")
    assert pruned == everywhere and pruned["unexplained"] == 0


@pytest.mark.parametrize("era", ["1895", "1944", "2016"])
def test_every_single_alternative_is_named_as_the_cause_of_all_its_failures(era: str) -> None:
    """For every executable alternative: the reference under it (``ReadingReplay``, as ``serve --reading``
    runs it) fails some hand-written cases, and the explanation names exactly that rule for all of them."""
    from skruuvi.suite.features.variants import ReadingReplay
    from skruuvi.suite.run.runner import compare

    cases = [c for c in iter_cases(list_case_files([cases_dir() / era]), Selection()) if not asks_legal(c.record)]
    explainer = explain_module.Explainer()  # one for all: each reading's ruleset is compiled once
    tried = 0
    for reading in explainer.candidates(f"skruuvi-{era}"):
        under = ReadingReplay(reading.readings)
        failures = []
        for case in cases:
            try:
                response = under(case.record).to_response()
            except InputError:  # the case pins a reading this one excludes: the runner leaves it unsupported
                continue
            kind, body = next(iter(response.items()))
            if compare(case.expect, kind, body):
                failures.append((case, response))
        if not failures:  # a reading no hand-written case feels (the readings suite lists those): nothing to explain
            continue
        tried += 1
        verdicts = [explainer.explain(case, got) for case, got in failures]
        explanation = explain_module.summarise(verdicts, explainer, 0.0)
        assert explanation.unexplained == [], reading.words
        whole = [row.rules for row in explanation.rows if len(row.cases) == len(failures)]
        assert whole == [(reading.rule,)], reading.words
    assert tried
    # every ruleset compiled under readings shares parts of the ruleset's own document: none of them changed it
    assert get_ruleset(f"skruuvi-{era}").raw == load_yaml(rulesets_dir() / f"skruuvi-{era}.yaml")


def test_a_pair_whose_second_reading_alone_changes_nothing_is_found(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 31's repro: a deal the ruleset refuses (a centre card at the top of the pack) that, accepted, is a
    bolsevikki led by the bolshevik's right. The bolsevikki reading alone changes nothing (the deal is refused
    either way), so the pair search must try pairs of readings that do not each change the answer."""
    impl = [*SERVE, "--reading", "deal.centre-not-top-or-bottom=[]", "--reading", "bolsevikki.lead=declarer-right",
            "--reading", "auction2.final-min-passes=every-pass"]
    report = tmp_path / "report.jsonl"
    code = cli.main(["conformance", str(Path(cases_dir()).parent / "generated" / "2016"), "--explain", "-q",
                     "--run", "gen.2016.3.invalid-deal-position-forbidden-*", "--impl", shlex.join(impl),
                     "--report", str(report)])
    out = capsys.readouterr().out
    (record,) = [json.loads(line) for line in report.read_text(encoding="utf-8").splitlines()
                 if json.loads(line)["type"] == "explain"]
    assert code == 1 and record["failures"] == 10 and record["unexplained"] == 0
    pairs = [row for row in record["readings"] if len(row["rules"]) == 2]
    assert pairs and all(set(row["rules"]) == {"deal.centre-not-top-or-bottom", "bolsevikki.lead"} for row in pairs)
    assert "likely bugs" not in out


def test_pruning_pairs_to_the_path_changes_no_explanation(monkeypatch: pytest.MonkeyPatch) -> None:
    """A pair whose readings are not both on the path cannot explain what neither explains alone: trying every
    pair gives the same explanations."""
    from skruuvi.suite.explanations import explain_readings

    failures = _failures_under({"deal.centre-not-top-or-bottom": [], "bolsevikki.lead": "declarer-right",
                                "passimisaari.return-order": "reverse"})
    failures += _failures_under({"score.defenders-receive": "nothing", "score.misere-aces": "main"})[::3]
    pruned = explain(failures).record()
    monkeypatch.setattr(explain_search, "on_path", lambda reading, path: True)
    assert explain_readings.on_path is not explain_search.on_path
    everywhere = explain(failures).record()
    for record in (pruned, everywhere):
        record.pop("seconds")
        for verdict in record["no_reading"]:
            verdict.pop("pairs_tried"), verdict.pop("pairs_on_path")
    assert pruned == everywhere and pruned["explained_by_pair"] > 0


def test_each_row_carries_the_exact_value_and_ready_lines_to_declare_it(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The row of a reading whose value is long (a 1944 formula) gives it whole, as serve options that play it
    and as the start answer's readings, and both really do: serve under the options passes every case."""
    rule = "score.honour-count"
    (alt,) = [a for r, a in alternatives(get_ruleset("skruuvi-1944")) if r == rule]
    code, _, record = _run(tmp_path, [*SERVE, "--reading", f"{rule}={json.dumps(alt['value'])}"], "1944")
    out = capsys.readouterr().out
    (row,) = [r for r in record["readings"] if r["rules"] == [rule]]
    assert row["values"] == {rule: alt["value"]} and row["declare"] == {"skruuvi-1944": {rule: alt["value"]}}
    assert row["options"] in out and json.dumps(row["declare"], separators=(", ", ": ")) in out
    again = tmp_path / "again"
    again.mkdir()
    _, _, same = _run(again, [*SERVE, *shlex.split(row["options"])], "1944")  # the options play that very value
    assert [r["cases"] for r in same["readings"]] == [r["cases"] for r in record["readings"]]
    declared = tmp_path / "declared"
    declared.mkdir()
    code, _, record = _run(declared, [sys.executable, "-m", "skruuvi", "serve", *shlex.split(row["options"])], "1944")
    capsys.readouterr()
    assert record["failures"] == 0 and code == 0  # declared at start: judged under it, every case passes


GRANDI = '''
import sys
from skruuvi.suite.scp.protocol import Server, serve
from skruuvi.suite.features.variants import ReadingReplay

under = ReadingReplay({})


def plus_five(record):
    outcome = under(record)
    result = outcome.result
    if result is not None and result.get("contract") and result["contract"]["bid"].endswith("G"):
        side = "NS" if result["contract"]["declarer"] in "NS" else "EW"
        score = {k: v + 5 if k == side else v for k, v in result["score"].items()}
        return outcome._replace(result={**result, "score": score})
    return outcome


serve(sys.stdin, sys.stdout, Server(replay=plus_five))
'''


def test_one_systematic_bug_is_one_pattern_with_its_contract(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """An engine that adds 5 to the declarer's side in every grandi: its failures are one pattern per form
    (grandi contracts, the main pair +5), each trace names the contract, and the printout is capped while the
    report lists every case."""
    script = tmp_path / "grandi.py"
    script.write_text(GRANDI, encoding="utf-8")
    monkeypatch.setattr(explain_print, "MAX_CASES_SHOWN", 2)
    code, _, record = _run(tmp_path, [sys.executable, str(script)])
    out = capsys.readouterr().out
    out = out[out.index("\nexplain: "):]  # the explanation, after the failing cases' own lines
    assert code == 1 and record["unexplained"] == record["failures"] > 2
    patterns = record["patterns"]
    assert sorted(p["pattern"]["form"] for p in patterns) == ["alkupeli", "kotka"]  # one per form, nothing else
    for pattern in patterns:
        assert pattern["pattern"]["contract"] == "grand"
        assert pattern["pattern"]["difference"] == "main pair +5, defenders +0"
        assert pattern["count"] == len(pattern["cases"]) > 2
        assert f"{pattern['count']} cases: skruuvi-2016, {pattern['pattern']['form']}, grand contracts" in out
        shown = [case for case in pattern["cases"] if case in out]
        assert len(shown) == 2 and f"and {pattern['count'] - 2} more" in out
    assert sum(p["count"] for p in patterns) == record["failures"]
    assert all(any(line.startswith("contract (the reference's): ") and "G by " in line for line in v["trace"]["lines"])
               for v in record["no_reading"])


MISERE = '''
import sys
from skruuvi.suite.scp.protocol import Server, serve
from skruuvi.suite.features.variants import ReadingReplay

under = ReadingReplay({"score.zero-sum": ["score.misere-aces"]})
serve(sys.stdin, sys.stdout, Server(replay=lambda r: under({k: v for k, v in r.items() if k != "readings"})))
'''


def test_the_hint_names_an_item_credited_to_the_other_side(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 31: an engine that ignores a case's score.misere-aces = main and nets the misère aces. The hint is the
    defenders' ace costs (which the case's reading does not charge) going to the other side, not a contract
    item that happens to equal one side's difference."""
    script = tmp_path / "misere.py"
    script.write_text(MISERE, encoding="utf-8")
    _code, _, record = _run(tmp_path, [sys.executable, str(script)], "2016", "--run",
                           "2016.readings.misere-aces-main-kotka-made")
    out = capsys.readouterr().out
    (verdict,) = record["no_reading"]
    lines = verdict["trace"]["lines"]
    assert any("the whole difference: score.misere-aces -20 for EW" in line and "negation given to NS" in line
               for line in lines)
    assert not any("counted twice" in line or "missing from" in line for line in lines)
    assert "score.misere-aces for the defenders" in verdict["trace"]["pattern"]["where"]
    assert "score.made +20 for NS: counted twice" not in out


SKIP = '''
import sys
from skruuvi.suite.scp.protocol import Server, serve
from skruuvi.suite.features.variants import ReadingReplay

under = ReadingReplay({"defenders-exchange.banned-after-high-first-bid": 1})  # bans every defenders' exchange
serve(sys.stdin, sys.stdout, Server(replay=under))
'''


def test_the_hint_names_the_ban_that_decides_whether_the_exchange_takes_place(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 31: an engine that wrongly skips the defenders' exchange parts from the reference in the doubling
    phase, just after the exchange; the trace names the exchange's ban rule, not only the doubling rules."""
    script = tmp_path / "skip.py"
    script.write_text(SKIP, encoding="utf-8")
    _code, _, record = _run(tmp_path, [sys.executable, str(script)], "2016", "--run", "2016.doubling.*")
    capsys.readouterr()
    in_doubling = [v for v in record["no_reading"] if (v["trace"].get("phase") or {}).get("id") == "doubling"]
    assert in_doubling
    for verdict in in_doubling:
        assert verdict["trace"]["rules"][0] == ("defenders-exchange.banned-after-high-first-bid "
                                                "[banned_if_main_first_bid_at_least]")
        assert any("whether defenders-exchange takes place" in line for line in verdict["trace"]["lines"])
