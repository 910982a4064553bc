"""The readings cases of 1895 (conformance/cases/1895/readings/), for author_readings.py.

Each entry of SPECS is (era, new name, base case path, readings, description, derive), where
derive(base case) -> (expected answer, the derivation step under the reading, written by hand).
"""
import copy


def times(value, k):
    """Every point figure of a score times ``k`` (the 1895 scale: games and the book are counts, kept)."""
    if isinstance(value, dict):
        return {key: (v if key in ("games", "book") else times(v, k)) for key, v in value.items()}
    return value * k if isinstance(value, int) and not isinstance(value, bool) else value


def scale_ten(base):
    expect = copy.deepcopy(base["expect"])
    expect["result"]["score"] = times(expect["result"]["score"], 10)
    shown = expect["result"]["score"]
    step = ("Under the reading score.scale = 10 (the figures as printed in the 1895 manual, PSW): every point "
            "figure of the ruleset is multiplied by 10 and the game threshold becomes 600, so the same running "
            "counts win the same games (none here); the contract, the tricks and the play are unchanged. Each "
            "score entry of the base derivation times 10: "
            + "; ".join(f"{side} below {s['below']} above {s['above']}" for side, s in shown.items()) + ".")
    return expect, step


SPECS = [
    ("1895", "scale-ten-three-trump", "1895/aces/three-trump.yaml", {"score.scale": 10},
     "The base three-trump deal with the 1895 manual's printed figures (score.scale 10): every point × 10",
     scale_ten),
    ("1895", "scale-ten-four-trump-two-hands", "1895/aces/four-trump-two-hands.yaml", {"score.scale": 10},
     "The four-aces-in-two-hands deal with the printed figures (score.scale 10): every point × 10",
     scale_ten),
]
