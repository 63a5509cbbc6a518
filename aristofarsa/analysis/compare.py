"""The round under each house-rule variant alone, side by side with the round as entered.

Each row equals ``resolve --variant NAME --json`` (the variant added to the round's own
variants); ``changes`` says whether the winners or the scored cards differ from the base. A
variant under which the round is invalid (a choice it forbids, …) carries ``error`` instead
(the validator's full message) and ``reason``, the same in game words for the tables.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .. import scenario as scenario_mod
from ..core import decisions as D
from ..core.messages import Join, Msg, text
from ..core.variants import VARIANTS
from ..scenario import Scenario, ScenarioError
from ..scenario.model import inside_file, message_of, said_of
from .outcome import card_names, owned


@dataclass
class VariantRow:
    name: str
    rule: str
    summary: str
    winners: list[str] | None = None
    scored: dict[str, list[str]] | None = None
    changes: bool = False
    error: str | None = None
    in_file: bool = False        # the file already plays with this variant
    reason: str = ""             # why it cannot apply, in game words (``error``: the validator's)
    winning: list[str] = field(default_factory=list)   # "Bruno's Rogue": the winning card(s)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"name": self.name}
        if self.error is not None:
            out["error"] = self.error
        else:
            out["winners"] = self.winners
            out["scored"] = self.scored
            out["winning_cards"] = list(self.winning)
        out["changes"] = self.changes
        return out


@dataclass
class VariantTable:
    winners: list[str]
    scored: dict[str, list[str]]
    rows: list[VariantRow] = field(default_factory=list)
    winning: list[str] = field(default_factory=list)   # the winning card(s) as entered

    @property
    def sentence(self) -> str:
        return variants_sentence(self)

    def to_json(self) -> dict[str, Any]:
        return {"base": {"winners": self.winners, "scored": self.scored,
                         "winning_cards": list(self.winning)},
                "variants": [r.to_json() for r in self.rows], "sentence": self.sentence}

    def _repr_html_(self) -> str:
        from ..render.analysis import variants_html
        return variants_html(self)


def _same_scored(a: dict[str, list[str]], b: dict[str, list[str]]) -> bool:
    keys = set(a) | set(b)
    return all(sorted(a.get(k, [])) == sorted(b.get(k, [])) for k in keys)


def _cards(row: VariantRow | VariantTable) -> list[Any]:
    """The winning cards ("Caio's Aristocrat"), or the winners' names when the cards are not
    known ("Caio's card")."""
    return list(row.winning) or [Msg("variants.someones-card", {"owner": n})
                                 for n in row.winners or []]


def _and(items: list[Any]) -> Join:
    return Join(items, last="list.and", empty="list.none")


def variants_sentence(t: VariantTable) -> str:
    """What the table says, in one sentence: "None of the house rules changes who wins or what
    scores.", "With witch-own, the winning card is Bruno's Rogue instead of Caio's Aristocrat;
    the other house rules change nothing.", "The house rule bishop-no-undo cannot apply to this
    round …" — a variant the round is invalid under never reads as one that changes the outcome.
    The clause that opens the sentence is said in its own template (``variants.opening.*``)."""
    parts: list[Msg] = []
    for r in t.rows:
        opens = not parts
        if r.error is not None:
            parts.append(Msg("variants.opening.cannot-apply" if opens else "variants.cannot-apply",
                             {"variant": r.name}))
        elif r.winners is not None and sorted(r.winners) != sorted(t.winners):
            cards = _cards(r)
            parts.append(Msg("variants.opening.other-winner" if opens else "variants.other-winner",
                             {"variant": r.name, "count": max(1, len(cards)), "cards": _and(cards),
                              "theirs": _and(_cards(t))}))
        elif r.changes:
            parts.append(Msg("variants.opening.same-winner" if opens else "variants.same-winner",
                             {"variant": r.name, "count": max(1, len(t.winners))}))
    if not parts:
        return text("variants.no-change")
    if any(r.error is None and not r.changes for r in t.rows):
        parts.append(Msg("variants.others-same"))
    return text("variants.sentence", clauses=Join(parts, sep="list.semicolon"))


def compare_variants(sc: Scenario, base: Any = None) -> VariantTable:
    """Resolve ``sc`` once with its own rules and once with each variant added alone."""
    if base is None:
        base = scenario_mod.run(sc, trace=False)
    table = VariantTable(list(base.winners), {k: list(v) for k, v in base.scored.items()},
                         winning=card_names(base.garden, base.winners))
    for name, (rule, summary) in VARIANTS.items():
        row = VariantRow(name, rule, str(summary), in_file=name in sc.variants)
        try:
            result = scenario_mod.run(sc, variants=[name], trace=False)
        except ScenarioError as exc:
            row.error = str(exc)
            row.reason = plain_reason(exc, sc, name)
            row.changes = True
        else:
            row.winners = list(result.winners)
            row.scored = {k: list(v) for k, v in result.scored.items()}
            row.winning = card_names(result.garden, result.winners)
            row.changes = (sorted(row.winners) != sorted(table.winners)
                           or not _same_scored(row.scored, table.scored))
        table.rows.append(row)
    return table


#: the file key a validator message names -> the catalog's "may not …" clause for it
_KEY_MESSAGES = {"exchange": "variants-reason.exchange", "delta": "variants-reason.delta",
                 "also_score": "variants-reason.also_score", "discard": "variants-reason.discard",
                 "take": "variants-reason.take", "peek": "variants-reason.peek",
                 "keep": "variants-reason.keep"}


def plain_reason(error: ScenarioError, sc: Scenario, variant: str) -> str:
    """Why the round cannot be played under ``variant``, in game words (no file path, no file
    keys): "under bishop-no-undo, Bruno's Bishop may not target Ana's Witch, already resolved
    (allowed: Caio, Dora)", from the engine's ``decision`` error (its request and value);
    else the error's problem (:func:`game_words`). Read from the error's data, never its words."""
    decision = error.decision
    req = getattr(decision, "request", None)
    if req is not None and decision.reason == "illegal":
        value = decision.value if isinstance(decision.value, str) else str(decision.value)
        card: Any = (owned(req.owner, req.card) if req.card
                     else Msg("variants-reason.choice", {"player": req.owner}))
        allowed = Join([*(D.show(o) for o in req.options),
                        *([Msg("list.none")] if req.optional else [])], empty="list.nothing")
        if req.kind == D.KEEP:
            allowed = req.describe_options()
        kind = req.key().rsplit(".", 1)[-1]
        if kind == "target":
            target = next((p for p in sc.players if p.name == value), None)
            aimed = owned(value, target.conspire) if target is not None and target.conspire else value
            return text("variants-reason.target-resolved" if variant == "bishop-no-undo"
                        else "variants-reason.target", variant=variant, card=card, aimed=aimed,
                        allowed=allowed)
        if kind in _KEY_MESSAGES:
            return text(_KEY_MESSAGES[kind], variant=variant, card=card, value=value,
                        allowed=allowed)
        return text("variants-reason.other-key", variant=variant, card=card, key=kind,
                    value=value, allowed=allowed)
    if req is not None and decision.reason == "passes":
        return text("variants-reason.pass", variant=variant, player=req.owner,
                    can=Join(req.options, "scenario-play.or"))
    problem: Any = inside_file(error)
    if isinstance(problem, Msg) and problem.id == "scenario-play.stopped-variants":
        problem = (problem.fields or {})["error"]                         # without the variants
    return text("variants-reason.invalid", variant=variant, message=game_words(problem))


#: a problem of a player's answer (said of the player) -> the same in game words
_GAME_WORDS = {"decision-error.illegal": "whatif-why.illegal",
               "decision-error.illegal-about": "whatif-why.illegal-about",
               "scenario-play.passes": "whatif-why.passes",
               "scenario-play.convoke-discard": "whatif-why.convoke-discard",
               "scenario-play.convoke-discard-empty": "whatif-why.convoke-discard-empty",
               "scenario-play.convoke-unaffordable": "whatif-why.convoke-unaffordable",
               "scenario-play.no-action": "whatif-why.no-action"}


def game_words(problem: Any, player: str | None = None) -> str:
    """A problem of a round (a :class:`Msg`, or an error carrying one as ``msg``: the engine's
    answer, a file's) in game words, the file's keys unquoted (``whatif-why``), said without
    the player when it is ``player``'s; read from its ID and fields, never from its words. A
    problem the catalog has no game words for is its own sentence."""
    msg = message_of(problem)
    if msg is None:
        return str(problem)
    of = said_of(msg)
    if of is None:
        return (text(_GAME_WORDS[msg.id], **(msg.fields or {})) if msg.id in _GAME_WORDS
                else str(problem))
    whose, inner = of
    why = game_words(inner)
    return why if player is not None and whose == repr(player) else \
        text("whatif-why.of-player", owner=whose, problem=why)


