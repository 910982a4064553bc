"""Runner options: shards, --run/--skip, JUnit XML and markdown reports, --allow-xpass, streaming, pipelining."""

from __future__ import annotations

import gzip
import io
import json
import shlex
import sys
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from skruuvi.cli import commands as cli
from skruuvi.rules.paths import cases_dir
from skruuvi.suite.cases.cases import Case, Selection, count_cases, iter_cases, parse_shard, shard_of
from skruuvi.suite.reports.report import Terminal, progress_bar
from skruuvi.suite.run.runner import RunConfig, run_all, run_cases, start_engines

FAKE = Path(__file__).resolve().parents[2] / "fakes" / "fake_engine.py"
EXPECT = {"result": {"score": {"NS": 25, "EW": -25}}}


def fake_impl(*args: str) -> str:
    return shlex.join([sys.executable, str(FAKE), *args])


def fake_case(case_id: str, ruleset: str = "skruuvi-2016", wrong: bool = False) -> dict[str, Any]:
    canned = {"result": {"score": {"NS": 24, "EW": -24}}} if wrong else EXPECT
    return {"id": case_id, "ruleset": ruleset, "deal": {}, "actions": [], "expect": EXPECT, "canned": canned}


def write_jsonl(path: Path, records: list[dict[str, Any]]) -> Path:
    path.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    return path


def conformance(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, list[str]]:
    code = cli.main(["conformance", *args])
    return code, capsys.readouterr().out.splitlines()


def ids_run(lines: list[str]) -> list[str]:
    return [line.split()[1] for line in lines if line.startswith(("PASS ", "FAIL "))]


# ---------------------------------------------------------------------------------------------------
# Shards


@pytest.mark.parametrize(("text", "expected"), [("1/1", (1, 1)), ("2/4", (2, 4)), (" 4/4 ", (4, 4))])
def test_parse_shard(text: str, expected: tuple[int, int]) -> None:
    assert parse_shard(text) == expected


@pytest.mark.parametrize("text", ["0/2", "3/2", "1/0", "2", "a/b", "1/2/3", "-1/2", ""])
def test_parse_shard_rejects(text: str) -> None:
    with pytest.raises(ValueError, match="K/N"):
        parse_shard(text)


@pytest.mark.parametrize("text", ["0/2", "3/2", "x"])
def test_bad_shard_option_exits_2(text: str) -> None:
    with pytest.raises(SystemExit) as info:
        cli.main(["conformance", "--shard", text])
    assert info.value.code == 2


def test_shard_is_a_stable_hash_of_the_id() -> None:
    assert shard_of("2016.score.made-5H-exact", 1) == 1
    assert [shard_of(f"id.{i}", 7) for i in range(20)] == [shard_of(f"id.{i}", 7) for i in range(20)]
    # sha256 of the id, first 8 bytes big-endian, mod N, 1-based: fixed across machines and runs
    assert shard_of("a", 4) == int.from_bytes(bytes.fromhex("ca978112ca1bbdca"), "big") % 4 + 1


@pytest.mark.parametrize("n", [2, 3, 5])
@pytest.mark.usefixtures("parse_once")  # the same files read n + 1 times
def test_shards_partition_the_suite_exactly(n: int) -> None:
    everything = [c.id for c in iter_cases([cases_dir()])]
    shards = [[c.id for c in iter_cases([cases_dir()], Selection(shard=(k, n)))] for k in range(1, n + 1)]
    assert sorted(i for shard in shards for i in shard) == sorted(everything), "union is the suite, no overlap"
    assert all(shards), "every shard gets cases"
    for shard in shards:  # each shard keeps the suite's order
        assert shard == [i for i in everything if i in set(shard)]


def test_shard_option_partitions_a_run(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    records = [fake_case(f"t.{i}") for i in range(24)]
    write_jsonl(tmp_path / "c.jsonl", records)
    seen: list[str] = []
    for k in (1, 2, 3):
        code, lines = conformance(capsys, str(tmp_path), "--impl", fake_impl(), "--shard", f"{k}/3")
        assert code == 0
        seen += ids_run(lines)
    assert sorted(seen) == sorted(r["id"] for r in records)


# ---------------------------------------------------------------------------------------------------
# --run / --skip


def test_selection_globs() -> None:
    case = Case("2016.play.follow-suit-1", "skruuvi-2016", "f", None, {})
    assert Selection(run=("2016.play.*",)).accepts(case)
    assert not Selection(run=("2016.score.*",)).accepts(case)
    assert Selection(run=("2016.score.*", "*.follow-*")).accepts(case)
    assert not Selection(skip=("*-1",)).accepts(case)
    assert not Selection(run=("2016.*",), skip=("*.play.*",)).accepts(case)
    assert not Selection(rulesets=frozenset({"skruuvi-1944"})).accepts(case)


def test_run_and_skip_options(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write_jsonl(tmp_path / "c.jsonl", [fake_case(i) for i in ("a.x.1", "a.y.2", "b.x.3", "b.y.4", "c.z.5")])
    code, lines = conformance(capsys, str(tmp_path), "--impl", fake_impl(), "--run", "a.*", "--run", "b.*",
                              "--skip", "*.y.*")
    assert code == 0
    assert ids_run(lines) == ["a.x.1", "b.x.3"]
    assert lines[-1].startswith("conformance: 2 passed,")


def test_selection_that_matches_nothing_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write_jsonl(tmp_path / "c.jsonl", [fake_case("a.1")])
    assert cli.main(["conformance", str(tmp_path), "--impl", fake_impl(), "--run", "zzz*"]) == 2
    assert "no cases matching zzz* found" in capsys.readouterr().err


def test_duplicate_ids_are_rejected_even_outside_the_selection(tmp_path: Path,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    write_jsonl(tmp_path / "c.jsonl", [fake_case("a.1"), fake_case("b.1"), fake_case("b.1")])
    assert cli.main(["conformance", str(tmp_path), "--impl", fake_impl(), "--run", "a.*"]) == 2
    err = capsys.readouterr().err
    assert "duplicate case id 'b.1' (first in " in err and "line 2" in err


def test_a_temporary_folder_without_room_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    import tempfile

    def full(*args: Any, **kwargs: Any) -> Any:
        raise OSError(28, "No space left on device")

    write_jsonl(tmp_path / "c.jsonl", [fake_case("a.1")])
    monkeypatch.setattr(tempfile, "TemporaryFile", full)
    assert cli.main(["conformance", str(tmp_path), "--impl", fake_impl()]) == 2
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 1 and "cannot create a temporary file for the cases: No space left on device" in err[0]


# ---------------------------------------------------------------------------------------------------
# Known failures and --allow-xpass


@pytest.mark.parametrize(("extra", "code"), [([], 1), (["--allow-xpass"], 0)])
def test_xpass_fails_the_run_unless_allowed(tmp_path: Path, capsys: pytest.CaptureFixture[str], extra: list[str],
                                            code: int) -> None:
    write_jsonl(tmp_path / "c.jsonl", [fake_case("t.ok"), fake_case("t.listed")])
    (tmp_path / "known.txt").write_text("t.listed\n")
    got, lines = conformance(capsys, str(tmp_path / "c.jsonl"), "--impl", fake_impl(), "--known-failures",
                             str(tmp_path / "known.txt"), *extra)
    assert got == code
    assert "XPASS t.listed" in lines and "remove it from the known-failures file" in "\n".join(lines)


def test_xfail_must_still_fail(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write_jsonl(tmp_path / "c.jsonl", [fake_case("t.wrong", wrong=True), fake_case("t.crash.1"),
                                       fake_case("t.skipped.2")])
    (tmp_path / "known.txt").write_text("t.wrong\nt.crash.1\nt.skipped.2\n")
    code, lines = conformance(capsys, str(tmp_path / "c.jsonl"), "--impl", fake_impl(), "--known-failures",
                              str(tmp_path / "known.txt"))
    assert code == 0
    assert [line.split()[0] for line in lines if not line.startswith(" ")][:3] == ["XFAIL", "XFAIL", "SKIPPED"]


# ---------------------------------------------------------------------------------------------------
# JUnit XML and markdown


def mixed_suite(tmp_path: Path) -> Path:
    records = [fake_case("t.ok"), fake_case("t.wrong", wrong=True), fake_case("t.crash.1"),
               fake_case("t.skipped.2"), fake_case("t.other", ruleset="skruuvi-1944"),
               fake_case("t.fake", ruleset="fake-1"), fake_case("t.known", wrong=True), fake_case("t.xp")]
    (tmp_path / "known.txt").write_text("t.known\nt.xp\n")
    return write_jsonl(tmp_path / "c.jsonl", records)


def test_junit_report(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    cases = mixed_suite(tmp_path)
    junit = tmp_path / "junit.xml"
    code, _ = conformance(capsys, str(cases), "--impl", fake_impl(), "--known-failures", str(tmp_path / "known.txt"),
                          "--junit", str(junit), "-j", "2")
    assert code == 1
    root = ET.parse(junit).getroot()
    assert root.tag == "testsuites" and root.get("tests") == "8"
    suites = {s.get("name"): s for s in root.iter("testsuite")}
    assert sorted(suites) == ["fake-1", "skruuvi-1944", "skruuvi-2016"]
    main = suites["skruuvi-2016"]
    assert (main.get("tests"), main.get("failures"), main.get("errors"), main.get("skipped")) == ("6", "2", "1", "2")
    assert suites["skruuvi-1944"].get("skipped") == "1"
    cases_by_id = {c.get("name"): c for c in root.iter("testcase")}
    assert list(cases_by_id)[:1] == ["t.ok"] and len(cases_by_id) == 8
    assert len(cases_by_id["t.ok"]) == 0
    failure = cases_by_id["t.wrong"].find("failure")
    assert failure is not None and failure.get("type") == "fail"
    assert "result.score.NS: expected 25, got 24" in (failure.text or "")
    assert failure.get("message", "").startswith("fail: result.score.NS")
    error = cases_by_id["t.crash.1"].find("error")
    assert error is not None and error.get("type") == "crashed" and "boom" in (error.text or "")
    assert cases_by_id["t.skipped.2"].find("skipped") is not None
    assert cases_by_id["t.other"].find("skipped").get("type") == "unsupported"  # type: ignore[union-attr]
    assert cases_by_id["t.known"].find("skipped").get("type") == "xfail"  # type: ignore[union-attr]
    assert cases_by_id["t.xp"].find("failure").get("type") == "xpass"  # type: ignore[union-attr]


def test_junit_allowed_xpass_is_not_a_failure_and_garbage_is_escaped(tmp_path: Path,
                                                                      capsys: pytest.CaptureFixture[str]) -> None:
    bad = fake_case("t.bad", wrong=True)
    bad["canned"] = {"result": {"score": "<&\x01\"]]>"}}
    write_jsonl(tmp_path / "c.jsonl", [fake_case("t.xp"), bad])
    (tmp_path / "known.txt").write_text("t.xp\n")
    junit = tmp_path / "junit.xml"
    conformance(capsys, str(tmp_path / "c.jsonl"), "--impl", fake_impl(), "--known-failures",
                str(tmp_path / "known.txt"), "--allow-xpass", "--junit", str(junit))
    root = ET.parse(junit).getroot()  # well-formed despite the control character
    by_id = {c.get("name"): c for c in root.iter("testcase")}
    assert by_id["t.xp"].find("failure") is None and by_id["t.xp"].find("system-out") is not None
    assert "<&" in (by_id["t.bad"].find("failure").text or "")  # type: ignore[union-attr]


def test_markdown_report(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    cases = mixed_suite(tmp_path)
    markdown = tmp_path / "report.md"
    code, _ = conformance(capsys, str(cases), "--impl", fake_impl(), "--known-failures", str(tmp_path / "known.txt"),
                          "--markdown", str(markdown))
    assert code == 1
    text = markdown.read_text(encoding="utf-8")
    assert "| ruleset | pass | fail | errored | crashed | skipped | unsupported | xfail | xpass | total |" in text
    assert "| `skruuvi-2016` | 1 | 1 | 0 | 1 | 1 | 0 | 1 | 1 | 6 |" in text
    assert "| `skruuvi-1944` | 0 | 0 | 0 | 0 | 0 | 1 | 0 | 0 | 1 |" in text
    assert "| **all** | 2 | 1 | 0 | 1 | 1 | 1 | 1 | 1 | 8 |" in text
    assert "### FAIL `t.wrong` (skruuvi-2016)" in text and "result.score.NS: expected 25, got 24" in text
    assert "### CRASHED `t.crash.1`" in text and "### XPASS `t.xp`" in text
    assert "`t.ok`" not in text and "`t.other`" not in text, "passes and unsupported cases are only counted"
    assert "result: failed (exit code 1)" in text


def test_markdown_when_all_pass(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write_jsonl(tmp_path / "c.jsonl", [fake_case("t.ok")])
    markdown = tmp_path / "report.md"
    assert conformance(capsys, str(tmp_path), "--impl", fake_impl(), "--markdown", str(markdown))[0] == 0
    assert markdown.read_text().endswith("## Cases that did not pass\n\nNone.\n")


def test_unwritable_junit_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write_jsonl(tmp_path / "c.jsonl", [fake_case("t.ok")])
    assert cli.main(["conformance", str(tmp_path), "--impl", fake_impl(), "--junit", "/nonexistent/j.xml"]) == 2
    assert "cannot write junit" in capsys.readouterr().err


# ---------------------------------------------------------------------------------------------------
# Streaming


def test_cases_are_read_lazily(tmp_path: Path) -> None:
    with gzip.open(tmp_path / "big.jsonl.gz", "wt", encoding="utf-8") as handle:
        for i in range(3):
            handle.write(json.dumps(fake_case(f"t.{i}")) + "\n")
        handle.write("not json\n")
    stream = iter_cases([tmp_path])
    assert [next(stream).id for _ in range(3)] == ["t.0", "t.1", "t.2"]  # the bad line is not read yet
    with pytest.raises(Exception, match="not valid JSON"):
        next(stream)


def test_runner_pulls_at_most_a_window_of_cases_ahead() -> None:
    pulled = 0

    def source() -> Iterator[Case]:
        nonlocal pulled
        for i in range(60):
            pulled += 1
            record = {**fake_case(f"t.{i}"), "id": f"t.{i}"}
            yield Case(record["id"], "skruuvi-2016", "gen", None, record)

    config = RunConfig(command=[sys.executable, str(FAKE)], jobs=2, window=8)
    engines = start_engines(config, 2)
    seen = []
    for result in run_cases(source(), config, engines):
        assert pulled - len(seen) <= 8, "no more than the window in flight"
        seen.append(result.case.id)
        assert result.status == "pass"
    assert seen == [f"t.{i}" for i in range(60)]


@pytest.mark.parametrize("pipeline", [1, 3])
def test_pipelined_misbehaviours_lose_no_case(pipeline: int) -> None:
    modes = ["crash", "hang", "garbage", "wrong-seq", "exit", "errored", "partial-exit", "huge"]
    records = []
    for i, mode in enumerate(modes):
        records += [fake_case(f"t.{mode}.{i}"), fake_case(f"t.correct.{i}a"), fake_case(f"t.correct.{i}b")]
    cases = [Case(r["id"], r["ruleset"], "gen", None, r) for r in records]
    config = RunConfig(command=[sys.executable, str(FAKE)], timeout=0.5, jobs=2, pipeline=pipeline)
    _, results = run_all(cases, config)
    assert [r.case.id for r in results] == [c.id for c in cases]
    by_id = {r.case.id: r.status for r in results}
    assert all(status == "pass" for case_id, status in by_id.items() if ".correct." in case_id)
    assert [by_id[f"t.{mode}.{i}"] for i, mode in enumerate(modes)] == [
        "crashed", "timeout", "errored", "errored", "crashed", "errored", "crashed", "errored"]


def test_a_shared_id_hash_is_not_a_duplicate_but_a_shared_id_is(tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    from skruuvi.suite.cases import cases as case_module

    write_jsonl(tmp_path / "c.jsonl", [fake_case("a.1"), fake_case("b.1"), fake_case("c.1")])
    original = case_module._SeenIds.add
    monkeypatch.setattr(case_module._SeenIds, "add", lambda self, case_id: original(self, "same hash for all"))
    assert [c.id for c in iter_cases([tmp_path])] == ["a.1", "b.1", "c.1"]  # each hash meeting is confirmed
    write_jsonl(tmp_path / "c.jsonl", [fake_case("a.1"), fake_case("b.1"), fake_case("a.1")])
    from skruuvi.rules.errors import CaseFormatError

    with pytest.raises(CaseFormatError, match=r"duplicate case id 'a\.1'"):
        list(iter_cases([tmp_path]))


def test_the_seen_ids_table_grows_and_keeps_every_id() -> None:
    from skruuvi.suite.cases.cases import _SeenIds

    seen = _SeenIds()
    assert not any(seen.add(f"case.{n}") for n in range(5000))
    assert all(seen.add(f"case.{n}") for n in range(5000))
    assert len(seen._slots) >= 10_000


def test_count_cases_applies_the_selection(tmp_path: Path) -> None:
    write_jsonl(tmp_path / "c.jsonl", [fake_case("a.1"), fake_case("b.1", ruleset="skruuvi-1944")])
    assert count_cases([tmp_path]) == 2
    assert count_cases([tmp_path], Selection(rulesets=frozenset({"skruuvi-1944"}))) == 1


# ---------------------------------------------------------------------------------------------------
# Progress bar


def test_progress_bar() -> None:
    assert progress_bar(0, 4, width=8) == "[--------]   0% [0/4]"
    assert progress_bar(2, 4, width=8) == "[####----]  50% [2/4]"
    assert progress_bar(4, 4, width=8) == "[########] 100% [4/4]"


def test_progress_is_throttled_on_a_tty() -> None:
    class Tty(io.StringIO):
        def isatty(self) -> bool:
            return True

    err = Tty()
    terminal = Terminal(io.StringIO(), err, 1000, quiet=True, interval=3600)
    case = Case("t.1", "skruuvi-2016", "f.yaml", None, {"expect": {"result": {}}})
    from skruuvi.suite.run.runner import CaseResult

    for _ in range(1000):
        terminal.on_result(CaseResult(case, "pass"))
    assert err.getvalue().count("\r") == 2, "drawn for the first and the last case only"
    assert "[1000/1000]" in err.getvalue()


def test_a_truncated_gzip_file_is_a_load_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = gzip.compress(b"".join(json.dumps(fake_case(f"t.{i}")).encode() + b"\n" for i in range(50)))
    (tmp_path / "cut.jsonl.gz").write_bytes(data[: len(data) // 2])
    assert cli.main(["conformance", str(tmp_path), "--impl", fake_impl()]) == 2
    err = capsys.readouterr().err
    assert "cut.jsonl.gz: cannot read the file" in err and "Traceback" not in err
