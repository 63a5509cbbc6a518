"""The round under each house-rule variant alone, side by side with the round as entered.

Each row equals ``resolve --variant NAME --json`` (the variant added to the round's own
variants); ``changes`` says whether the winners or the scored cards differ from the base. A
variant under which the round is invalid (a choice it forbids, …) carries ``error`` instead
(the validator's full message) and ``reason``, the same in game words for the tables.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from .. import scenario as scenario_mod
from ..core.variants import VARIANTS
from ..scenario import Scenario, ScenarioError
from .outcome import and_list, card_names


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


def _and(items: list[str]) -> str:
    return and_list(items) or "none"


def _cards(row: VariantRow | VariantTable) -> str:
    """"the winning card is Caio's Aristocrat" / "the winning cards are …" (winners' names when
    the cards are not known)."""
    cards = row.winning or [f"{n}'s card" for n in row.winners or []]
    return ("the winning cards are " if len(cards) > 1 else "the winning card is ") + _and(cards)


def variants_sentence(t: VariantTable) -> str:
    """What the table says, in one sentence: "None of the house rules changes who wins or what
    scores.", "With witch-own, the winning card is Bruno's Rogue instead of Caio's Aristocrat;
    the other house rules change nothing.", "The house rule bishop-no-undo cannot apply to this
    round …" — a variant the round is invalid under never reads as one that changes the outcome."""
    parts = []
    for r in t.rows:
        if r.error is not None:
            parts.append(f"the house rule {r.name} cannot apply to this round (the round as "
                         "entered is not valid under it; see its row)")
        elif r.winners is not None and sorted(r.winners) != sorted(t.winners):
            theirs = _cards(t).replace("the winning card is ", "").replace("the winning cards are ", "")
            parts.append(f"with {r.name}, {_cards(r)} instead of {theirs}")
        elif r.changes:
            parts.append(f"with {r.name}, the same card{'s win' if len(t.winners) > 1 else ' wins'} "
                         "but other cards score")
    if not parts:
        return "None of the house rules changes who wins or what scores."
    if any(r.error is None and not r.changes for r in t.rows):
        parts.append("the other house rules change nothing")
    text = "; ".join(parts) + "."
    return text[0].upper() + text[1:]


def compare_variants(sc: Scenario, base: Any = None) -> VariantTable:
    """Resolve ``sc`` once with its own rules and once with each variant added alone."""
    if base is None:
        base = scenario_mod.run(sc, trace=False)
    table = VariantTable(list(base.winners), {k: list(v) for k, v in base.scored.items()},
                         winning=card_names(base.garden, base.winners))
    for name, (rule, summary) in VARIANTS.items():
        row = VariantRow(name, rule, summary, in_file=name in sc.variants)
        try:
            result = scenario_mod.run(sc, variants=[name], trace=False)
        except ScenarioError as exc:
            row.error = str(exc)
            row.reason = plain_reason(row.error, sc, name)
            row.changes = True
        else:
            row.winners = list(result.winners)
            row.scored = {k: list(v) for k, v in result.scored.items()}
            row.winning = card_names(result.garden, result.winners)
            row.changes = (sorted(row.winners) != sorted(table.winners)
                           or not _same_scored(row.scored, table.scored))
        table.rows.append(row)
    return table


#: ``player 'Bruno': `conspire.target` = 'Ana' is not allowed (Bruno's Bishop); allowed: Caio, Dora``
_ILLEGAL = re.compile(r"player '(?P<player>[^']+)': `(?P<key>[\w.]+)` = (?P<value>.+?) is not allowed"
                      r"(?: \((?P<about>[^)]*)\))?; allowed: (?P<allowed>.*?)"
                      r"(?: \(variants in play: [^)]*\))?$")
#: ``player 'Ana': `passes = true`, but Ana can convoke (P8 applies only when …)``
_PASSES = re.compile(r"player '(?P<player>[^']+)': `passes = true`, but \S+ can (?P<can>[\w ]+?) \(")
_KEY_WORDS = {"exchange": "exchange", "delta": "change Prestige by", "also_score": "also score",
              "discard": "discard", "take": "take", "peek": "look at", "keep": "keep"}


def plain_reason(message: str, sc: Scenario, variant: str) -> str:
    """Why the round cannot be played under ``variant``, in game words (no file path, no file
    keys): "under bishop-no-undo, Bruno's Bishop may not target Ana's Witch, already resolved
    (allowed: Caio, Dora)"; the validator's ``message`` with its keys unquoted otherwise."""
    text = message.split(": ", 1)[1] if message.startswith(str(sc.path) + ": ") else message
    under = f"under {variant}, "
    m = _ILLEGAL.search(text)
    if m:
        value = m["value"].strip("'")
        card = (m["about"] or "").split(", ")[0] or f"{m['player']}'s choice"
        allowed = m["allowed"].replace(" (it is optional)", "")
        kind = m["key"].rsplit(".", 1)[-1]
        if kind == "target":
            target = next((p for p in sc.players if p.name == value), None)
            aimed = f"{value}'s {target.conspire}" if target is not None and target.conspire else value
            why = ", already resolved" if variant == "bishop-no-undo" else ""
            return f"{under}{card} may not target {aimed}{why} (allowed: {allowed})"
        return f"{under}{card} may not {_KEY_WORDS.get(kind, kind)} {value} (allowed: {allowed})"
    m = _PASSES.search(text)
    if m:
        return f"{under}{m['player']} may not pass: {m['player']} can {m['can']} (P8)"
    text = re.sub(r"\s*\(variants in play: [^)]*\)$", "", text.replace("`", ""))
    return under + re.sub(r"^(lesson [^:]+|the round entered): ", "", text)
