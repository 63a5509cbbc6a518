"""An :class:`~aristofarsa.analysis.explain.Explanation` as plain text, Markdown or HTML."""
from __future__ import annotations

import html
from typing import TYPE_CHECKING

from ..core.messages import Join, text
from ..core.rulings import RULINGS

if TYPE_CHECKING:
    from ..analysis.explain import Explanation

#: The catalog's name of each phase of the trace
_PHASE_NAMES = {"setup": "phase.setup", "draw": "phase.draw", "phase1": "phase.phase1",
                "phase2": "phase.phase2", "balcony": "phase.balcony", "replay": "phase.replay",
                "score": "phase.score", "exile": "phase.exile", "end": "phase.end"}

#: The catalog's name of each zone a verdict's card is in
_ZONE_NAMES = {"garden": "zone.garden", "balcony": "zone.balcony", "hand": "zone.hand"}


def _cites(rule: str, see: list[str]) -> str:
    return text("explain-text.cites-see", rule=rule, see=Join(see)) if see else rule


def explanation_text(x: Explanation) -> str:
    lines = []
    if x.title:
        lines += [x.title, "=" * len(x.title), ""]
    lines += [x.outcome, *x.notes, "", text("explain-text.ledgers")]
    lines += [f"  {led.sentence()}" for led in x.ledgers]
    lines += ["", text("explain-text.verdicts")]
    for v in x.verdicts:
        said = ("explain-text.scores" if v.scored else "explain-text.near-miss" if v.near_miss
                else "explain-text.no-score")
        lines.append("  " + text(said, player=v.player, card=v.card, zone=_zone(v.zone),
                                 reason=v.reason))
    lines += ["", text("explain-text.steps")]
    phase = None
    for s in x.steps:
        if s.phase != phase:
            phase = s.phase
            lines.append("  " + (text(_PHASE_NAMES[phase]) if phase in _PHASE_NAMES else phase))
        lines.append("  " + text("explain-text.secret-step" if s.hidden else "explain-text.step",
                                 step=s.step, text=s.text, cites=_cites(s.rule, s.see)))
    return "\n".join(lines) + "\n"


def _md(text: str) -> str:
    return text.replace("|", "\\|").replace("*", "\\*")


def _href(link: str, rulings: str) -> str:
    """A link to docs/rulings.md, re-based on ``rulings`` (a page or an address)."""
    return rulings + link[link.index("#"):] if "#" in link else link


def _zone(zone: str) -> str:
    return text(_ZONE_NAMES[zone]) if zone in _ZONE_NAMES else zone


def explanation_markdown(x: Explanation, rulings: str = "rulings.md") -> str:
    out = []
    if x.title:
        out += [f"## {_md(x.title)}", ""]
    out += [f"**{_md(x.outcome)}** " + " ".join(_md(n) for n in x.notes), "",
            "### " + text("explain-markdown.ledgers"), ""]
    out += [f"- {_md(led.sentence())}" for led in x.ledgers]
    out += ["", "### " + text("explain-markdown.verdicts"), "",
            text("explain-markdown.verdicts-header"), "|---|---|---|"]
    for v in x.verdicts:
        mark = text("explain-markdown.scores" if v.scored else "explain-markdown.near-miss"
                    if v.near_miss else "explain-markdown.no-score")
        card = text("explain-markdown.card", player=_md(v.player), card=_md(v.card),
                    zone=_md(_zone(v.zone)))
        out.append(f"| {card} | {mark} | {_md(v.reason)} |")
    out += ["", "### " + text("explain-markdown.steps"), "", text("explain-markdown.steps-header"),
            "|---|---|---|"]
    for s in x.steps:
        cites = Join(f"[{r}]({_href(href, rulings)})" for r, href in s.links)
        said = (text("explain-markdown.secret-step", text=_md(s.text)) if s.hidden
                else _md(s.text))
        out.append(f"| {s.step} | {said} | {cites} |")
    return "\n".join(out) + "\n"


def explanation_html(x: Explanation, rulings: str = "rulings.md") -> str:
    """HTML with each ruling linked to ``rulings`` (docs/rulings.md's anchors); with
    ``rulings="#"`` the links point to a list of the cited rulings at the end of the fragment."""
    e = html.escape

    def said(id: str, **fields: int) -> str:
        return e(text(id, **fields))

    in_page = rulings == "#"

    def link(rule: str, href: str) -> str:
        if in_page:
            return f"<a href='#af-ruling-{e(rule)}' title='{e(RULINGS.get(rule, ''))}'>{e(rule)}</a>"
        return (f"<a href='{e(_href(href, rulings))}' title='{e(RULINGS.get(rule, ''))}' "
                f"target='_blank' rel='noopener'>{e(rule)}</a>")

    out = ["<div class='af-explain'>"]
    if x.title:
        out.append(f"<h3>{e(x.title)}</h3>")
    out.append(f"<p class='af-outcome'><b>{e(x.outcome)}</b> {' '.join(e(n) for n in x.notes)}</p>")
    out.append("<h4>" + said("explain-html.ledgers") + "</h4><ul class='af-ledgers'>")
    out += [f"<li>{e(led.sentence())}</li>" for led in x.ledgers]
    heads = (said(h) for h in ("explain-html.card-header", "explain-html.scores-header",
                               "explain-html.why-header"))
    out.append("</ul><h4>" + said("explain-html.verdicts") + "</h4><table class='af-verdicts'>"
               "<tr>" + "".join(f"<th>{h}</th>" for h in heads) + "</tr>")
    for v in x.verdicts:
        mark = text("explain-html.scores" if v.scored else "explain-html.near-miss"
                    if v.near_miss else "explain-html.no-score")
        card = text("explain-html.card", player=e(v.player), card=e(v.card), zone=e(_zone(v.zone)))
        out.append(f"<tr class='{'af-scored' if v.scored else ''}'><td>{card}</td>"
                   f"<td>{e(mark)}</td><td>{e(v.reason)}</td></tr>")
    out.append("</table><details class='af-steps-details'><summary><b>"
               + said("explain-html.steps") + "</b> "
               + said("explain-html.step-count", count=len(x.steps))
               + "</summary><ol class='af-steps'>")
    for s in x.steps:
        cites = Join(link(r, href) for r, href in s.links)
        secret = " <i>" + said("explain-html.secret") + "</i>" if s.hidden else ""
        out.append(f"<li value='{s.step}'>{e(s.text)}{secret} <small>({cites})</small></li>")
    out.append("</ol>")
    if in_page:
        cited = list(dict.fromkeys(r for s in x.steps for r, _ in s.links))
        out.append("<h4>" + said("explain-html.rulings") + "</h4><ul class='af-rulings'>")
        out += [f"<li id='af-ruling-{e(r)}'><b>{e(r)}</b> {e(RULINGS.get(r, ''))} "
                f"<small>(docs/rulings.md#{e(_anchor(x, r))})</small></li>" for r in cited]
        out.append("</ul>")
    out.append("</details></div>")
    return "".join(out)


def _anchor(x: Explanation, rule: str) -> str:
    for s in x.steps:
        for r, href in s.links:
            if r == rule and "#" in href:
                return href[href.index("#") + 1:]
    return rule.lower()
