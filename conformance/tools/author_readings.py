"""Write the cases that pin readings (conformance/cases/<era>/readings/), from justified cases of the suite.

Standard library + PyYAML; it never runs the interpreter. Each case below is an existing hand-derived case
(its deal, its actions and its derivation) replayed under one other reading of a rule: the reading's
effect on the expected answer is worked out here by hand, written into the new case's justification
after the base case's derivation, and the expectation is the base expectation changed by exactly that
step. A spec may also edit the base's actions (or match record): its step then names each changed action
and why the reading makes it legal or illegal. The reference then has to agree (tests/suite/test_readings_suite.py replays these cases).

    python3 author_readings.py          (writes the files)
    python3 author_readings.py --check  (exit 1 when a file differs from what this script writes)
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import readings_1895
import readings_1944
import readings_2016
from case_files import load_yaml, to_yaml, write_or_check

HERE = os.path.dirname(os.path.abspath(__file__))
CASES = os.path.normpath(os.path.join(HERE, "..", "cases"))
# the cases by era: readings_<era>.py each hold their SPECS and the derivations they use
SPECS = readings_1895.SPECS + readings_1944.SPECS + readings_2016.SPECS


def build(era, name, base_path, readings, description, derive):
    with open(os.path.join(CASES, base_path), encoding="utf-8") as f:
        base = load_yaml(f)
    # derive gives (expect, step), or (expect, step, edits) when the new case changes the base's record:
    # edits replaces whole keys of it ("deal", "actions", "match"; a list alone is the new actions), and the step says
    # exactly what changed and why it is legal or illegal under the reading
    expect, step, *rest = derive(base)
    edits = rest[0] if rest else {}
    if isinstance(edits, list):
        edits = {"actions": edits}
    assert set(edits) <= {"deal", "actions", "match"}, f"{name}: only the deal, actions or match may be edited"
    rules = list(dict.fromkeys([*readings, *base["rules"]]))
    note = (f"Base case {base['id']} ({base_path}), whose derivation follows; then the reading. "
            f"{base['justification']['note']} {step}")
    case = {"id": f"{era}.readings.{name}", "ruleset": base["ruleset"], "readings": readings,
            "description": description, "rules": rules,
            "justification": {"kind": "hand-derived", "note": note}}
    for key in ("deal", "actions", "match"):
        if key in base or key in edits:
            case[key] = edits.get(key, base.get(key))
    case["expect"] = expect
    return os.path.join(CASES, era, "readings", name + ".yaml"), case



def main():
    check = "--check" in sys.argv
    bad = 0
    for spec in SPECS:
        path, case = build(*spec)
        bad += not write_or_check(path, to_yaml(case), check)
    print(len(SPECS), "readings cases;", "all equal" if check and not bad else f"{bad} differ" if check else "written")
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
