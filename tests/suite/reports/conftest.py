"""Reports of real runs, made once per test process for the report tests (:mod:`report_runs`)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from report_runs import BUGGY, Runs, conformance


@pytest.fixture(scope="session")
def runs(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Runs]:
    folder = tmp_path_factory.mktemp("report-runs")
    whole = folder / "whole.jsonl"
    assert conformance("--report", str(whole)) == 0
    shards = [folder / f"shard-{k}.jsonl" for k in (1, 2, 3)]
    for k, shard in enumerate(shards, start=1):
        assert conformance("--shard", f"{k}/3", "--report", str(shard)) == 0
    buggy = folder / "buggy.jsonl"
    assert conformance("--impl", BUGGY, "--explain", "--report", str(buggy)) == 1
    yield Runs(whole, shards, buggy)
