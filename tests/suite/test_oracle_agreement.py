"""The reference interpreter and the independent oracle must give the same answer.

The oracle (conformance/oracle/oracle.py) was written from DESIGN.md, the rules digest and the
rulesets' prose by someone who had not read the interpreter. Agreement on the hand-written suite (run
through the real SCP/1 path) and on random legal deals plus single-action corruptions of them is the
"two independent implementations" justification of generated expectations.
"""

from __future__ import annotations

import copy
import random
import sys
from pathlib import Path
from types import ModuleType

import pytest

import loaded_files
from skruuvi.authoring.bots import random_record
from skruuvi.cli import commands as cli
from skruuvi.interpreter.replay import replay
from skruuvi.rules.notation import DECK, SEATS
from skruuvi.rules.ruleset import get_ruleset
from skruuvi.suite.cases.cases import iter_cases
from skruuvi.suite.features.features import asks_legal

ROOT = Path(__file__).resolve().parents[2]
ORACLE = loaded_files.ORACLE


@pytest.fixture(scope="module")
def oracle() -> ModuleType:
    return loaded_files.oracle()


@pytest.mark.usefixtures("parse_once")  # the suite's files parsed once for both readings of it
def test_the_oracle_passes_the_hand_written_suite_over_scp(capsys: pytest.CaptureFixture[str]) -> None:
    """Every hand-written case, the ones that pin `readings:` included (the oracle implements every
    executable alternative since 0.9.0; test_oracle_readings.py checks each one on random records), and the
    legal-set and perft cases (the oracle answers `legal` since 0.10.0 and declares `legal-actions`)."""
    cases = list(iter_cases([ROOT / "conformance" / "cases"]))
    assert [c.id for c in cases if "readings" in c.record], "no case pins readings any more"
    assert [c.id for c in cases if asks_legal(c.record)], "no legal or perft case any more"
    capsys.readouterr()  # the runner here, the oracle two processes of its own spoken to over SCP/1
    code = cli.main(["conformance", "--quiet", "--jobs", "2", "--impl", f"{sys.executable} {ORACLE}"])
    out, err = capsys.readouterr()
    assert code == 0, out[-3000:] + err[-3000:]
    assert f"conformance: {len(cases)} passed, 0 failed, 0 errored in" in out, out[-500:]


VERBS = ["pass", "double", "redouble", "bid 5H", "bid 1S", "bid 7G", "bid 6M", "play AS", "play 2C",
         "give N AS", "give E 3D 4D 5D 6D", "give W 7H", "choose ostoskruuvi", "choose pakettiskruuvi",
         "choose kotka", "choose"]


def _corrupt(case: dict, rng: random.Random) -> dict:
    bad = copy.deepcopy(case)
    actions = bad["actions"]
    i = rng.randrange(len(actions))
    mode = rng.randrange(4)
    if mode == 0:
        actions[i] = f"{rng.choice(SEATS)} {rng.choice(VERBS)}"
    elif mode == 1:
        actions[i] = f"{actions[i].split()[0]} {rng.choice(VERBS)}"
    elif mode == 2:
        del actions[i:]
    else:
        words = actions[i].split()
        words[-1] = str(rng.choice(DECK))
        actions[i] = " ".join(words)
    return bad


@pytest.mark.parametrize("ruleset_id", ["skruuvi-2016", "skruuvi-1944", "skruuvi-1895"])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_deals_and_corruptions_agree(oracle: ModuleType, seed: int, ruleset_id: str) -> None:
    ruleset = get_ruleset(ruleset_id)
    rng = random.Random(seed)
    disagreements = []
    for n in range(120):
        case = random_record(ruleset, rng, case_id=f"random-{seed}-{n}")
        variants = [case] + [_corrupt(case, rng) for _ in range(3)]
        for variant in variants:
            ours, theirs = replay(variant).to_response(), oracle.respond(variant)
            if ours != theirs:
                disagreements.append((variant["actions"], ours, theirs))
    assert not disagreements, disagreements[:3]
