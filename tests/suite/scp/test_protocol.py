"""SCP/1: the reference server, the message helpers, and spec/schema/protocol.schema.json."""

from __future__ import annotations

import io
import json
from typing import Any

import pytest
from jsonschema import Draft202012Validator

from skruuvi import __version__
from skruuvi.interpreter.outcome import Outcome
from skruuvi.rules.errors import CaseFormatError
from skruuvi.rules.paths import schema_dir
from skruuvi.suite.scp.protocol import (
    ProtocolError,
    Server,
    check_header,
    check_response,
    encode,
    parse_line,
    public_case,
    run_request,
    serve,
    start_request,
    stop_request,
)

RANKS, SUITS = "23456789TJQKA", "SCDH"
DECK = [r + s for s in SUITS for r in RANKS]
DEAL = {"form": "alkupeli", "dealer": "N",
        "hands": {"N": DECK[0:12], "E": DECK[12:24], "S": DECK[24:36], "W": DECK[36:48]}, "centre": DECK[48:]}


@pytest.fixture(scope="module")
def validator() -> Draft202012Validator:
    schema = json.loads((schema_dir() / "protocol.schema.json").read_text(encoding="utf-8"))
    Draft202012Validator.check_schema(schema)
    return Draft202012Validator(schema)


def fake_replay(case: dict[str, Any]) -> Outcome:
    """Stands in for the interpreter: behaviour chosen by the case id."""
    if case["id"] == "bad-record":
        raise CaseFormatError("deal is missing", file="<case>", path="deal")
    if case["id"] == "bug":
        raise ZeroDivisionError("division by zero")
    if case["id"] == "illegal":
        return Outcome(error_code="must-follow-suit", error_index=17)
    return Outcome(result={"contract": None, "tricks": {"NS": 0, "EW": 13}, "score": {"NS": 8, "EW": -8}})


class FlushCounter(io.StringIO):
    """A stdout that counts flushes, to check that every line is flushed."""

    flushes = 0

    def flush(self) -> None:
        self.flushes += 1
        super().flush()


def converse(*lines: str, server: Server | None = None) -> tuple[list[dict[str, Any]], FlushCounter]:
    out = FlushCounter()
    serve(io.StringIO("".join(line + "\n" for line in lines)),
          out, server or Server(replay=fake_replay, rulesets=lambda: ["skruuvi-2016"], log=io.StringIO()))
    return [json.loads(line) for line in out.getvalue().splitlines()], out


def req(message: dict[str, Any]) -> str:
    return encode(message).rstrip("\n")


# ---------------------------------------------------------------------------------------------------
# The server


def test_start_run_stop() -> None:
    answers, out = converse(req(start_request()), req(run_request(1, {"id": "ok", "ruleset": "skruuvi-2016"})),
                            req(run_request(2, {"id": "illegal", "ruleset": "skruuvi-2016"})), req(stop_request()),
                            req(run_request(3, {"id": "never", "ruleset": "skruuvi-2016"})))
    from skruuvi.rules.ruleset import get_ruleset
    from skruuvi.suite.features.features import feature_tags

    every = feature_tags(get_ruleset("skruuvi-2016"))
    assert "legal-actions" in every  # the reference declares every feature, legal-actions among them
    assert answers == [
        {"protocol": 1, "implementation": {"name": "skruuvi-reference", "version": __version__,
                                           "features": {"skruuvi-2016": every}, "rulesets": ["skruuvi-2016"]}},
        {"seq": 1, "result": {"contract": None, "tricks": {"NS": 0, "EW": 13}, "score": {"NS": 8, "EW": -8}}},
        {"seq": 2, "error": {"index": 17, "code": "must-follow-suit"}},
    ]
    assert out.flushes >= 3


def test_end_of_input_ends_the_server() -> None:
    answers, _ = converse(req(start_request()))
    assert len(answers) == 1


def test_input_error_is_errored_with_its_message() -> None:
    [answer], _ = converse(req(run_request(4, {"id": "bad-record", "ruleset": "x"})))
    assert answer == {"seq": 4, "errored": "<case>: deal: deal is missing"}


def test_unexpected_exception_is_errored_and_the_server_lives_on() -> None:
    log = io.StringIO()
    server = Server(replay=fake_replay, rulesets=lambda: [], log=log)
    answers, _ = converse(req(run_request(5, {"id": "bug"})), req(run_request(6, {"id": "ok"})), server=server)
    assert answers[0] == {"seq": 5, "errored": "ZeroDivisionError: division by zero"}
    assert answers[1]["seq"] == 6 and "result" in answers[1]
    assert "Traceback" in log.getvalue()


@pytest.mark.parametrize(("line", "expected"), [
    ("this is not json", {"errored": "request is not JSON"}),
    ("[1, 2]", {"errored": "request is not a JSON object"}),
    ('{"cmd": "dance", "seq": 9}', {"seq": 9, "errored": 'unknown cmd "dance"'}),
    ('{"cmd": "run", "seq": 9}', {"seq": 9, "errored": "run request without a case object"}),
    ('{"cmd": "run", "case": {"id": "ok"}}', {"errored": "run request without seq"}),
    ('{"cmd": "start", "protocol": 2}', {"errored": "unsupported protocol 2"}),
])
def test_bad_requests_get_an_errored_line(line: str, expected: dict[str, Any]) -> None:
    answers, _ = converse(line, "", req(run_request(10, {"id": "ok"})))
    assert len(answers) == 2, "a bad line is answered and the next request still is"
    assert answers[0].keys() == expected.keys()
    assert answers[0]["errored"].startswith(expected["errored"])
    assert answers[0].get("seq") == expected.get("seq")


def test_start_errored_when_rulesets_cannot_be_listed() -> None:
    def broken() -> list[str]:
        raise OSError("spec/rulesets is unreadable")

    [answer], _ = converse(req(start_request()), server=Server(replay=fake_replay, rulesets=broken,
                                                               log=io.StringIO()))
    assert answer == {"errored": "OSError: spec/rulesets is unreadable"}


def test_server_answers_validate_against_the_schema(validator: Draft202012Validator) -> None:
    answers, _ = converse(req(start_request()), req(run_request(1, {"id": "ok"})),
                          req(run_request(2, {"id": "illegal"})), req(run_request(3, {"id": "bad-record"})),
                          "garbage", '{"cmd": "nope"}')
    assert len(answers) == 6
    for answer in answers:
        validator.validate(answer)


# ---------------------------------------------------------------------------------------------------
# The helpers the runner uses


def test_requests_validate_and_strip_private_fields(validator: Draft202012Validator) -> None:
    case = {"id": "a", "ruleset": "skruuvi-2016", "deal": DEAL, "actions": [], "expect": {"result": {}},
            "justification": {"kind": "hand-derived"}, "description": "kept"}
    request = run_request(3, case)
    assert request["case"] == public_case(case)
    assert set(request["case"]) == {"id", "ruleset", "deal", "actions", "description"}
    assert "expect" in case, "the caller's case is not modified"
    for message in (start_request(), request, stop_request()):
        validator.validate(message)
        assert encode(message).endswith("\n") and encode(message).count("\n") == 1


def test_schema_rejects_a_case_with_expect(validator: Draft202012Validator) -> None:
    assert not validator.is_valid({"cmd": "run", "seq": 1, "case": {"id": "a", "ruleset": "r", "expect": {}}})
    assert not validator.is_valid({"seq": 1, "result": {}, "error": {"index": 0, "code": "x"}})


@pytest.mark.parametrize("line", [b"nonsense", b"[1]", b"\xff\xfe"])
def test_parse_line_rejects_non_objects(line: bytes) -> None:
    with pytest.raises(ProtocolError):
        parse_line(line)


def test_check_response() -> None:
    assert check_response({"seq": 1, "result": {"a": 1}, "note": "extra"}, 1) == ("result", {"a": 1})
    assert check_response({"seq": 1, "error": {"index": None, "code": "invalid-deal"}}, 1)[0] == "error"
    assert check_response({"seq": 1, "skipped": "no"}, 1) == ("skipped", "no")
    bad = [
        ({"seq": 2, "result": {}}, "wrong seq"),
        ({"seq": True, "result": {}}, "wrong seq"),
        ({"errored": "cannot parse"}, "errored without seq"),
        ({"seq": 1}, "exactly one"),
        ({"seq": 1, "result": {}, "skipped": "x"}, "exactly one"),
        ({"seq": 1, "error": {"index": -1, "code": "x"}}, "non-negative"),
        ({"seq": 1, "error": {"index": 1}}, "code"),
        ({"seq": 1, "skipped": 3}, "string"),
    ]
    for message, words in bad:
        with pytest.raises(ProtocolError, match=words):
            check_response(message, 1)


def test_check_header() -> None:
    good = {"protocol": 1, "implementation": {"name": "x", "version": "1", "rulesets": ["a"]}}
    assert check_header(good) is good
    for bad in ({"protocol": 2, "implementation": good["implementation"]}, {"protocol": 1},
                {"protocol": 1, "implementation": {"name": "x", "version": "1", "rulesets": "a"}},
                {"errored": "nope"}):
        with pytest.raises(ProtocolError):
            check_header(bad)


# ---------------------------------------------------------------------------------------------------
# With the real interpreter


def test_real_server_answers_a_real_case(validator: Draft202012Validator) -> None:
    case = {"id": "real.incomplete", "ruleset": "skruuvi-2016", "deal": DEAL, "actions": []}
    answers, _ = converse(req(start_request()), req(run_request(1, case)), server=Server(log=io.StringIO()))
    assert "skruuvi-2016" in answers[0]["implementation"]["rulesets"]
    assert answers[1] == {"seq": 1, "error": {"index": 0, "code": "incomplete-record"}}
    for answer in answers:
        validator.validate(answer)


def test_real_server_unknown_ruleset_is_errored() -> None:
    case = {"id": "real.unknown", "ruleset": "skruuvi-1066", "deal": DEAL, "actions": []}
    [answer], _ = converse(req(run_request(1, case)), server=Server(log=io.StringIO()))
    assert answer["seq"] == 1 and "skruuvi-1066" in answer["errored"]
