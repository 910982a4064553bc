"""The readings cases of 1944 (conformance/cases/1944/readings/), for author_readings.py.

Each entry of SPECS is (era, new name, base case path, readings, description, derive), where
derive(base case) -> (expected answer, the derivation step under the reading, written by hand).
"""
import copy


def older_table(base, side, undertricks):
    """The first 6-level undertrick 1100 instead of 1000: the defenders' above column gains 100."""
    expect = copy.deepcopy(base["expect"])
    score = expect["result"]["score"][side]
    further = (undertricks - 1) * 600
    step = (f"Under the reading score.undertrick-first = {{4: 400, 5: 500, 6: 1100, 7: 1700}} (the older sources' "
            f"figure that S000 reports): the contract is undoubled and fails by {undertricks}, so {side}'s "
            f"undertricks are 1100 + {undertricks - 1} × 600 = {1100 + further} instead of 1000 + "
            f"{undertricks - 1} × 600 = {1000 + further}; nothing else reads the table. {side} above: "
            f"{score['above']} + 100 = {score['above'] + 100}.")
    score["above"] += 100
    return expect, step


# table keys as strings, as JSON carries them (the export writes cases as JSON; readings read "6" as 6)
OLDER_TABLE = {"score.undertrick-first": {"4": 400, "5": 500, "6": 1100, "7": 1700}}

SPECS = [
    ("1944", "older-table-down-6-one", "1944/above/down-6-one.yaml", OLDER_TABLE,
     "6H one down under the older table: N–S score 1100 for the first undertrick (not 1000)",
     lambda base: older_table(base, "NS", 1)),
    ("1944", "older-table-down-6-three", "1944/above/down-6-three.yaml", OLDER_TABLE,
     "6D three down under the older table: N–S score 1100 + 2 × 600 = 2300 for the undertricks",
     lambda base: older_table(base, "NS", 3)),
]
