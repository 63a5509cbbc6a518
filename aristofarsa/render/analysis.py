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
        return text("whatif.not-playable", reason=a.reason or a.error)
    cards = Join(a.winning or a.winners or [], empty="list.none")
    count = max(1, len(a.winning))
    if a.next_first:
        return text("whatif.wins-next", count=count, cards=cards, first=a.next_first,
                    scored=scored_text(a.scored))
    return text("whatif.wins", count=count, cards=cards, scored=scored_text(a.scored))


def _unwritable_note(a: Alternative) -> str:
    return text("whatif.unwritable-note", why=a.unwritable)


def _alternative(a: Alternative) -> str:
    if a.unwritable:
        return text("whatif.actual-unwritable" if a.actual else "whatif.unwritable",
                    summary=a.summary, note=_unwritable_note(a))
    return text("whatif.actual", summary=a.summary) if a.actual else a.summary


def whatif_text(w: WhatIf) -> str:
    lines = [text("whatif.heading-garden" if w.garden else "whatif.heading", player=w.player)]
    for group in w.groups():
        names = Join([_alternative(a) for a in group], sep="whatif.or")
        lines += [text("whatif.group", alternatives=names),
                  text("whatif.then", outcome=_outcome(group[0]))]
    return "\n".join(lines) + "\n"


def whatif_html(w: WhatIf) -> str:
    e = html.escape
    caption = e(text("whatif.caption-garden" if w.garden else "whatif.caption", player=w.player))
    out = [f"<table class='af-whatif-table'><caption>{caption}</caption>"
           "<tr><th>" + e(text("whatif.alternatives")) + "</th><th>" + e(text("whatif.outcome"))
           + "</th></tr>"]
    for group in w.groups():
        actual = any(a.actual for a in group)
        items = "<br/>".join(
            ("<b>" + text("whatif.actual-html", summary=e(a.summary)) + "</b>" if a.actual
             else e(a.summary))
            + (" <span class='af-muted af-unwritable'>"
               + text("whatif.note-html", note=e(_unwritable_note(a))) + "</span>"
               if a.unwritable else "")
            for a in group)
        out.append(f"<tr class='af-alternative{' af-actual' if actual else ''}'><td>{items}</td>"
                   f"<td>{e(_outcome(group[0]))}</td></tr>")
    out.append("</table>")
    return "".join(out)
