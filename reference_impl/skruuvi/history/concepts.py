"""One concept across eras even where the eras name its rule differently (the book's comparison chapter).

Two rules of different rulesets are the same concept when they have the same id, or when they set the same
parameter at the same place. A place is read from the ruleset, never from a list of eras:

- the deal, scoring and match sections are one place each in every ruleset;
- a phase is known by the game form it first belongs to, its mechanism and its rank among that form's phases
  of the same mechanism (``alkupeli``'s second auction), not by its id, which the eras spell differently;
- a game form is known by its name, except the form an all-pass deal turns into (the ``all_pass_form``
  value or one of its alternatives), which is one place under every name (pakkomisääri, passimisääri).

A rule without a parameter keeps its id, read with such a form's name replaced (``pakkomisaari.when`` and
``passimisaari.when``). Where this would put two rules of one ruleset in one concept, the rules stay apart,
one row per id, as :func:`~skruuvi.history.compare.rule_matrix` has them.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..rules.ruleset import Rule, Ruleset
from .compare import FIELDS, MatrixRow, _field, location, phase_mechanism, topic_of

ALL_PASS = "(all-pass form)"
Node = tuple[int, str]  # (index of the ruleset, rule id)


def all_pass_forms(ruleset: Ruleset) -> set[str]:
    """The played forms an all-pass deal may turn into: every ``all_pass_form`` value and alternative."""
    names: set[str] = set()
    for rule in ruleset.rules.values():
        if rule.param == "all_pass_form":
            names.add(str(rule.value))
            names.update(str(a["value"]) for a in rule.raw.get("alternatives") or () if "value" in a)
    return {n for n in names if n in ruleset.forms and ruleset.forms[n].phases}


def form_place(ruleset: Ruleset, name: str) -> str:
    return ALL_PASS if name in all_pass_forms(ruleset) else name


def phase_place(ruleset: Ruleset, phase_id: str) -> str:
    """``form/mechanism/rank`` of a phase (its id when no form plays it)."""
    mechanism = phase_mechanism(ruleset, phase_id) or ""
    for form in ruleset.forms.values():
        same = [p.id for p in form.phases if (phase_mechanism(ruleset, p.id) or "") == mechanism]
        if phase_id in same:
            return f"{form_place(ruleset, form.name)}/{mechanism}/{same.index(phase_id)}"
    return phase_id


def where(ruleset: Ruleset, rule: Rule) -> tuple[str, str] | None:
    """``(mechanism, form)`` of a rule written in a phase (``form`` is :data:`ALL_PASS` for the all-pass
    form), ``("", form)`` for a rule of a form, None elsewhere: the place in words no era names alone."""
    section, name = location(rule)
    if section == "forms":
        return "", form_place(ruleset, name)
    if section != "phases":
        return None
    place = phase_place(ruleset, name).split("/")
    return (place[1], place[0]) if len(place) == 3 else (phase_mechanism(ruleset, name) or "", "")


def concept_key(ruleset: Ruleset, rule: Rule) -> str:
    """What a rule is about, the same in every ruleset that has it (see the module's docstring)."""
    section, name = location(rule)
    key = rule.param or (rule.raw.get("name") if section == "scoring" and name == "tables" else None)
    if key is None:
        head, _, rest = rule.id.partition(".")
        return f"id:{form_place(ruleset, head) if head in ruleset.forms else head}.{rest}"
    if section == "phases":
        place = phase_place(ruleset, name)
    elif section == "forms":
        place = f"form/{form_place(ruleset, name)}"
    elif section == "scoring":
        place = f"scoring/{name}"
    else:
        place = section
    return f"set:{place}:{key}"


def _groups(rulesets: Sequence[Ruleset]) -> list[list[Node]]:
    """Rules joined by a shared id or a shared concept key, in the order their first rule appears."""
    parent: dict[Node, Node] = {}

    def find(n: Node) -> Node:
        while parent[n] != n:
            parent[n] = parent[parent[n]]
            n = parent[n]
        return n

    first: dict[str, Node] = {}
    for i, rs in enumerate(rulesets):
        for rule in rs.rules.values():
            node = (i, rule.id)
            parent[node] = node
            for key in (f"rule:{rule.id}", concept_key(rs, rule)):
                if key in first:
                    parent[find(node)] = find(first[key])
                else:
                    first[key] = node
    order = [(i, rid) for rid in dict.fromkeys(r for rs in rulesets for r in rs.rules)
             for i, rs in enumerate(rulesets) if rid in rs.rules]
    groups: dict[Node, list[Node]] = {}
    for node in order:
        groups.setdefault(find(node), []).append(node)
    return list(groups.values())


def _row(rulesets: Sequence[Ruleset], rules: tuple[Rule | None, ...]) -> MatrixRow:
    home = next(i for i, r in enumerate(rules) if r is not None)
    present = [r for r in rules if r is not None]
    differs = {f for f in FIELDS for r in present[1:] if _field(r, f) != _field(present[0], f)}
    if len(present) < len(rules):
        differs.add("presence")
    return MatrixRow(present[0].id, topic_of(rulesets[home], present[0]), rules, frozenset(differs))


def concept_matrix(rulesets: Sequence[Ruleset]) -> list[MatrixRow]:
    """One row per concept: like :func:`~skruuvi.history.compare.rule_matrix`, with the rules of one concept
    under different ids on one row (``row.id`` is the first era's id; :func:`row_ids` lists them all)."""
    rows = []
    for group in _groups(rulesets):
        eras = [i for i, _ in group]
        if len(set(eras)) == len(eras):
            by_era = dict(group)
            rows.append(_row(rulesets, tuple(rulesets[i].rules.get(by_era[i]) if i in by_era else None
                                             for i in range(len(rulesets)))))
            continue
        for rid in dict.fromkeys(r for _, r in group):  # two rules of one ruleset: one row per id
            rows.append(_row(rulesets, tuple(rs.rules.get(rid) for rs in rulesets)))
    return rows


def row_ids(row: MatrixRow) -> list[str]:
    """The distinct rule ids of a row, in era order (one id for a rule every era names alike)."""
    return list(dict.fromkeys(r.id for r in row.rules if r is not None))
