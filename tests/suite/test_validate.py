"""``skruuvi validate``: the real spec validates; broken copies are reported with file, path and reason."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import yaml

from cases_factory import DECK, minimal_case
from skruuvi.rules.errors import InputError, YamlError
from skruuvi.rules.paths import repo_root, spec_dir
from skruuvi.rules.yamlio import load_yaml
from skruuvi.suite.validate import FACTS, expression_problem, rule_ids, validate, validate_paths

RULESET = spec_dir() / "rulesets" / "skruuvi-2016.yaml"


def _deck() -> list[str]:
    return list(DECK)


def _case(**changes: Any) -> dict[str, Any]:
    return minimal_case(**changes)


def _write_case(directory: Path, name: str, case: dict[str, Any]) -> Path:
    directory.mkdir(parents=True, exist_ok=True)
    path = directory / name
    path.write_text(yaml.safe_dump(case, sort_keys=False), encoding="utf-8")
    return path


def _broken_ruleset(tmp_path: Path, old: str, new: str) -> Path:
    text = RULESET.read_text(encoding="utf-8")
    assert old in text, old
    path = tmp_path / "rulesets" / "skruuvi-2016.yaml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


def _errors(paths: list[Path]) -> list[InputError]:
    errors, _summary = validate_paths([str(p) for p in paths])
    return errors


def _only(paths: list[Path]) -> InputError:
    errors = _errors(paths)
    assert len(errors) == 1, [str(e) for e in errors]
    return errors[0]


@pytest.mark.usefixtures("parse_once")  # every record is still validated; an unchanged file is parsed once
def test_the_real_spec_and_suite_validate() -> None:
    root = repo_root()
    errors, summary = validate_paths([str(root / "spec"), str(root / "conformance")])
    assert [str(e) for e in errors] == []
    assert "3 rulesets" in summary and "sources, errors" in summary and summary.endswith("; 0 errors")


def test_summary_counts_cases(tmp_path: Path) -> None:
    cases = tmp_path / "conformance" / "cases"
    _write_case(cases, "a.yaml", _case(id="t.a"))
    _write_case(cases, "b.yaml", _case(id="t.b"))
    errors, summary = validate_paths([str(tmp_path), str(RULESET)])
    assert errors == []
    assert summary == "validated 3 files: 1 ruleset, 2 cases; 0 errors"


# -------------------------------------------------------------------------------------------------------- YAML


def test_yaml_syntax_error(tmp_path: Path) -> None:
    path = _broken_ruleset(tmp_path, "deal:\n  rules:", "deal:\n  rules: [\n")
    error = _only([path])
    assert isinstance(error, YamlError)
    assert error.file == str(path) and error.path and error.path.startswith("line ")
    assert "not valid YAML" in error.reason


def test_anchor_and_alias_are_rejected(tmp_path: Path) -> None:
    path = _broken_ruleset(tmp_path, "      source: [S001, S002, PSK]\n      status: stated\n    - id: deal.pack",
                           "      source: &s [S001, S002, PSK]\n      status: stated\n    - id: deal.pack")
    error = _only([path])
    assert isinstance(error, YamlError) and "anchors" in error.reason
    assert error.path is not None and error.path.startswith("line ")
    case = tmp_path / "conformance" / "alias.yaml"
    case.parent.mkdir()
    case.write_text("id: &i a\nruleset: skruuvi-2016\ndescription: *i\n", encoding="utf-8")
    assert "not allowed" in _only([case]).reason


# ----------------------------------------------------------------------------------------------------- rulesets


def test_schema_violation_in_a_ruleset(tmp_path: Path) -> None:
    path = _broken_ruleset(tmp_path, "        param: hand_size\n        value: 12\n        source: [S001, S002]\n"
                                     "        status: stated",
                           "        param: hand_size\n        value: 12\n        source: [S001, S002]\n"
                           "        status: certain")
    error = _only([path])
    assert (error.file, error.path) == (str(path), "/forms/alkupeli/rules/0/status")
    assert error.reason == "'certain' is not one of: stated, inferred, conflict"


def test_typo_in_a_rule_key(tmp_path: Path) -> None:
    path = _broken_ruleset(tmp_path, "      value: clockwise-from-dealer-left\n      source:",
                           "      value: clockwise-from-dealer-left\n      sorce:")
    reasons = {(e.path, e.reason) for e in _errors([path])}
    assert ("/deal/rules/2/sorce", "unknown key 'sorce' (did you mean 'source'?)") in reasons


def test_inferred_rule_without_note(tmp_path: Path) -> None:
    path = _broken_ruleset(tmp_path, "        note: No 2016 source says who speaks first; the 1940s rules (S000) give"
                                     " the highest bidder.\n", "")
    error = _only([path])
    assert error.path == "/phases/second-auction/rules/1"
    assert error.reason == "'note' is required when status is inferred"


def test_unknown_source_key(tmp_path: Path) -> None:
    path = _broken_ruleset(tmp_path, "      source: [S001, S002, PSK]", "      source: [S001, S0002, PSK]")
    error = _only([path])
    assert error.path == "/deal/rules/0/source/1"
    assert error.reason == "unknown source key 'S0002' (not in spec/sources.yaml)"


def test_duplicate_rule_id(tmp_path: Path) -> None:
    path = _broken_ruleset(tmp_path, "id: deal.pack", "id: deal.players")
    error = _only([path])
    assert error.path == "/deal/rules/1/id" and "already used at /deal/rules/0" in error.reason


def test_unknown_phase_scheme_and_extends(tmp_path: Path) -> None:
    path = _broken_ruleset(tmp_path, "defenders-exchange, doubling, play]", "defenders-exchange, doubling, plya]")
    error = _only([path])
    assert (error.path, error.reason) == ("/forms/alkupeli/phases/5", "form 'alkupeli' uses unknown phase 'plya'")
    path = _broken_ruleset(tmp_path, "    scoring: passimisaari", "    scoring: passimisari")
    assert _only([path]).path == "/forms/passimisaari/scoring"
    path = _broken_ruleset(tmp_path, "    extends: play", "    extends: playing")
    assert _only([path]).reason == "phase 'bolsevikki-play' extends unknown phase 'playing'"


def test_missing_table_referenced_by_an_expression(tmp_path: Path) -> None:
    path = _broken_ruleset(tmp_path, "points: overtricks * overtrick_value[level]",
                           "points: overtricks * overtrick_values[level]")
    error = _only([path])
    assert error.path == "/scoring/schemes/contract/1/points"
    assert "unknown name 'overtrick_values'" in error.reason


@pytest.mark.parametrize(("expression", "node"), [
    ("(lambda: 1)()", "Lambda"),
    ("made_value.get(kind)", "Attribute"),
    ("[level for level in made_value]", "ListComp"),
    ("level ** 2", "Pow"),
])
def test_forbidden_expression_node(tmp_path: Path, expression: str, node: str) -> None:
    path = _broken_ruleset(tmp_path, "points: made_value[kind][level]", f"points: '{expression}'")
    error = _only([path])
    assert error.path == "/scoring/schemes/contract/0/points"
    assert f"{node} is not allowed" in error.reason


def test_only_min_max_abs_may_be_called(tmp_path: Path) -> None:
    path = _broken_ruleset(tmp_path, "points: made_value[kind][level]", "points: 'print(level)'")
    assert "only min(), max() and abs()" in _only([path]).reason


def test_expression_language() -> None:
    names = FACTS | {"made_value"}
    assert expression_problem("max(0, made_value[kind][level] - 1) if made else -abs(level)", names) is None
    assert expression_problem("kind == 'misere' and not made", names) is None
    assert expression_problem("level +", names) is not None
    assert expression_problem("__import__('os')", names) is not None
    assert "unknown name 'x'" in (expression_problem("x + 1", names) or "")


def test_interpreter_rejections_are_reported(tmp_path: Path) -> None:
    path = _broken_ruleset(tmp_path, "mechanism: kitty", "mechanism: kity")
    error = _only([path])
    assert (error.file, error.path) == (str(path), "/phases/kitty/mechanism")
    assert "unknown mechanism 'kity'" in error.reason


def test_ruleset_id_must_match_file_name(tmp_path: Path) -> None:
    path = _broken_ruleset(tmp_path, "id: skruuvi-2016", "id: skruuvi-2017")
    error = _only([path])
    assert (error.path, error.reason) == ("/id", "id 'skruuvi-2017' differs from the file name 'skruuvi-2016'")


# -------------------------------------------------------------------------------------------------------- cases


def test_duplicate_case_id(tmp_path: Path) -> None:
    cases = tmp_path / "conformance" / "cases"
    _write_case(cases, "a.yaml", _case())
    second = _write_case(cases, "b.yaml", _case())
    error = _only([tmp_path])
    assert (error.file, error.path) == (str(second), "/id")
    assert error.reason.startswith("duplicate case id 'test.four-passes' (first in ")


def test_unknown_rule_id_and_error_code(tmp_path: Path) -> None:
    path = _write_case(tmp_path / "conformance", "c.yaml",
                       _case(rules=["auction.all-pass", "auction.no-such-rule"],
                             expect={"error": {"index": 2, "code": "card-not-in-hand"}}))
    found = {(e.file, e.path, e.reason) for e in _errors([path])}
    assert found == {
        (str(path), "/rules/1", "unknown rule id 'auction.no-such-rule' (not a rule of skruuvi-2016)"),
        (str(path), "/expect/error/code", "unknown error code 'card-not-in-hand' (not in spec/errors.yaml)"),
    }


def test_case_schema_violation_and_typo(tmp_path: Path) -> None:
    case = _case(justification={"kind": "source-example"})
    case["expct"] = case.pop("expect")
    path = _write_case(tmp_path / "conformance", "c.yaml", case)
    found = {(e.path, e.reason) for e in _errors([path])}
    assert ("/expct", "unknown key 'expct' (did you mean 'expect'?)") in found
    assert (None, "'expect' is required") in found
    assert ("/justification", "'ref' is required when kind is source-example") in found


def test_suite_lint_applies_wherever_the_file_sits(tmp_path: Path) -> None:
    # issue 16: a missing expect (or an unknown key) must not pass just because the file is outside conformance/
    case = {k: v for k, v in _case().items() if k in ("id", "ruleset", "deal", "actions")}
    required = {f"'{k}' is required" for k in ("description", "rules", "justification", "expect")}
    outside = _write_case(tmp_path / "examples", "c.yaml", case)
    assert {e.reason for e in _errors([outside])} == required
    inside = _write_case(tmp_path / "conformance", "c.yaml", dict(case, id="other"))
    assert {e.reason for e in _errors([inside])} == required


def test_unknown_ruleset(tmp_path: Path) -> None:
    path = _write_case(tmp_path / "conformance", "c.yaml", _case(ruleset="skruuvi-1066"))
    error = _only([path])
    assert error.path == "/ruleset" and error.reason.startswith("unknown ruleset 'skruuvi-1066'")


def test_invalid_deal_is_reported_unless_expected(tmp_path: Path) -> None:
    bad = dict(_case()["deal"], centre_positions=[0, 17, 30, 44])
    path = _write_case(tmp_path / "conformance", "c.yaml", _case(deal=bad))
    error = _only([path])
    assert error.path == "/deal" and error.reason.startswith("invalid deal: ")
    expected = _write_case(tmp_path / "conformance", "c.yaml",
                           _case(deal=bad, actions=[], expect={"error": {"index": None, "code": "invalid-deal"}}))
    assert _errors([expected]) == []
    wrong = _write_case(tmp_path / "conformance", "c.yaml",
                        _case(actions=[], expect={"error": {"index": None, "code": "invalid-deal"}}))
    assert _only([wrong]).reason == "expects invalid-deal but the deal is valid"


def test_error_index_consistency(tmp_path: Path) -> None:
    path = _write_case(tmp_path / "conformance", "c.yaml",
                       _case(expect={"error": {"index": 3, "code": "incomplete-record"}}))
    assert _only([path]).reason == "incomplete-record has index len(actions) = 4"
    path = _write_case(tmp_path / "conformance", "c.yaml",
                       _case(expect={"error": {"index": 9, "code": "must-follow-suit"}}))
    assert _only([path]).path == "/expect/error/index"


def test_json_lines_errors_name_the_line(tmp_path: Path) -> None:
    path = tmp_path / "conformance" / "generated" / "g.jsonl"
    path.parent.mkdir(parents=True)
    lines = [json.dumps(_case(id="g.1")), "", json.dumps(_case(id="g.2", rules=["nope.rule"])), "{not json"]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    found = [(e.path, e.reason) for e in _errors([path])]
    assert ("line 3 /rules/0", "unknown rule id 'nope.rule' (not a rule of skruuvi-2016)") in found
    assert any(p == "line 4" and r.startswith("not valid JSON") for p, r in found)


# ------------------------------------------------------------------------------------- sources, errors, schemas


def test_broken_sources_and_errors_files(tmp_path: Path) -> None:
    sources = load_yaml(spec_dir() / "sources.yaml")
    sources["PSW"]["reliabilty"] = sources["PSW"].pop("reliability")
    path = tmp_path / "sources.yaml"
    path.write_text(yaml.safe_dump(sources, allow_unicode=True), encoding="utf-8")
    found = {(e.path, e.reason) for e in _errors([path])}
    assert ("/PSW/reliabilty", "unknown key 'reliabilty' (did you mean 'reliability'?)") in found

    errors = load_yaml(spec_dir() / "errors.yaml")
    errors["errors"][11]["rules"] = ["play.follow-suits"]
    errors["errors"][2]["precedence"] = 4
    path = tmp_path / "errors.yaml"
    path.write_text(yaml.safe_dump(errors), encoding="utf-8")
    found = {(e.path, e.reason) for e in _errors([path])}
    assert ("/errors/11/rules/0", "unknown rule id 'play.follow-suits' (no ruleset defines it)") in found
    assert ("/errors/3/precedence", "precedence 3 after 4: list the codes in precedence order") in found


def test_errors_yaml_is_the_design_list_in_precedence_order() -> None:
    data = load_yaml(spec_dir() / "errors.yaml")
    codes = [e["code"] for e in data["errors"]]
    assert codes == ["invalid-deal", "malformed-action", "not-your-turn", "exchange-forbidden", "double-not-allowed",
                     "redouble-not-allowed", "wrong-phase", "give-wrong-recipient", "give-wrong-count",
                     "card-not-held", "return-same-card", "choice-not-offered", "must-follow-suit",
                     "bid-not-allowed",
                     "bid-below-minimum", "bid-not-higher", "final-contract-too-low", "incomplete-record",
                     "wrong-deal-form", "wrong-dealer", "wrong-seating", "match-overrun"]
    ruleset_rules = set().union(*(rule_ids(load_yaml(p)) for p in (spec_dir() / "rulesets").glob("*.yaml")))
    assert {r for e in data["errors"] for r in e["rules"]} <= ruleset_rules
    assert "play.follow-suit" in next(e for e in data["errors"] if e["code"] == "must-follow-suit")["rules"]


def test_sources_yaml_has_every_key_of_the_digest() -> None:
    keys = set(load_yaml(spec_dir() / "sources.yaml"))
    assert keys == {"S000", "S001", "S002", "S003", "S004", "PSW", "PSK", "PV", "HB", "KPO", "NF", "WV", "EB", "PAR",
                    "CAC", "ALK", "ANY", "KOR", "GR", "RD", "RN"}


def test_broken_schema_file(tmp_path: Path) -> None:
    path = tmp_path / "schema" / "bad.schema.json"
    path.parent.mkdir()
    path.write_text(json.dumps({"$id": "x", "type": "strnig"}), encoding="utf-8")
    error = _only([path])
    assert error.file == str(path) and "not a valid draft 2020-12 schema" in error.reason
    path.write_text("{", encoding="utf-8")
    assert _only([path]).reason.startswith("not valid JSON")


def test_missing_path_and_unknown_file(tmp_path: Path) -> None:
    assert _only([tmp_path / "nope.yaml"]).reason == "no such file or directory"
    other = tmp_path / "notes.yaml"
    other.write_text("title: not a case\n", encoding="utf-8")
    assert "not a case" in _only([other]).reason
    found = validate([str(tmp_path)])  # met in a folder: listed as skipped with why, never dropped silently
    assert found.errors == [] and not found.ok and found.files == 0
    assert [(e.file, e.reason.split(":")[0]) for e in found.skipped] == [(str(other), "skipped")]
    assert found.summary == "validated 0 files: nothing to check; 1 file skipped; 0 errors"


# ---------------------------------------------------------------------------------------------------
# issue 16 part 4: validate is as strict as the suite


@pytest.mark.parametrize(("name", "text", "words"), [
    ("dup.yaml", "id: a\nexpect: {result: {}}\nexpect: {error: {index: 0, code: x}}\n", "line 3"),
    ("dup.jsonl", '{"id": "a", "id": "b"}\n', "line 1"),
    ("dup.json", '{"id": "a", "ruleset": "skruuvi-2016", "id": "b"}', "duplicate key 'id'"),
])
def test_duplicate_keys_are_rejected(tmp_path: Path, name: str, text: str, words: str) -> None:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    errors = [str(e) for e in _errors([path])]
    assert any("duplicate key" in e and words in e for e in errors), errors


@pytest.mark.parametrize("text", ["", "# only a comment\n", "---\n"])
def test_an_empty_case_file_is_an_error(tmp_path: Path, text: str) -> None:
    path = tmp_path / "conformance" / "cases" / "empty.yaml"
    path.parent.mkdir(parents=True)
    path.write_text(text, encoding="utf-8")
    assert "holds no record" in _only([path]).reason


def test_a_json_case_file_is_validated_like_the_runner_reads_it(tmp_path: Path) -> None:
    import json

    good = tmp_path / "examples" / "c.json"
    good.parent.mkdir()
    good.write_text(json.dumps(_case()), encoding="utf-8")
    assert _errors([good]) == []
    bad = tmp_path / "examples" / "d.json"
    bad.write_text(json.dumps(_case(id="other", surprise=1)), encoding="utf-8")
    errors = [str(e) for e in _errors([bad])]
    assert len(errors) == 1 and "surprise" in errors[0], errors


def test_readings_are_a_known_case_key(tmp_path: Path) -> None:
    path = _write_case(tmp_path / "conformance", "c.yaml", _case(readings={"auction2.end-four-passes": 2}))
    assert _errors([path]) == []


# ---------------------------------------------------------------------------------------------------
# issue 28 part 4: validate is as strict as the runner


def test_every_case_is_replayed_and_an_expectation_the_reference_does_not_give_is_an_error(tmp_path: Path) -> None:
    """``W bid 5Z`` in a case expecting a result validated clean, and the runner then reported
    ``malformed-action``: validate replays every case, naming the file and the case."""
    good = _write_case(tmp_path / "cases", "good.yaml", _case())
    assert _errors([good]) == []
    wrong_index = _write_case(tmp_path / "cases", "index.yaml", _case(
        id="test.wrong-index", expect={"error": {"index": 3, "code": "not-your-turn"}}))
    malformed = _write_case(tmp_path / "cases", "bid.yaml", _case(
        id="test.bid-5z", actions=["N pass", "E pass", "W bid 5Z", "W pass"],
        expect={"result": {"contract": None, "tricks": {"NS": 0, "EW": 0}, "score": {"NS": 0, "EW": 0}}}))
    for path, case_id, words in ((wrong_index, "test.wrong-index", "error.index: expected 3, got 4"),
                                 (malformed, "test.bid-5z", '"code": "malformed-action"')):
        error = _only([path])
        assert error.file == str(path) and error.path == "/expect", str(error)
        assert f"case {case_id!r}: the reference answers otherwise" in error.reason and words in error.reason


def test_a_file_that_is_no_case_in_a_folder_of_cases_is_an_error(tmp_path: Path) -> None:
    """The runner reads every YAML file of a folder as a case; validate says so of a file there that is none."""
    folder = tmp_path / "mine"
    _write_case(folder, "case.yaml", _case())
    notes = folder / "notes.yaml"
    notes.write_text("title: not a case\n", encoding="utf-8")
    found = validate([str(folder)])
    assert [(e.file, "in a folder of cases" in e.reason) for e in found.errors] == [(str(notes), True)]
    assert found.skipped == [] and not found.ok
