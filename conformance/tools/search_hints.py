"""Stored results of the authoring tools' searches (shared by author.py, author_1895.py and author_1944.py).

Some scenarios are found by search: a seeded fill of the cards the design does not fix is tried seed after seed,
and within a seed a play is searched depth first until the scenario's target holds. Both searches are
deterministic, so their result is stored here as a *hint* (hints_<era>.json beside this file, keyed by the
scenario id): the seed first tried, and the play tried first within that seed. A hint is only a first guess: the
seed goes through every check any seed goes through, and the play counts only when it is legal to the end and
the target holds at the end, exactly as for a play the search finds; a stale hint (one that fails) costs one try,
and the full search runs as before. Writing the cases (the tool without --check) writes the hints anew.
Standard library only; it never runs the interpreter.
"""
import json
import os


def hinted_play(st, cards, target, refused):
    """The actions playing ``cards`` (a stored play, one card after another) from the tool's state ``st``, when
    each is legal (the tool's engine raises ``refused`` for one that is not), the deal ends with the last and
    ``target`` holds there; else None. The state needs ``clone``, ``to_act``, ``apply`` and ``phase``."""
    st2, actions = st.clone(), []
    try:
        for c in cards.split():
            if st2.to_act() is None:
                return None
            actions.append(f"{st2.to_act()} play {c}")
            st2.apply(actions[-1])
    except refused:
        return None
    return actions if st2.phase == "done" and target(st2) else None


def play_hint(st, cards, target, refused, trace=None):
    """:func:`hinted_play`, and when the stored play holds, its actions applied to ``st`` and the play noted in
    ``trace`` (as for a play the search finds); ``None`` (``st`` untouched) when it does not."""
    played = hinted_play(st, cards, target, refused)
    if played is not None:
        for action in played:
            st.apply(action)
        if trace is not None:
            trace["play"] = cards
    return played


class Hints:
    """The hints of one tool: read from ``path`` (none when the file is absent), recorded anew as found."""

    def __init__(self, path):
        self.path = path
        self.stored = {}
        if os.path.exists(path):
            with open(path, encoding="utf-8") as f:
                self.stored = json.load(f)
        self.found = {}
        self.stale = []

    def seeds(self, case_id, seeds):
        """``seeds`` in search order with the hinted seed first (when it is one of them)."""
        seed = self.stored.get(case_id, {}).get("seed")
        if seed is None or seed not in seeds:
            return list(seeds)
        return [seed] + [s for s in seeds if s != seed]

    def play(self, case_id, seed):
        """The hinted play of the scenario's deal with ``seed`` (its cards in the order played), or None."""
        hint = self.stored.get(case_id)
        if hint is None or hint.get("seed") != seed:
            return None
        return hint.get("play")

    def record(self, case_id, seed, play, searched):
        """What the search found for a scenario: kept when a search ran (``searched``: seeds tried beyond the
        first, or a play searched); ``play`` is None when the play was not searched."""
        if searched:
            self.found[case_id] = {"seed": seed, **({"play": play} if play is not None else {})}
        old = self.stored.get(case_id)
        if old is not None and (old.get("seed") != seed or ("play" in old and old["play"] != play)):
            self.stale.append(case_id)

    def save(self):
        with open(self.path, "w", encoding="utf-8") as f:
            f.write("{\n" + ",\n".join(f"{json.dumps(k)}: {json.dumps(v)}" for k, v in sorted(self.found.items()))
                    + "\n}\n")
