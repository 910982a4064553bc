"""Loading a ruleset YAML into a typed, compiled view.

The YAML is checked against ``spec/schema/ruleset.schema.json`` and then compiled: each phase's
executable rules (those with ``param``/``value``) become that phase's parameters, ``extends`` is
resolved, every mechanism is checked to receive the parameters it needs, and every scoring
expression is compiled with :mod:`skruuvi.rules.expr`. Any problem is a :class:`RulesetError` naming the
file and the JSON pointer inside it.

Over 400 lines: the compiler is one pass over one document whose sections refer to each other (phases,
forms, scoring, match, deal), each a method of one compiler holding the half-built ruleset.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from . import paths
from .errors import RulesetError
from .expr import FACTS, Compiled, Formula, TableUseError, compile_expression
from .phases import CONTRACT_KINDS, PHASES, SEAT_REFS, SECTION_KINDS, TABLE, Kind, PhaseVocabulary, member

DEAL_PARAMS = frozenset({"deal_order", "centre_forbidden_positions", "centre_max_consecutive"})
DEALT_FORM_PARAMS = frozenset({"hand_size", "centre_cards", "strain_order"})
SCORING_PARAMS = frozenset({"multipliers", "defenders_receive"})
HONOURS_FROM = ("hands-at-play", "tricks-won")
"""Where the optional scoring parameter ``honours_from`` takes the aces and trump honours a side counts: the
hands when play begins (the default) or the cards the side won in tricks."""
SCORING_TARGETS = frozenset({"main", "defenders", "each", "NS", "EW", "declarer-against-each", "declarer-shared"})
ONE_AGAINST_THREE = frozenset({"declarer-against-each", "declarer-shared"})
"""The targets of a one-against-three settlement, scored for the declarer's seat (not per side)."""
MATCH_PARAMS = frozenset({"stages", "dealer_rotation", "totals"})
GAME_PARAMS = frozenset({"game_threshold", "game_bonus", "simultaneous_games"})
SIDE_TOTAL_PARAMS = frozenset({"final_divisor", "final_rounding"})
CENTRE_POSITION_NAMES = {"first": 0, "last": 51}
"""The pack positions a ruleset may name in ``centre_forbidden_positions`` (besides the indices 0-51)."""


class UnknownRuleset(RulesetError):
    """A record names a ruleset id that no file in spec/rulesets/ defines."""


@dataclass(frozen=True, slots=True)
class Rule:
    """One rule as written: provenance plus, for executable rules, ``param`` and ``value``."""

    id: str
    title: str
    text: str
    status: str
    source: tuple[str, ...]
    pointer: str
    param: str | None = None
    value: Any = None
    raw: Mapping[str, Any] = field(default_factory=dict, compare=False)


@dataclass(frozen=True, slots=True)
class PhaseSpec:
    id: str
    mechanism: str
    params: Mapping[str, Any]
    rule_of_param: Mapping[str, str]


@dataclass(frozen=True, slots=True)
class FormSpec:
    name: str
    dealt: bool
    params: Mapping[str, Any]
    phases: tuple[PhaseSpec, ...]
    scheme: str


@dataclass(frozen=True, slots=True)
class ScoringRule:
    id: str
    to: str
    multiplied: bool | str  # False, True (always), or "winner" (only the deal's winner's points)
    points: Formula
    when: Formula | None
    column: str
    reads: frozenset[str] = frozenset()  # the names its ``points`` and ``when`` read


@dataclass(frozen=True, slots=True)
class DerivedFact:
    """A named per-side expression over the facts (e.g. a side's honour count)."""

    id: str
    name: str
    value: Formula
    reads: frozenset[str] = frozenset()  # the names its ``value`` reads


@dataclass(frozen=True, slots=True)
class MatchSpec:
    """The match (set) structure: parameters from the ruleset's ``match`` rules."""

    params: Mapping[str, Any]
    game_bonus: Compiled | None

    @property
    def has_games(self) -> bool:
        """Whether deals win games (ulosmeno) on a running below-the-line count."""
        return self.game_bonus is not None


@dataclass(frozen=True, slots=True)
class Ruleset:
    id: str
    title: str
    era: str
    status: str
    path: str
    raw: Mapping[str, Any]
    rules: Mapping[str, Rule]
    deal_params: Mapping[str, Any]
    forms: Mapping[str, FormSpec]
    tables: Mapping[str, Any]
    scoring_params: Mapping[str, Any]
    schemes: Mapping[str, tuple[ScoringRule, ...]]
    derived: tuple[DerivedFact, ...] = ()
    columns: tuple[str, ...] = ("deal",)
    match: MatchSpec | None = None
    derived_reads: frozenset[str] = frozenset()
    """Every name the derived facts read: they are computed for both sides of every deal whose scoring reads
    one, so the scorer then fills in these facts."""
    specialised: dict[tuple[Any, ...], Any] = field(default_factory=dict, init=False, compare=False, repr=False)
    """The scorer's own cache: each scheme specialised to the contracts scored so far
    (:func:`skruuvi.interpreter.scoring.specialised_scheme`); a copy of the ruleset starts with an empty one."""
    deal_plans: dict[tuple[Any, ...], Any] = field(default_factory=dict, init=False, compare=False, repr=False)
    """The same for each scheme specialised to a contract, doubling and trick count
    (:func:`skruuvi.interpreter.scoring.deal_plan`)."""
    readings: Mapping[str, Any] = field(default_factory=dict, compare=False)
    """The other readings this copy was compiled under (:func:`skruuvi.rules.readings.with_readings`); empty
    for the ruleset as written."""
    variant: str | None = field(default=None, compare=False)
    """The declared variant this copy is (:func:`skruuvi.rules.readings.variant`), if any."""

    @property
    def scale(self) -> int:
        """Every point figure is multiplied by this (``score.scale``; 1 unless the ruleset says otherwise)."""
        return int(self.scoring_params.get("scale", 1))

    @property
    def game_threshold(self) -> int:
        """The running count that wins a game, at the ruleset's scale (rulesets with games only)."""
        assert self.match is not None
        return int(self.match.params["game_threshold"]) * self.scale

    @property
    def rule_ids(self) -> frozenset[str]:
        return frozenset(self.rules)

    def form(self, name: str) -> FormSpec:
        return self.forms[name]


def _rules_at(entries: Any, pointer: str, file: str) -> Iterator[tuple[str, dict[str, Any]]]:
    if entries is None:
        return
    if not isinstance(entries, list):
        raise RulesetError("expected a list of rules", file=file, path=pointer)
    for i, entry in enumerate(entries):
        if not isinstance(entry, dict) or "id" not in entry:
            raise RulesetError("a rule must be a mapping with an 'id'", file=file, path=f"{pointer}/{i}")
        yield f"{pointer}/{i}", entry


def _make_rule(entry: dict[str, Any], pointer: str) -> Rule:
    source = entry.get("source") or ()
    return Rule(
        id=str(entry["id"]),
        title=str(entry.get("title", "")),
        text=str(entry.get("text", "")),
        status=str(entry.get("status", "")),
        source=tuple(source) if isinstance(source, list) else (str(source),),
        pointer=pointer,
        param=entry.get("param"),
        value=entry.get("value"),
        raw=entry,
    )


class _Builder:
    """Compiles one parsed ruleset document; collects rules as it goes."""

    def __init__(self, doc: dict[str, Any], file: str) -> None:
        self.doc = doc
        self.file = file
        self.rules: dict[str, Rule] = {}

    def fail(self, why: str, pointer: str) -> RulesetError:
        return RulesetError(why, file=self.file, path=pointer)

    def register(self, entry: dict[str, Any], where: str) -> Rule:
        rule = _make_rule(entry, where)
        if rule.id in self.rules:
            raise self.fail(f"duplicate rule id {rule.id!r} (first at {self.rules[rule.id].pointer})", where)
        self.rules[rule.id] = rule
        return rule

    def add_rules(self, entries: Any, pointer: str) -> dict[str, tuple[Any, str]]:
        """Register the rules of a list; return ``{param: (value, rule id)}`` of the executable ones."""
        params: dict[str, tuple[Any, str]] = {}
        for where, entry in _rules_at(entries, pointer, self.file):
            rule = self.register(entry, where)
            if rule.param is not None:
                if rule.param in params:
                    raise self.fail(f"parameter {rule.param!r} is set twice in this list", where)
                params[rule.param] = (rule.value, rule.id)
        return params

    def section(self, key: str) -> dict[str, Any]:
        value = self.doc.get(key)
        if not isinstance(value, dict):
            raise self.fail(f"missing section {key!r}", f"/{key}")
        return value

    def require(self, have: Mapping[str, Any], need: frozenset[str], pointer: str, what: str) -> None:
        missing = sorted(need - set(have))
        if missing:
            raise self.fail(f"{what} needs parameter(s) {', '.join(missing)} (a rule with param: ...)", pointer)

    def check_kinds(self, kinds: Mapping[str, Kind], params: Mapping[str, tuple[Any, str]]) -> dict[str, Any]:
        """Each parameter listed in ``kinds`` must be of its kind (a number where a number belongs); return the
        parameters' values."""
        for param, kind in kinds.items():
            if param in params:
                value, rule_id = params[param]
                problem = kind.problem(value)
                if problem:
                    raise self.fail(f"{param} {problem} (rule {rule_id})", f"{self.rules[rule_id].pointer}/value")
        return {k: v for k, (v, _) in params.items()}

    def check_values(self, vocabulary: PhaseVocabulary, params: Mapping[str, tuple[Any, str]]) -> None:
        """Enumerated and seat-reference parameters must name something the mechanism knows, and the others
        must be of their kind."""
        self.check_kinds(vocabulary.kinds, params)

        def bad(param: str, value: Any, allowed: Any) -> RulesetError:
            rule = self.rules[params[param][1]]
            listed = ", ".join(sorted(allowed))
            return self.fail(f"{param} = {value!r} is not one of: {listed}", f"{rule.pointer}/value")

        check = vocabulary.check
        problem = check({k: v for k, (v, _) in params.items()}) if check is not None else None
        if problem:
            param, why = problem
            rule = self.rules[params[param][1]]
            raise self.fail(f"{param} {why} (rule {rule.id})", f"{rule.pointer}/value")
        for param, allowed in vocabulary.choices.items():
            if param in params and not member(params[param][0], allowed):
                raise bad(param, params[param][0], allowed)
        for param in vocabulary.seat_params:
            if param not in params:
                continue
            value = params[param][0]
            if isinstance(value, dict):  # a seat reference per contract kind
                for kind, ref in value.items():
                    if not member(kind, CONTRACT_KINDS):
                        raise bad(param, kind, CONTRACT_KINDS)
                    if not member(ref, SEAT_REFS):
                        raise bad(param, ref, SEAT_REFS)
            elif not member(value, SEAT_REFS):
                raise bad(param, value, SEAT_REFS)
        for param in vocabulary.seat_list_params:
            if param in params:
                value = params[param][0]
                if not isinstance(value, list) or not value:
                    raise self.fail(
                        f"{param} must be a non-empty list of seat references",
                        f"{self.rules[params[param][1]].pointer}/value",
                    )
                for ref in value:
                    if not member(ref, SEAT_REFS):
                        raise bad(param, ref, SEAT_REFS)

    def check_centre_positions(self, value: Any) -> None:
        """``centre_forbidden_positions``: a list of pack positions, each 0-51 or a name (first, last)."""
        if not isinstance(value, list) or not all(
            p in CENTRE_POSITION_NAMES or (type(p) is int and 0 <= p < 52) for p in value
        ):
            rule = self.rules[next(r for r in self.rules if self.rules[r].param == "centre_forbidden_positions")]
            names = ", ".join(CENTRE_POSITION_NAMES)
            raise self.fail(f"centre_forbidden_positions must be a list of pack positions (0-51 or {names}), "
                            f"got {value!r}", f"{rule.pointer}/value")

    def phases(self) -> dict[str, PhaseSpec]:
        raw_phases = self.section("phases")
        own: dict[str, dict[str, tuple[Any, str]]] = {}
        for pid, spec in raw_phases.items():
            if not isinstance(spec, dict):
                raise self.fail("a phase must be a mapping", f"/phases/{pid}")
            own[pid] = self.add_rules(spec.get("rules"), f"/phases/{pid}/rules")
        built: dict[str, PhaseSpec] = {}

        def build(pid: str, trail: tuple[str, ...]) -> PhaseSpec:
            if pid in built:
                return built[pid]
            spec = raw_phases[pid]
            pointer = f"/phases/{pid}"
            params: dict[str, tuple[Any, str]] = {}
            mechanism = spec.get("mechanism")
            base_id = spec.get("extends")
            if base_id is not None:
                if base_id not in raw_phases:
                    raise self.fail(f"extends unknown phase {base_id!r}", f"{pointer}/extends")
                if base_id in trail:
                    raise self.fail(f"circular extends: {' -> '.join((*trail, base_id))}", f"{pointer}/extends")
                base = build(base_id, (*trail, pid))
                mechanism = mechanism or base.mechanism
                params.update({k: (v, base.rule_of_param[k]) for k, v in base.params.items()})
            params.update(own[pid])
            if mechanism not in PHASES:
                known = ", ".join(sorted(PHASES))
                raise self.fail(f"unknown mechanism {mechanism!r} (known: {known})", f"{pointer}/mechanism")
            self.require(params, PHASES[mechanism].params, pointer, f"mechanism {mechanism!r}")
            self.check_values(PHASES[mechanism], params)
            phase = PhaseSpec(
                id=pid,
                mechanism=mechanism,
                params={k: v for k, (v, _) in params.items()},
                rule_of_param={k: r for k, (_, r) in params.items()},
            )
            built[pid] = phase
            return phase

        for pid in raw_phases:
            build(pid, ())
        return built

    def forms(self, phases: Mapping[str, PhaseSpec], schemes: Mapping[str, Any]) -> dict[str, FormSpec]:
        forms: dict[str, FormSpec] = {}
        for name, spec in self.section("forms").items():
            pointer = f"/forms/{name}"
            if not isinstance(spec, dict):
                raise self.fail("a form must be a mapping", pointer)
            params = self.check_kinds(SECTION_KINDS["form"], self.add_rules(spec.get("rules"), f"{pointer}/rules"))
            dealt = bool(spec.get("dealt", False))
            if dealt:
                self.require(params, DEALT_FORM_PARAMS, pointer, f"dealt form {name!r}")
            phase_list = []
            for i, pid in enumerate(spec.get("phases") or ()):
                if pid not in phases:
                    raise self.fail(f"unknown phase {pid!r}", f"{pointer}/phases/{i}")
                phase_list.append(phases[pid])
            if not phase_list and dealt:
                raise self.fail("a dealt form needs at least one phase", f"{pointer}/phases")
            scheme = spec.get("scoring")
            if not isinstance(scheme, str) or scheme not in schemes:
                raise self.fail(f"unknown scoring scheme {scheme!r}", f"{pointer}/scoring")
            forms[name] = FormSpec(name, dealt, params, tuple(phase_list), scheme)
        for form in forms.values():
            for phase in form.phases:
                target = phase.params.get("all_pass_form")
                if target is not None and not member(target, forms):
                    raise self.fail(f"all_pass_form names unknown form {target!r}", f"/phases/{phase.id}")
        return forms

    def derived(self, scoring: dict[str, Any], tables: dict[str, Any]) -> tuple[DerivedFact, ...]:
        out: list[DerivedFact] = []
        names: set[str] = set()
        for where, entry in _rules_at(scoring.get("derived"), "/scoring/derived", self.file):
            self.register(entry, where)
            name = entry.get("name")
            if not isinstance(name, str) or not name.isidentifier() or name in tables or name in FACTS or name in names:
                raise self.fail("a derived fact needs a new identifier as 'name'", f"{where}/name")
            value = Formula(entry.get("value"), tables, file=self.file, path=f"{where}/value", number=True,
                            numbers=frozenset(names))
            out.append(DerivedFact(entry["id"], name, value, value.reads))
            names.add(name)
        return tuple(out)

    def scoring(
        self,
    ) -> tuple[dict[str, Any], dict[str, Any], dict[str, tuple[ScoringRule, ...]], tuple[DerivedFact, ...]]:
        scoring = self.section("scoring")
        params = self.check_kinds(SECTION_KINDS["scoring"], self.add_rules(scoring.get("rules"), "/scoring/rules"))
        self.require(params, SCORING_PARAMS, "/scoring", "scoring")
        scale = params.get("scale", 1)
        if not isinstance(scale, int) or isinstance(scale, bool) or scale < 1:
            raise self.fail("scale must be a whole number >= 1", "/scoring/rules")
        if params.get("honours_from", HONOURS_FROM[0]) not in HONOURS_FROM:
            raise self.fail(f"honours_from must be one of: {', '.join(HONOURS_FROM)}", "/scoring/rules")
        columns = params.get("columns", ["deal"])
        if not isinstance(columns, list) or not columns or not all(isinstance(c, str) for c in columns):
            raise self.fail("columns must be a non-empty list of names", "/scoring/rules")
        tables: dict[str, Any] = {}
        table_rules: dict[str, str] = {}
        for where, entry in _rules_at(scoring.get("tables"), "/scoring/tables", self.file):
            self.register(entry, where)
            name = entry.get("name")
            if not isinstance(name, str) or not name.isidentifier():
                raise self.fail("a table needs a 'name' that is an identifier", f"{where}/name")
            if name in tables:
                raise self.fail(f"duplicate table name {name!r}", f"{where}/name")
            problem = TABLE.problem(entry.get("value"))
            if problem:
                raise self.fail(f"table {name} {problem} (rule {entry['id']})", f"{where}/value")
            tables[name] = entry.get("value")
            table_rules[name] = str(entry["id"])
        try:
            derived = self.derived(scoring, tables)
        except TableUseError as exc:
            why = f"{exc.reason} (table {exc.table}: rule {table_rules[exc.table]})"
            raise self.fail(why, exc.path or "/scoring/derived") from None
        extra = frozenset(d.name for d in derived) | frozenset("opp_" + d.name for d in derived)

        def formula(source: object, path: str, number: bool = False) -> Formula:
            try:
                return Formula(source, tables, file=self.file, path=path, number=number, numbers=extra)
            except TableUseError as exc:
                raise self.fail(f"{exc.reason} (table {exc.table}: rule {table_rules[exc.table]})", path) from None

        schemes: dict[str, tuple[ScoringRule, ...]] = {}
        raw_schemes = scoring.get("schemes")
        if not isinstance(raw_schemes, dict) or not raw_schemes:
            raise self.fail("missing scoring schemes", "/scoring/schemes")
        for sname, entries in raw_schemes.items():
            compiled = []
            for where, entry in _rules_at(entries, f"/scoring/schemes/{sname}", self.file):
                self.register(entry, where)
                to = entry.get("to")
                if to not in SCORING_TARGETS:
                    raise self.fail(f"'to' must be one of {sorted(SCORING_TARGETS)}", f"{where}/to")
                if "points" not in entry:
                    raise self.fail("a scoring rule needs 'points'", where)
                when = entry.get("when")
                column = entry.get("column", columns[0])
                if not isinstance(column, str) or column not in columns:
                    raise self.fail(f"column {column!r} is not one of {columns}", f"{where}/column")
                multiplied = entry.get("multiplied", False)
                if multiplied not in (True, False, "winner"):
                    raise self.fail("multiplied must be true, false or 'winner'", f"{where}/multiplied")
                points = formula(entry["points"], f"{where}/points", number=True)
                condition = None if when is None else formula(when, f"{where}/when")
                compiled.append(
                    ScoringRule(
                        id=entry["id"],
                        to=to,
                        multiplied=multiplied,
                        points=points,
                        when=condition,
                        column=column,
                        reads=points.reads if condition is None else points.reads | condition.reads,
                    )
                )
            schemes[sname] = tuple(compiled)
        self.check_rule_list("zero_sum", params.get("zero_sum", []), schemes)
        if params["defenders_receive"] == "negation":
            if "contract_points" not in params:
                raise self.fail("defenders_receive: negation needs contract_points, the scoring rules whose items "
                                "the defenders receive negated", "/scoring/rules")
            self.check_rule_list("contract_points", params["contract_points"], schemes)
        return params, tables, schemes, derived

    def check_rule_list(self, param: str, rule_ids: Any, schemes: Mapping[str, tuple[ScoringRule, ...]]) -> None:
        """``zero_sum`` (optional; scoring rules whose every item the other side also receives negated) and
        ``contract_points`` (the rules the defenders receive negated under ``defenders_receive: negation``)
        each list scoring rules scored per side."""
        per_side = {rule.id for rules in schemes.values() for rule in rules if rule.to not in ONE_AGAINST_THREE}
        if not isinstance(rule_ids, list):
            raise self.fail(f"{param} must be a list of scoring rule ids", "/scoring/rules")
        for rule_id in rule_ids:
            if not isinstance(rule_id, str) or rule_id not in per_side:
                raise self.fail(f"{param}: {rule_id!r} is not a scoring rule scored per side", "/scoring/rules")

    def match(self, forms: Mapping[str, FormSpec]) -> MatchSpec | None:
        section = self.doc.get("match")
        if section is None:
            return None
        if not isinstance(section, dict):
            raise self.fail("match must be a mapping", "/match")
        params = self.check_kinds(SECTION_KINDS["match"], self.add_rules(section.get("rules"), "/match/rules"))
        self.require(params, MATCH_PARAMS, "/match", "the match")
        if params["totals"] not in ("side", "individual"):
            raise self.fail("totals must be 'side' or 'individual'", "/match/rules")
        if params["totals"] == "side":
            self.require(params, SIDE_TOTAL_PARAMS, "/match", "side totals")
        if GAME_PARAMS & set(params):
            self.require(params, GAME_PARAMS, "/match", "games")
        stages = params["stages"]
        if not isinstance(stages, list) or not stages:
            raise self.fail("stages must be a non-empty list", "/match/rules")
        for i, stage in enumerate(stages):
            if not isinstance(stage, dict) or not member(stage.get("form"), forms) or not forms[stage["form"]].dealt:
                raise self.fail(f"stage {i} must name a dealt form", "/match/rules")
            if ("until_games" in stage) == ("deals" in stage):
                raise self.fail(f"stage {i} needs exactly one of until_games or deals", "/match/rules")
        bonus = None
        if "game_bonus" in params:
            bonus = compile_expression(
                params["game_bonus"], {}, file=self.file, path="/match/rules", number=True,
                numbers=frozenset({"game_number"}))
        return MatchSpec(params, bonus)

    def build(self) -> Ruleset:
        doc = self.doc
        for key in ("id", "title", "era", "status"):
            if not isinstance(doc.get(key), str | int):
                raise self.fail(f"missing top-level {key!r}", f"/{key}")
        deal = self.section("deal")
        deal_params = self.check_kinds(SECTION_KINDS["deal"], self.add_rules(deal.get("rules"), "/deal/rules"))
        self.require(deal_params, DEAL_PARAMS, "/deal", "the deal")
        self.check_centre_positions(deal_params["centre_forbidden_positions"])
        scoring_params, tables, schemes, derived = self.scoring()
        phases = self.phases()
        forms = self.forms(phases, schemes)
        match = self.match(forms)
        if not any(f.dealt for f in forms.values()):
            raise self.fail("no form has 'dealt: true'", "/forms")
        return Ruleset(
            id=str(doc["id"]),
            title=str(doc["title"]),
            era=str(doc["era"]),
            status=str(doc["status"]),
            path=self.file,
            raw=doc,
            rules=self.rules,
            deal_params=deal_params,
            forms=forms,
            tables=tables,
            scoring_params=scoring_params,
            schemes=schemes,
            derived=derived,
            columns=tuple(scoring_params.get("columns", ["deal"])),
            match=match,
            derived_reads=frozenset().union(*(d.reads for d in derived)),
        )


def _schema_check(doc: Any, file: str) -> None:
    """Validate against the JSON Schema when the schema file is present."""
    from . import schemas  # here: a compile without the check (the start's outline) never loads the validator

    if (paths.schema_dir() / "ruleset.schema.json").is_file():
        schemas.check(doc, "ruleset", file=file)


def compile_ruleset(doc: Any, file: str = "<ruleset>", *, schema: bool = True) -> Ruleset:
    """Compile a parsed ruleset document; raise :class:`RulesetError` on any problem (without ``schema``, on any
    the compiler itself meets: the JSON Schema is not checked)."""
    if not isinstance(doc, dict):
        raise RulesetError("a ruleset must be a mapping", file=file)
    if schema:
        _schema_check(doc, file)
    return _Builder(doc, file).build()


def load_ruleset(path: str | Path, *, schema: bool = True) -> Ruleset:
    from .yamlio import load_yaml  # here: a start answered from the feature cache needs no YAML reader

    return compile_ruleset(load_yaml(path), str(path), schema=schema)


def available_rulesets() -> list[str]:
    """Ids of the rulesets in ``spec/rulesets/`` (file name ``<id>.yaml``)."""
    return paths.ruleset_ids()


@cache
def ruleset_outline(ruleset_id: str) -> Ruleset:
    """The ruleset compiled without the JSON Schema check (cached), for what reads only its structure: its forms,
    phases and match, the feature tags of ``serve``'s start answer, which must not wait for the schema validator.
    Every answer that plays by a ruleset uses :func:`get_ruleset`, which checks the schema."""
    return _load(ruleset_id, schema=False)


@cache
def get_ruleset(ruleset_id: str) -> Ruleset:
    """The compiled ruleset with this id (cached); :class:`UnknownRuleset` if there is none."""
    return _load(ruleset_id, schema=True)


def outline_of(ruleset_id: str, data: bytes) -> Ruleset:
    """:func:`ruleset_outline` of the ruleset whose file holds ``data`` (its bytes, read by the caller), not cached:
    what :mod:`skruuvi.suite.features.feature_cache` keeps under those bytes' hash is made of these very bytes."""
    return _load(ruleset_id, schema=False, data=data)


def _load(ruleset_id: str, *, schema: bool, data: bytes | None = None) -> Ruleset:
    if not isinstance(ruleset_id, str) or ruleset_id not in available_rulesets():
        raise UnknownRuleset(f"unknown ruleset {ruleset_id!r} (known: {', '.join(available_rulesets())})")
    path = paths.rulesets_dir() / f"{ruleset_id}.yaml"
    if data is None:
        ruleset = load_ruleset(path, schema=schema)
    else:
        from .yamlio import parse_yaml_bytes

        ruleset = compile_ruleset(parse_yaml_bytes(data, str(path)), str(path), schema=schema)
    if ruleset.id != ruleset_id:
        raise RulesetError(f"file defines id {ruleset.id!r}, expected {ruleset_id!r}", file=ruleset.path, path="/id")
    return ruleset
