"""The round under each house-rule variant alone, side by side with the file's own rules.

Each row equals ``resolve --variant NAME --json`` (the variant added to the file's own
variants); ``changes`` says whether the winners or the scored cards differ from the base. A
variant under which the round is invalid (a choice it forbids, …) carries ``error`` instead.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .. import scenario as scenario_mod
from ..scenario import Scenario, ScenarioError
from ..variants import VARIANTS


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

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"name": self.name}
        if self.error is not None:
            out["error"] = self.error
        else:
            out["winners"] = self.winners
            out["scored"] = self.scored
        out["changes"] = self.changes
        return out


@dataclass
class VariantTable:
    winners: list[str]
    scored: dict[str, list[str]]
    rows: list[VariantRow] = field(default_factory=list)

    @property
    def sentence(self) -> str:
        return variants_sentence(self)

    def to_json(self) -> dict[str, Any]:
        return {"base": {"winners": self.winners, "scored": self.scored},
                "variants": [r.to_json() for r in self.rows], "sentence": self.sentence}

    def _repr_html_(self) -> str:
        from ..render.analysis import variants_html
        return variants_html(self)


def _same_scored(a: dict[str, list[str]], b: dict[str, list[str]]) -> bool:
    keys = set(a) | set(b)
    return all(sorted(a.get(k, [])) == sorted(b.get(k, [])) for k in keys)


def _names(players: list[str]) -> str:
    if len(players) <= 1:
        return "".join(players) or "nobody"
    return ", ".join(players[:-1]) + " and " + players[-1]


def variants_sentence(t: VariantTable) -> str:
    """"None of the house rules changes who wins" or "With witch-own, Bruno wins instead of Caio"."""
    parts = []
    for r in t.rows:
        if r.error is not None:
            parts.append(f"With {r.name}, the round cannot be played as the file is written")
        elif r.winners is not None and sorted(r.winners) != sorted(t.winners):
            verb = "wins" if len(r.winners) == 1 else "win"
            parts.append(f"With {r.name}, {_names(r.winners)} {verb} instead of {_names(t.winners)}")
        elif r.changes:
            parts.append(f"With {r.name}, the same players win but different cards score")
    if not parts:
        return "None of the house rules changes who wins or what scores."
    if not any("instead of" in p for p in parts):
        parts.append("none changes who wins")
    return "; ".join(parts) + "."


def compare_variants(sc: Scenario, base: Any = None) -> VariantTable:
    """Resolve ``sc`` once with its own rules and once with each variant added alone."""
    if base is None:
        base = scenario_mod.run(sc, trace=False)
    table = VariantTable(list(base.winners), {k: list(v) for k, v in base.scored.items()})
    for name, (rule, summary) in VARIANTS.items():
        row = VariantRow(name, rule, summary, in_file=name in sc.variants)
        try:
            result = scenario_mod.run(sc, variants=[name], trace=False)
        except ScenarioError as exc:
            row.error = str(exc)
            row.changes = True
        else:
            row.winners = list(result.winners)
            row.scored = {k: list(v) for k, v in result.scored.items()}
            row.changes = (sorted(row.winners) != sorted(table.winners)
                           or not _same_scored(row.scored, table.scored))
        table.rows.append(row)
    return table
