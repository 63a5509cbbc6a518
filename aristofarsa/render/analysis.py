"""Variants tables and what-if tables as plain text and HTML."""
from __future__ import annotations

import html
from typing import TYPE_CHECKING

from ..analysis.outcome import scored_cards
from ..core.messages import Join, text

if TYPE_CHECKING:
    from ..analysis.compare import VariantRow, VariantTable
    from ..analysis.whatif import Alternative, WhatIf


def scored_text(scored: dict[str, list[str]] | None) -> str:
    """``"Dora's Knight, Ana's Servant"``: the cards that score (outcome.scored_cards)."""
    return scored_cards(scored)


def _winning(r: VariantRow | VariantTable) -> Join:
    return Join(r.winning or r.winners or [], empty="list.none")


def variants_text(t: VariantTable) -> str:
    lines = [text("variants-text.base", count=max(1, len(t.winners)), winning=_winning(t),
                  scored=scored_text(t.scored)), ""]
    width = max(len(r.name) for r in t.rows) if t.rows else 10
    for r in t.rows:
        name, rule = f"{r.name:<{width}}", f"{r.rule:<4}"
        if r.error is not None:
            lines.append(text("variants-text.cannot-own" if r.in_file else "variants-text.cannot",
                              name=name, rule=rule, reason=r.reason or r.error))
        else:
            flag = text("variants-text.changes" if r.changes else "variants-text.same")
            lines.append(text("variants-text.row-own" if r.in_file else "variants-text.row",
                              count=max(1, len(r.winners or [])), name=name, rule=rule,
                              flag=f"{flag:<7}", winning=_winning(r), scored=scored_text(r.scored)))
    lines += ["", t.sentence]
    return "\n".join(lines) + "\n"


def variants_html(t: VariantTable) -> str:
    e = html.escape

    def said(id: str, **fields: str) -> str:
        return e(text(id, **fields))

    heads = "".join(f"<th>{said(h)}</th>" for h in ("variants-html.rules", "variants-html.winning",
                                                    "variants-html.scores", "variants-html.changes"))
    out = [f"<p class='af-variants-sentence'><b>{e(t.sentence)}</b></p>",
           f"<table class='af-variants-table'><tr>{heads}</tr>",
           "<tr class='af-base'><td>" + said("variants-html.as-entered") + "</td>"
           f"<td>{e(str(_winning(t)))}</td><td>{e(scored_text(t.scored))}</td><td>—</td></tr>"]
    for r in t.rows:
        tip = said("variants-html.tip", rule=r.rule, summary=r.summary)
        name = f"<span title='{tip}'>{e(r.name)}</span> <small>({e(r.rule)})</small>"
        if r.error is not None:
            cannot = said("variants-html.cannot", reason=r.reason or r.error)
            out.append(f"<tr class='af-variant af-invalid' data-variant='{e(r.name)}'><td>{name}</td>"
                       f"<td colspan='2'>{cannot}</td>"
                       "<td>" + said("variants-html.cannot-short") + "</td></tr>")
        else:
            flag = ("<b>" + said("variants-html.yes") + "</b>" if r.changes
                    else said("variants-html.no"))
            out.append(f"<tr class='af-variant{' af-changes' if r.changes else ''}' "
                       f"data-variant='{e(r.name)}'><td>{name}</td><td>{e(str(_winning(r)))}</td>"
                       f"<td>{e(scored_text(r.scored))}</td><td>{flag}</td></tr>")
    out.append("</table>")
    return "".join(out)


def _outcome(a: Alternative) -> str:
    if a.error is not None:
        return f"not playable with everyone else as played: {a.reason or a.error}"
    cards = ", ".join(a.winning) or ", ".join(a.winners or []) or "none"
    return (f"winning card{'s' if len(a.winning) > 1 else ''}: {cards}; "
            + (f"starts next round: {a.next_first}; " if a.next_first else "")
            + f"scores: {scored_text(a.scored)}")


def _unwritable_note(a: Alternative) -> str:
    return f"played by the engine; not a line a scenario file can write: {a.unwritable}"


def whatif_text(w: WhatIf) -> str:
    what = "played another Garden card or done something else in Phase 2" if w.garden else \
        "done something else in Phase 2"
    lines = [f"What if {w.player} had {what} (everyone else as in the round as played):"]
    for group in w.groups():
        names = " | ".join(a.summary + (" [actual]" if a.actual else "")
                           + (f" ({_unwritable_note(a)})" if a.unwritable else "") for a in group)
        lines.append(f"- {names}\n    → {_outcome(group[0])}")
    return "\n".join(lines) + "\n"


def whatif_html(w: WhatIf) -> str:
    e = html.escape
    what = "played another Garden card or done something else in Phase 2" if w.garden else \
        "done something else in Phase 2"
    out = [f"<table class='af-whatif-table'><caption>What if {e(w.player)} had {what} "
           "(everyone else as in the round as played)</caption>"
           "<tr><th>alternatives</th><th>outcome</th></tr>"]
    for group in w.groups():
        actual = any(a.actual for a in group)
        items = "<br/>".join((("<b>" + e(a.summary) + " (actual)</b>") if a.actual else e(a.summary))
                             + (f" <span class='af-muted af-unwritable'>({e(_unwritable_note(a))})</span>"
                                if a.unwritable else "")
                             for a in group)
        out.append(f"<tr class='af-alternative{' af-actual' if actual else ''}'><td>{items}</td>"
                   f"<td>{e(_outcome(group[0]))}</td></tr>")
    out.append("</table>")
    return "".join(out)
