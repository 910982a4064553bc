"""Judging the cases that ask SCP/1 ``legal``: legal sets (``expect.legal``) and perft counts (``expect.perft``).

A legal case is one request: ``legal`` with the case's deal and its ``actions`` (the prefix); the answer is
compared with ``expect.legal`` as a set. A failure lists the actions missing from the answer and the extra
ones, and for each the reference's verify step at that position: ``legal here``, or the error code it
rejects the action with, the phase and the rules that code enforces (``spec/errors.yaml``).

A perft case is counted by the runner: from the position after the prefix it asks the engine ``legal`` at
every node of the tree to ``depth - 1`` actions (level by level, the requests of a level pipelined) and sums
the sizes of the last level's sets; an engine needs no perft code. The walk uses an engine process of its
own (started with the run's command, stopped after the count), so that the run's pipelined requests never
mix with the walk's (one such engine a worker, kept for its next perft case while every answer of a walk
was a legal set). When the count differs, the first node (level by level) whose answer differs from the
reference's legal set is shown like a failing legal case.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from ...interpreter import engine as reference
from ...interpreter.legal import legal_for, position
from ...interpreter.outcome import Outcome
from ...interpreter.positions import Positions
from ...rules import paths
from ...rules.errors import IllegalAction, InputError
from ...rules.jsonsafe import dumps_safe
from ...rules.notation import canonical, parse_action
from ...rules.readings import ruleset_under, with_readings
from ...rules.ruleset import Ruleset
from ...rules.yamlio import load_yaml
from ..cases.cases import Case
from ..features.features import asks_legal
from ..scp.protocol import ProtocolError, check_legal_response, encode, legal_request, parse_line, run_request

#: Requests of one perft level sent before their answers are read.
PERFT_PIPELINE = 64
#: Nodes of a failing perft tree compared with the reference's legal sets to find where they part.
MAX_NODES_COMPARED = 20_000
#: Actions shown of each side of a failing legal set.
MAX_SHOWN = 12


def is_perft(case: Case) -> bool:
    expect = case.expect
    return (type(expect) is dict or isinstance(expect, Mapping)) and "perft" in expect


def request_for(seq: int, case: Case) -> dict[str, Any]:
    """The request a (non-perft) case is sent as: ``legal`` for a legal case, else ``run``."""
    return legal_request(seq, case.record) if asks_legal(case.record) else run_request(seq, case.record)


@cache
def _error_rules() -> dict[str, tuple[str, ...]]:
    """``spec/errors.yaml``: code -> the rule ids it enforces."""
    path = paths.spec_dir() / "errors.yaml"
    doc = load_yaml(path) if path.is_file() else {}
    return {str(e["code"]): tuple(e.get("rules") or ()) for e in (doc or {}).get("errors", []) if "code" in e}


def judged_ruleset(case: Case) -> Ruleset:
    """The ruleset the case is judged under: its own, under the readings the engine declared (if the runner
    judged it under them) and the case's pinned readings on top."""
    base = ruleset_under(case.ruleset, dict(case.judged_under or {}))
    own = case.record.get("readings")
    return with_readings(base, own) if isinstance(own, dict) and own else base


def verdict(state: Any, text: str) -> str:
    """What the reference's verify step says of action ``text`` at ``state``: ``legal here``, or the code it
    rejects it with, the phase and the rules of that code."""
    try:
        if canonical(text) != text:
            return f"not in canonical spelling (DESIGN §3: {canonical(text)!r})"
        action = parse_action(text)
        reference.verify(state, action)
    except IllegalAction as exc:
        phase = state.phase.id if state.phase is not None else "none (the deal is over)"
        rules = [r for r in _error_rules().get(exc.code, ()) if r in state.ruleset.rules]
        here = [r for r in rules if state.phase is not None
                and state.ruleset.rules[r].pointer.startswith(f"/phases/{state.phase.id}/")]
        rules = here or rules  # the code's rules of this phase, when it names any
        return f"rejected: {exc.code} (phase {phase}; rule {', '.join(rules) or 'none listed'})"
    return "legal here"


def set_diff(expected: Sequence[str], got: Sequence[str], state: Any) -> list[str]:
    """The lines of a legal-set failure: each missing and each extra action with the reference's verdict."""
    missing = sorted(set(expected) - set(got))
    extra = sorted(set(got) - set(expected))
    out: list[str] = []
    for label, actions in (("missing", missing), ("extra", extra)):
        for text in actions[:MAX_SHOWN]:
            out.append(f"{label}: {text!r}: reference: {verdict(state, text) if state is not None else '?'}")
        if len(actions) > MAX_SHOWN:
            out.append(f"{label}: ... and {len(actions) - MAX_SHOWN} more")
    return out


def _show(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


def compare_legal(case: Case, kind: str, body: Any) -> list[str]:
    """The differences between a legal case's ``expect`` and the answer ``(kind, body)``; empty: pass."""
    expect = case.expect
    if "legal" not in expect:
        return [f"expected {_show(expect)}", f"got {kind} {_show(body)}"]
    if kind != "legal":
        return [f"expected legal {_show(expect['legal'])}", f"got {kind} {_show(body)}"]
    if set(body) == set(expect["legal"]):
        return []
    ruleset = judged_ruleset(case)
    state = position(ruleset, case.record.get("deal"), case.record.get("actions"))
    lines = [f"legal: {len(body)} actions, expected {len(expect['legal'])}"]
    return lines + set_diff(expect["legal"], body, None if isinstance(state, Outcome) else state)


# ---------------------------------------------------------------------------------------------------
# Perft


class PerftError(Exception):
    """The walk cannot go on: the engine's answer at a node was not a legal set (the text says which)."""


class PerftOverrun(Exception):
    """The engine's tree outgrew the walk's bound (:func:`node_bound`): the walk stopped with ``reached`` nodes
    at one level, more than the case's count allows, so the count cannot be the expected one."""

    def __init__(self, reached: int, bound: int, depth: int,
                 levels: list[list[tuple[list[str], list[str]]]]) -> None:
        super().__init__(reached)
        self.reached, self.bound, self.depth, self.levels = reached, bound, depth, levels


def node_bound(expected: int) -> int:
    """The most nodes a level of the walk may hold for a case whose count is ``expected``: twice the count, and
    room for the nodes of lines that end before the depth (which count nothing). An engine whose legal sets hold
    a few actions too many grows its tree without end; the walk stops past this bound (the runner's memory stays
    bounded by the case itself) and the case fails with the count reached."""
    return 2 * expected + 10_000


@dataclass
class PerftWalk:
    """A perft count by asking ``legal`` along the tree: ``ask(prefixes)`` answers each prefix's legal set
    (as a list of strings) in order, or raises :class:`PerftError`. ``bound``: the most nodes one level may
    hold (:func:`node_bound`; ``None``: no bound), past which :meth:`count` raises :class:`PerftOverrun`."""

    ask: Callable[[list[list[str]]], list[list[str]]]
    requests: int = 0
    bound: int | None = None

    def count(self, prefix: list[str], depth: int) -> tuple[int, list[list[tuple[list[str], list[str]]]]]:
        """The number of action sequences of ``depth`` from ``prefix``, and each level's (prefix, answer)."""
        if depth == 0:
            return 1, []
        level = [list(prefix)]
        levels: list[list[tuple[list[str], list[str]]]] = []
        for d in range(depth):
            answers = self.ask(level)
            self.requests += len(level)
            levels.append(list(zip(level, answers, strict=True)))
            nodes = sum(len(answer) for answer in answers)
            if d == depth - 1:
                return nodes, levels
            if self.bound is not None and nodes > self.bound:
                raise PerftOverrun(nodes, self.bound, d + 2, levels)
            level = [[*node, action] for node, answer in zip(level, answers, strict=True) for action in answer]
        raise AssertionError("unreachable")


_MARK = "\x00actions\x00"


def encode_compact(value: Any) -> str:
    """``value`` as :func:`~skruuvi.suite.scp.protocol.encode` writes it inside a message."""
    return dumps_safe(value, ensure_ascii=False, separators=(",", ":"))


def legal_requests(record: Mapping[str, Any]) -> Callable[[int, list[str]], bytes]:
    """``request(seq, actions)``: the encoded line of ``legal_request(seq, record, actions)``, the case's part
    (its deal above all) encoded once for all the nodes of a perft walk rather than at every node, and so the
    case's own prefix when ``actions`` begins with it (a compact JSON list is its items' texts joined by commas:
    only the actions after it are encoded, each distinct string once)."""
    encoded = encode(legal_request(0, dict(record), _MARK))  # type: ignore[arg-type]
    head, mark, tail = encoded.partition(json.dumps(_MARK))
    prefix = '{"cmd":"legal","seq":0,'
    if not mark or mark in tail or not head.startswith(prefix):  # cannot happen; encode each request then
        return lambda seq, actions: encode(legal_request(seq, dict(record), actions)).encode("utf-8")
    head_bytes, tail_bytes = head[len(prefix):].encode("utf-8"), tail.encode("utf-8")
    own = record.get("actions")
    own = list(own) if isinstance(own, list) else []
    size = len(own)
    opened = encode_compact(own)[:-1] + ("," if own else "")  # "[own...," (or "["): the actions after it follow

    spelt: dict[str, str] = {}  # an action after the prefix -> its text in the list (memo: a walk has few)

    def item(action: str) -> str:
        text = spelt.get(action)
        if text is None:
            text = spelt[action] = encode_compact([action])[1:-1]
        return text

    def request(seq: int, actions: list[str]) -> bytes:
        if len(actions) > size and actions[:size] == own and all(type(a) is str for a in actions[size:]):
            text = opened + ",".join(map(item, actions[size:])) + "]"
        else:
            text = encode_compact(actions)
        return b'{"cmd":"legal","seq":%d,%b%b%b' % (seq, head_bytes, text.encode("utf-8"), tail_bytes)

    return request


#: What a reference-written legal set's strings never hold: a backslash (an escape), a control character
#: (looked for only in a set that is not all printable).
_NOT_PLAIN = re.compile(r"[\\\x00-\x1f]")


def plain_legal_set(line: bytes, seq: int) -> list[str] | None:
    """The legal set of a response line that reads exactly as the reference writes one, ``{"seq":<seq>,
    "legal":["...",...]}`` compact, strings without escapes, distinct, valid UTF-8: the same list
    :func:`~skruuvi.suite.scp.protocol.check_legal_response` gives of it, read off its bytes. ``None`` for any other
    line (then it is read and checked in full, and any fault named as ever)."""
    start = b'{"seq":%d,"legal":[' % seq
    if not line.startswith(start):
        return None
    end = len(line) - (3 if line.endswith(b"]}\n") else 2 if line.endswith(b"]}") else len(line))
    if end <= len(start):
        return [] if end == len(start) else None
    if end - len(start) < 2 or line[len(start)] != 34 or line[end - 1] != 34:  # 34: a quote
        return None
    try:
        text = line[len(start) + 1:end - 1].decode("utf-8")
    except UnicodeDecodeError:
        return None
    body = text.split('","')
    if text.count('"') != 2 * (len(body) - 1):  # a quote not between two strings
        return None
    if "\\" in text or (not text.isprintable() and _NOT_PLAIN.search(text)):  # an escape, a control character
        return None
    return body if len(set(body)) == len(body) else None


def engine_asker(engine: Any, case: Case, timeout: float) -> Callable[[list[list[str]]], list[list[str]]]:
    """An ``ask`` for :class:`PerftWalk` over a started runner engine (pipelined, :data:`PERFT_PIPELINE`). An
    answer that reads as the reference writes one is read off its bytes (:func:`plain_legal_set`), any other
    parsed and checked in full."""
    seq = [0]
    request = legal_requests(case.record)

    def ask(prefixes: list[list[str]]) -> list[list[str]]:
        out: list[list[str]] = []
        for start in range(0, len(prefixes), PERFT_PIPELINE):
            chunk = prefixes[start:start + PERFT_PIPELINE]
            first = seq[0] + 1
            for k, prefix in enumerate(chunk):
                engine.send_line(request(first + k, prefix))
            seq[0] += len(chunk)
            for k, prefix in enumerate(chunk):
                reply = engine.receive(timeout)
                if reply.kind != "line":
                    raise PerftError(f"after {_show(prefix[-3:])}: {engine.describe_failure(reply, timeout)}")
                body = plain_legal_set(reply.line, first + k)
                if body is None:
                    try:
                        kind, body = check_legal_response(parse_line(reply.line), first + k)
                    except ProtocolError as exc:
                        raise PerftError(f"after {_show(prefix[-3:])}: bad response: {exc}") from None
                    if kind != "legal":
                        raise PerftError(
                            f"after {len(prefix)} actions ({_show(prefix[-3:])}): {kind} {_show(body)}")
                out.append(sorted(body))
        return out

    return ask


def _where_parting(case: Case, levels: list[list[tuple[list[str], list[str]]]]) -> list[str]:
    """The first node, level by level, whose engine answer differs from the reference's legal set."""
    ruleset = judged_ruleset(case)
    remembered = Positions()  # level by level, each node's parent was the level before's: one action a node
    compared = 0
    for level in levels:
        for prefix, answer in level:
            compared += 1
            if compared > MAX_NODES_COMPARED:
                return [f"no difference in the first {MAX_NODES_COMPARED} nodes"]
            record = {**case.record, "actions": prefix}
            expected = legal_for(record, ruleset, remembered)
            if isinstance(expected, Outcome) or set(expected) == set(answer):
                continue
            state = position(ruleset, record["deal"], prefix, remembered)
            tail = prefix[len(case.record.get("actions") or []):]
            return [f"the first differing node: after the prefix and {_show(tail)}",
                    *set_diff(expected, answer, None if isinstance(state, Outcome) else state)]
    return ["every node compared answers the reference's legal set"]


def judge_perft(case: Case, start_engine: Callable[[], Any], timeout: float,
                done: Callable[[Any, bool], None] | None = None) -> tuple[str, Any, list[str], str | None]:
    """Count a perft case on an engine of its own: ``(status, got, diff, detail)``. ``done(engine, clean)`` is
    called after the walk (``clean``: every answer was a legal set, so the engine may count the next perft case
    too); by default the engine is stopped."""
    expected = case.expect["perft"]
    try:
        engine = start_engine()
    except Exception as exc:  # the handshake failed: the case cannot be counted
        return "crashed", None, [], f"the engine for the perft walk did not start: {exc}"
    began = time.monotonic()
    walk = PerftWalk(engine_asker(engine, case, timeout), bound=node_bound(expected["count"]))
    clean = False
    try:
        count, levels = walk.count(list(case.record.get("actions") or []), expected["depth"])
        clean = True
    except PerftError as exc:
        return "errored", None, [], f"perft walk: {exc}"
    except InputError as exc:
        return "errored", None, [], f"perft walk: {exc}"
    except PerftOverrun as over:
        clean = True  # every answer was a legal set: the engine may count the next case
        diff = [f"perft.count: expected {expected['count']}, and the engine's tree had {over.reached} nodes at depth "
                f"{over.depth} of {expected['depth']}, past the walk's bound of {over.bound} (twice the count, and "
                "room for lines that end early): the walk stopped there", *_where_parting(case, over.levels)]
        return "fail", {"perft": {"depth": expected["depth"], "reached": over.reached}}, diff, \
            f"{walk.requests} legal requests before the walk stopped"
    finally:
        if done is None:
            engine.stop()
        else:
            done(engine, clean)
    seconds = time.monotonic() - began
    got = {"perft": {"depth": expected["depth"], "count": count}}
    detail = f"{walk.requests} legal requests, {count} leaves in {seconds:.2f} s"
    if count == expected["count"]:
        return "pass", got, [], detail
    diff = [f"perft.count: expected {expected['count']}, got {count}", *_where_parting(case, levels)]
    return "fail", got, diff, detail


__all__ = [
    "PerftOverrun",
    "PerftWalk",
    "asks_legal",
    "compare_legal",
    "engine_asker",
    "is_perft",
    "judge_perft",
    "node_bound",
    "plain_legal_set",
    "request_for",
    "set_diff",
    "verdict",
]
