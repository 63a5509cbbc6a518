"""An :class:`~aristofarsa.analysis.explain.Explanation` as plain text, Markdown or HTML."""
from __future__ import annotations

import html
from typing import TYPE_CHECKING

from ..core.rulings import RULINGS
from .text import count

if TYPE_CHECKING:
    from ..analysis.explain import Explanation

_PHASE_NAMES = {"setup": "Set-up", "draw": "Draw", "phase1": "Phase 1 — Ball Garden",
                "phase2": "Phase 2 — Conspire or Convoke", "balcony": "Balcony",
                "replay": "Balcony (replay after a Bishop)", "score": "Scoring", "exile": "Exile",
                "end": "End of the round"}


def _cites(rule: str, see: list[str]) -> str:
    return rule + (f", see {', '.join(see)}" if see else "")


def explanation_text(x: Explanation) -> str:
    lines = []
    if x.title:
        lines += [x.title, "=" * len(x.title), ""]
    lines += [x.outcome, *x.notes, "", "Prestige, card by card (printed value, then each change):"]
    lines += [f"  {led.sentence()}" for led in x.ledgers]
    lines += ["", "Who scores and why:"]
    for v in x.verdicts:
        mark = "scores" if v.scored else "does not score"
        near = " [near miss]" if v.near_miss else ""
        lines.append(f"  {v.player}'s {v.card} ({v.zone}): {mark} — {v.reason}{near}")
    lines += ["", "Step by step (each with its ruling; texts in docs/rulings.md):"]
    phase = None
    for s in x.steps:
        if s.phase != phase:
            phase = s.phase
            lines.append(f"  {_PHASE_NAMES.get(phase, phase)}")
        secret = " [secret]" if s.hidden else ""
        lines.append(f"  {s.step:>4}. {s.text}{secret} ({_cites(s.rule, s.see)})")
    return "\n".join(lines) + "\n"


def _md(text: str) -> str:
    return text.replace("|", "\\|").replace("*", "\\*")


def _href(link: str, rulings: str) -> str:
    """A link to docs/rulings.md, re-based on ``rulings`` (a page or an address)."""
    return rulings + link[link.index("#"):] if "#" in link else link


def explanation_markdown(x: Explanation, rulings: str = "rulings.md") -> str:

    out = []
    if x.title:
        out += [f"## {_md(x.title)}", ""]
    out += [f"**{_md(x.outcome)}** " + " ".join(_md(n) for n in x.notes), "",
            "### Prestige, card by card", ""]
    out += [f"- {_md(led.sentence())}" for led in x.ledgers]
    out += ["", "### Who scores and why", "", "| card | scores? | why |", "|---|---|---|"]
    for v in x.verdicts:
        mark = "**yes**" if v.scored else ("no (near miss)" if v.near_miss else "no")
        out.append(f"| {_md(v.player)}'s {v.card} ({v.zone}) | {mark} | {_md(v.reason)} |")
    out += ["", "### Step by step", "", "| # | what happened | ruling |", "|---|---|---|"]
    for s in x.steps:
        cites = ", ".join(f"[{r}]({_href(href, rulings)})" for r, href in s.links)
        secret = " *(secret)*" if s.hidden else ""
        out.append(f"| {s.step} | {_md(s.text)}{secret} | {cites} |")
    return "\n".join(out) + "\n"


def explanation_html(x: Explanation, rulings: str = "rulings.md") -> str:
    """HTML with each ruling linked to ``rulings`` (docs/rulings.md's anchors); with
    ``rulings="#"`` the links point to a list of the cited rulings at the end of the fragment."""
    e = html.escape
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
    out.append("<h4>Prestige, card by card</h4><ul class='af-ledgers'>")
    out += [f"<li>{e(led.sentence())}</li>" for led in x.ledgers]
    out.append("</ul><h4>Who scores and why</h4><table class='af-verdicts'>"
               "<tr><th>card</th><th>scores?</th><th>why</th></tr>")
    for v in x.verdicts:
        mark = "yes" if v.scored else ("no — near miss" if v.near_miss else "no")
        out.append(f"<tr class='{'af-scored' if v.scored else ''}'><td>{e(v.player)}'s {e(v.card)} "
                   f"({v.zone})</td><td>{mark}</td><td>{e(v.reason)}</td></tr>")
    out.append("</table><details class='af-steps-details'><summary><b>Every step, with its ruling"
               f"</b> ({count(len(x.steps), 'step')})</summary><ol class='af-steps'>")
    for s in x.steps:
        cites = ", ".join(link(r, href) for r, href in s.links)
        secret = " <i>(secret)</i>" if s.hidden else ""
        out.append(f"<li value='{s.step}'>{e(s.text)}{secret} <small>({cites})</small></li>")
    out.append("</ol>")
    if in_page:
        cited = list(dict.fromkeys(r for s in x.steps for r, _ in s.links))
        out.append("<h4>Rulings cited</h4><ul class='af-rulings'>")
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
