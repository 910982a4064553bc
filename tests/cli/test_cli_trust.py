"""No traceback on user input, and nothing dropped (issue 16 part 3): each reproduction of the issue.

Every bad input gives one line naming the file, the place in it and the rule, and the command goes on with
the next record or file where that makes sense. A short hypothesis run feeds random cases, YAML texts and
protocol lines to replay, validate and serve and asserts that none of them ever raises.
"""

from __future__ import annotations

import contextlib
import functools
import io
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from skruuvi.cli import commands as cli
from skruuvi.rules.errors import InputError
from skruuvi.rules.jsonsafe import loads as strict_loads
from skruuvi.rules.paths import cases_dir
from skruuvi.rules.yamlio import parse_yaml
from skruuvi.suite.scp.protocol import Server
from skruuvi.suite.validate import validate_paths

GOOD_CASE = cases_dir() / "2016" / "score" / "made-5H-exact.yaml"


def good() -> dict[str, Any]:
    record = parse_yaml(GOOD_CASE.read_text(encoding="utf-8"))
    assert isinstance(record, dict)
    return record


def main(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, list[str], list[str]]:
    code = cli.main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out.splitlines(), captured.err.splitlines()


def no_traceback(err: list[str]) -> None:
    assert not any("Traceback" in line for line in err), err


# ---------------------------------------------------------------------------------------------------
# replay goes on after a bad line


def test_replay_goes_on_after_a_bad_json_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    line = json.dumps(good())
    path = tmp_path / "mixed.jsonl"
    path.write_bytes(f"{line}\n{{bad\n{line}\n".encode() + b"\xe4\xe4 latin-1\n" + f"{line}\n".encode())
    code, out, err = main(capsys, "replay", str(path))
    assert code == 1
    assert len(out) == 3, "every good line is replayed"
    assert [e.split(": ")[2] for e in err] == ["line 2", "line 4"]
    assert "not valid JSON" in err[0] and "not UTF-8" in err[1]
    no_traceback(err)


def test_replay_from_stdin_goes_on_after_a_bad_line(tmp_path: Path) -> None:
    line = json.dumps(good())
    proc = subprocess.run([sys.executable, "-m", "skruuvi", "replay", "-"], input=f"{line}\n{{bad\n{line}\n",
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 1
    assert len(proc.stdout.splitlines()) == 2
    assert proc.stderr.startswith("skruuvi: <stdin>: line 2: not valid JSON")


# ---------------------------------------------------------------------------------------------------
# YAML that is not plain data


@pytest.mark.parametrize(("text", "words"), [
    ("id: x\nruleset: skruuvi-2016\ndeal: !!python/object:os.system {}\n", "line 3: YAML tag"),
    ("id: x\nruleset: !foo [1]\n", "line 2: YAML tag '!foo'"),
    ("id: x\nruleset: skruuvi-2016\ndeal: !!set {a: null}\n", "line 3: YAML tag"),
    ("id: x\nruleset: skruuvi-2016\nwhen: 2024-01-01\n",
     "line 3, column 7: not valid YAML: '2024-01-01' reads as a date"),
    ("id: x\nruleset: skruuvi-2016\nn: " + "9" * 5000 + "\n", "line 3, column 4: not valid YAML: integer of 5000"),
    ("id: x\nruleset: skruuvi-2016\nn: " + "[" * 100_000 + "]" * 100_000 + "\n", "line 3"),
    ("id: x\nid: y\n", "line 2, column 1: not valid YAML: duplicate key 'id'"),
    ("id: x\nn: .inf\n", "line 2, column 4: not valid YAML: '.inf' is not a JSON number"),
])
@pytest.mark.parametrize("command", ["replay", "validate", "conformance", "mutate"])
def test_yaml_that_is_not_plain_data_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str,
                                                 words: str, command: str) -> None:
    path = tmp_path / "case.yaml"
    path.write_text(text, encoding="utf-8")
    argv = [command, str(path)] + (["--ruleset", "skruuvi-2016"] if command == "mutate" else [])
    code, out, err = main(capsys, *argv)
    assert code != 0
    text_out = "\n".join(out + err)
    assert f"{path}: {words}" in text_out, text_out
    no_traceback(err)


# ---------------------------------------------------------------------------------------------------
# Values of the wrong shape


@pytest.mark.parametrize(("change", "pointer"), [
    ({"ruleset": ["skruuvi-2016"]}, "/ruleset"), ({"ruleset": {"a": 1}}, "/ruleset"),
    ({"deal": {"form": ["alkupeli"], "dealer": "N"}}, None), ({"deal": {"form": "alkupeli", "dealer": {"N": 1}}}, None),
])
def test_a_list_or_mapping_where_a_name_belongs(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                               change: dict[str, Any], pointer: str | None) -> None:
    path = tmp_path / "c.jsonl"
    path.write_text(json.dumps({**good(), **change}) + "\n" + json.dumps(good()) + "\n", encoding="utf-8")
    code, out, err = main(capsys, "replay", str(path))
    no_traceback(err)
    if pointer is None:  # a malformed deal is a legal record: its answer is invalid-deal
        invalid = {"id": good()["id"], "error": {"index": None, "code": "invalid-deal"}}
        assert code == 0 and json.loads(out[0]) == invalid
    else:
        assert code == 1 and err[0].startswith(f"skruuvi: {path}: line 1: {pointer}: ruleset must be a string")
    assert len(out) == (2 if pointer is None else 1)
    code, out, err = main(capsys, "validate", str(path))
    assert code == 1 and "unhashable" not in "\n".join(out).replace(str(tmp_path), "")


def test_binary_known_failures_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    known = tmp_path / "known.txt"
    known.write_bytes(b"t.a\n\xe4\xe4\n")
    code, _, err = main(capsys, "conformance", str(GOOD_CASE), "--known-failures", str(known))
    assert code == 2 and err == [f"skruuvi: conformance: {known}: line 2: known-failures file: not UTF-8 text "
                                 "(byte 0: invalid continuation byte)"]


def test_binary_jsonl_to_mutate_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "c.jsonl"
    path.write_bytes(b"\xff\xfe\n")
    code, _, err = main(capsys, "mutate", "--ruleset", "skruuvi-2016", str(path))
    assert code != 0 and err and f"{path}: line 1: not UTF-8" in err[0]
    no_traceback(err)


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero")
@pytest.mark.parametrize("name", ["zero.jsonl", "zero.yaml", "zero.json", "zero.jsonl.gz"])
@pytest.mark.parametrize("command", ["replay", "conformance"])
def test_a_file_that_never_ends(tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str, command: str) -> None:
    """A named path that is no regular file (/dev/zero would never end) is one line."""
    link = tmp_path / name
    link.symlink_to("/dev/zero")
    code, _, err = main(capsys, command, str(link))
    assert code == (1 if command == "replay" else 2) and len(err) == 1 and no_traceback(err) is None
    assert "not a regular file (a device); name a file" in err[0]


@pytest.mark.parametrize("target", ["file", "missing/folder"])
def test_generate_out_must_be_a_folder(tmp_path: Path, capsys: pytest.CaptureFixture[str], target: str) -> None:
    (tmp_path / "file").write_text("")
    code, _, err = main(capsys, "generate", "--ruleset", "skruuvi-2016", "--count", "1",
                        "--out", str(tmp_path / target))
    assert code == 2 and len(err) == 1 and "--out" in err[0]
    assert not (tmp_path / "missing").exists()


def test_generate_refuses_an_unknown_kind_before_writing(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = main(capsys, "generate", "--ruleset", "skruuvi-1944", "--count", "1", "--kinds", "deals,sets",
                        "--out", str(tmp_path))
    assert code == 2 and len(err) == 1 and "--kinds" in err[0] and "sets" in err[0]
    assert not list(tmp_path.iterdir())


def test_generate_kinds_writes_only_the_kinds_asked_for(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    import gzip
    import json

    code, out, _ = main(capsys, "generate", "--ruleset", "skruuvi-1944", "--count", "10", "--per-code", "40",
                        "--kinds", "matches,states", "--out", str(tmp_path))
    assert code == 0 and "wrote 6 records" in out[0]  # one match and its four changes, one deal from a state
    with gzip.open(tmp_path / "1944" / "seed-1.jsonl.gz", "rt", encoding="utf-8") as handle:
        ids = [json.loads(line)["id"] for line in handle]
    assert ids[0] == "gen.1944.1.state-00000" and all(".match-" in i for i in ids[1:])  # in the order of KINDS


def test_an_unhashable_ruleset_value_is_a_ruleset_error(tmp_path: Path) -> None:
    from skruuvi.rules.paths import rulesets_dir

    text = (rulesets_dir() / "skruuvi-2016.yaml").read_text(encoding="utf-8")
    assert "distributor: taker" in text
    folder = tmp_path / "rulesets"
    folder.mkdir()
    path = folder / "skruuvi-2016.yaml"
    path.write_text(text.replace("distributor: taker", "distributor: {x: 1}", 1), encoding="utf-8")
    errors, _ = validate_paths([str(path)])
    assert errors and all("unhashable" not in e.reason for e in errors)
    assert any("distributor" in e.reason for e in errors)


# ---------------------------------------------------------------------------------------------------
# A list or a mapping in a ruleset's number place is refused when compiling, at its rule


def _number_places(doc: dict[str, Any]) -> list[tuple[str, tuple[Any, ...]]]:
    """(rule id, path) of every whole number inside the value of a rule (parameters and tables alike)."""
    from skruuvi.rules.ruledoc import rule_entries

    places: list[tuple[str, tuple[Any, ...]]] = []

    def walk(rule: str, path: tuple[Any, ...], value: Any) -> None:
        if type(value) is int:
            places.append((rule, path))
        elif isinstance(value, dict):
            for key, item in value.items():
                walk(rule, (*path, key), item)
        elif isinstance(value, list):
            for i, item in enumerate(value):
                walk(rule, (*path, i), item)

    for path, entry in rule_entries(doc):
        if "value" in entry:
            walk(str(entry["id"]), (*path, "value"), entry["value"])
    return places


def _ruleset_doc(ruleset_id: str) -> dict[str, Any]:
    import copy

    return copy.deepcopy(_parsed_ruleset(ruleset_id))  # a copy of its own: no test changes another's


@functools.cache  # parsed once per process: the fuzz tests ask for it on every example
def _parsed_ruleset(ruleset_id: str) -> dict[str, Any]:
    from skruuvi.rules.paths import rulesets_dir

    doc = parse_yaml((rulesets_dir() / f"{ruleset_id}.yaml").read_text(encoding="utf-8"))
    assert isinstance(doc, dict)
    return doc


def _with(doc: dict[str, Any], path: tuple[Any, ...], value: Any) -> dict[str, Any]:
    import copy

    new = copy.deepcopy(doc)
    node: Any = new
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    return new


#: Number places named in the issue, where a list or a mapping used to reach the arithmetic of replay.
WRONG_NUMBERS = [
    ("skruuvi-2016", "auction.bid-levels", [1], "min_level must be a whole number, got [1]"),
    ("skruuvi-2016", "auction2.final-min-level", {"x": 1}, "final_min_level must be a whole number"),
    ("skruuvi-2016", "defenders-exchange.banned-after-high-first-bid", [1],
     "banned_if_main_first_bid_at_least must be a whole number"),
    ("skruuvi-2016", "kotka.exchange", [1], "count must be a whole number"),
    ("skruuvi-2016", "alkupeli.hand-size", [1], "hand_size must be a whole number"),
    ("skruuvi-2016", "score.multipliers", [1], "multipliers must be a non-empty list of whole numbers"),
    ("skruuvi-1944", "match.game-threshold", {"x": 1}, "game_threshold must be a whole number"),
    ("skruuvi-2016", "score.further-undertrick", [1], "table further_undertrick must be a whole number, or"),
    ("skruuvi-2016", "score.further-undertrick", {"x": 1}, "reads table further_undertrick with 0 lookup(s)"),
    ("skruuvi-2016", "score.first-undertrick", {"x": 1}, "reads table first_undertrick with 2 lookup(s)"),
]


@pytest.mark.parametrize(("ruleset_id", "rule", "wrong", "words"), WRONG_NUMBERS,
                         ids=[f"{w[1]}-{type(w[2]).__name__}" for w in WRONG_NUMBERS])
def test_a_list_where_a_number_belongs_is_one_line_at_its_rule(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                              ruleset_id: str, rule: str, wrong: Any,
                                                              words: str) -> None:
    doc = _ruleset_doc(ruleset_id)
    path = next(p for r, p in _number_places(doc) if r == rule)
    folder = tmp_path / "rulesets"
    folder.mkdir()
    target = folder / f"{ruleset_id}.yaml"
    target.write_text(json.dumps(_with(doc, path, wrong)), encoding="utf-8")  # JSON is YAML
    code, out, err = main(capsys, "validate", str(target))
    no_traceback(err)
    problems = [line for line in out + err if words in line]
    assert code == 1 and len(problems) == 1, out + err
    assert problems[0].startswith(str(target)) and (f"(rule {rule})" in problems[0] or f"rule {rule})" in problems[0])


def test_every_number_place_of_every_ruleset_refuses_a_list_and_a_mapping() -> None:
    from skruuvi.rules.errors import RulesetError
    from skruuvi.rules.ruleset import available_rulesets, compile_ruleset

    checked = 0
    for ruleset_id in available_rulesets():
        doc = _ruleset_doc(ruleset_id)
        for n, (rule, path) in enumerate(_number_places(doc)):
            wrong = [1] if n % 2 else {"x": 1}  # each kind of place meets both (the fuzz test below draws more)
            with pytest.raises(RulesetError) as raised:
                compile_ruleset(_with(doc, path, wrong), f"{ruleset_id}.yaml")
            text = str(raised.value)
            assert "\n" not in text and rule in text, (rule, path, text)
            checked += 1
    assert checked > 100  # the three rulesets hold some 124 number places


def test_a_match_option_of_the_wrong_kind_is_a_case_error() -> None:
    from skruuvi.interpreter.replay import replay
    from skruuvi.rules.errors import CaseFormatError

    record = parse_yaml((cases_dir() / "2016" / "match" / "sitsi-short-unwinding.yaml").read_text(encoding="utf-8"))
    assert isinstance(record, dict) and "stages" in record["match"]["options"]
    record["match"]["options"]["stages"] = [{"form": "alkupeli", "deals": [2]}]
    with pytest.raises(CaseFormatError, match="/match/options/stages: option stages must be a non-empty list"):
        replay(record)


# ---------------------------------------------------------------------------------------------------
# serve answers errored for a bad line and carries on


def test_serve_answers_every_bad_line_and_carries_on() -> None:
    lines = [
        b'{"cmd": "start", "protocol": 1}',
        b'{"cmd": "run", "seq": ' + b"1" * 5000 + b', "case": {}}',
        b"[" * 100_000 + b"]" * 100_000,
        b'{"cmd": "run", "seq": 2, "case": {"id": "\xff"}}',
        b'{"cmd": "run", "seq": "\\ud800", "case": {}}',
        b'{"cmd": "run", "seq": 1.0, "case": {}}',
        b'{"cmd": "run", "seq": 3, "case": {"id": "x", "ruleset": NaN}}',
        b'{"cmd": "run", "seq": 4, "case": {"id": "x", "ruleset": ["skruuvi-2016"]}}',
        b'{"cmd": "run", "seq": 5, "case": ' + json.dumps(good()).encode() + b"}",
        b'{"cmd": "stop"}',
    ]
    proc = subprocess.run([sys.executable, "-m", "skruuvi", "serve"], input=b"\n".join(lines) + b"\n",
                          capture_output=True, timeout=60)
    assert proc.returncode == 0
    answers = [strict_loads(line) for line in proc.stdout.splitlines()]
    assert len(answers) == len(lines) - 1, "one answer per request but stop"
    assert "implementation" in answers[0]
    assert all("errored" in a for a in answers[1:-1]), answers
    assert answers[7]["seq"] == 4
    assert answers[-1]["seq"] == 5 and "result" in answers[-1]


# ---------------------------------------------------------------------------------------------------
# Fuzz: nothing ever raises (a few seconds here; bench/fuzz_inputs.py runs longer)

_scalars = st.one_of(st.none(), st.booleans(), st.integers(), st.floats(allow_nan=False), st.text(max_size=8))
_values = st.recursive(_scalars, lambda inner: st.one_of(st.lists(inner, max_size=3),
                                                        st.dictionaries(st.text(max_size=6), inner, max_size=3)),
                       max_leaves=12)
_keys = st.sampled_from(["id", "ruleset", "deal", "actions", "match", "expect", "form", "dealer", "hands", "centre"])


@st.composite
def _cases(draw: Any) -> dict[str, Any]:
    record = good()
    for _ in range(draw(st.integers(1, 3))):
        key = draw(_keys)
        target = record["deal"] if key in ("form", "dealer", "hands", "centre") else record
        if isinstance(target, dict):
            target[key] = draw(_values)
    return record


#: Examples per fuzz test: a few seconds in CI; ``bench/fuzz_inputs.py`` sets SKRUUVI_FUZZ_EXAMPLES much higher.
EXAMPLES = int(os.environ.get("SKRUUVI_FUZZ_EXAMPLES", "60"))


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_cases())
def test_fuzz_replay_and_serve_never_raise(record: dict[str, Any]) -> None:
    from skruuvi.interpreter.replay import replay

    with contextlib.suppress(InputError):
        replay(record).to_response()
    answer = Server(log=io.StringIO()).handle(json.dumps({"cmd": "run", "seq": 1, "case": record}))
    assert answer is not None and ("errored" in answer or "result" in answer or "error" in answer)


@settings(max_examples=EXAMPLES * 3, deadline=None)
@given(st.text(max_size=60))
def test_fuzz_yaml_and_protocol_lines_never_raise(text: str) -> None:
    with contextlib.suppress(InputError):
        parse_yaml(text, "f.yaml")
    answer = Server(log=io.StringIO()).handle(text)
    assert answer is None or isinstance(answer, dict)
    for line in (text, "id: " + text, '{"seq": 1, "x": ' + text + "}"):
        with contextlib.suppress(InputError):
            parse_yaml(line, "f.yaml")


@pytest.mark.usefixtures("parse_once")  # mutate reads the suite's files before the equivalents file
@pytest.mark.parametrize("entry", [
    "- {rule: kitty.take, mutation: x, reason: y}",  # keyed by rule, as before pointers: refused, not guessed
    "- [not, a, mapping]",
    "{rule: kitty.take}",
])
def test_an_equivalents_file_of_the_wrong_shape_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                            monkeypatch: pytest.MonkeyPatch, entry: str) -> None:
    from skruuvi.rules import paths

    listed = tmp_path / "equivalent.yaml"
    listed.write_text(f"skruuvi-2016:\n  {entry}\n" if entry.startswith("-") else f"skruuvi-2016: {entry}\n",
                      encoding="utf-8")
    monkeypatch.setattr(paths, "equivalent_file", lambda: listed)
    code, _, err = main(capsys, "mutate", "--ruleset", "skruuvi-2016")
    assert code == 2 and len(err) == 1 and f"{listed}: skruuvi-2016[0]: an equivalent mutant is" in err[0], err
    no_traceback(err)


_RULESET_IDS = ("skruuvi-1895", "skruuvi-1944", "skruuvi-2016")
_wrong_shapes = st.one_of(st.lists(_values, max_size=3), st.dictionaries(st.text(max_size=6), _values, max_size=3))


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(_RULESET_IDS), st.data(), _wrong_shapes)
def test_fuzz_a_list_or_mapping_in_a_ruleset_number_place_never_raises(ruleset_id: str, data: Any,
                                                                      wrong: Any) -> None:
    """A ruleset with a list or a mapping where one of its numbers was is refused when compiling, in one line
    that names the rule; if one ever compiled, replaying cases under it must still raise nothing else."""
    from skruuvi.interpreter.replay import replay
    from skruuvi.rules.errors import RulesetError
    from skruuvi.rules.ruleset import compile_ruleset

    doc = _ruleset_doc(ruleset_id)
    rule, path = data.draw(st.sampled_from(_number_places(doc)))
    try:
        ruleset = compile_ruleset(_with(doc, path, wrong), f"{ruleset_id}.yaml")
    except RulesetError as exc:
        assert "\n" not in str(exc) and rule in str(exc), str(exc)
        return
    era = ruleset_id.split("-")[1]
    for case_file in sorted((cases_dir() / era).rglob("*.yaml"))[:: 25]:
        record = parse_yaml(case_file.read_text(encoding="utf-8"))
        with contextlib.suppress(InputError):
            replay(record, ruleset=ruleset).to_response()
