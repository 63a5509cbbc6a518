"""HTML pieces of the Dispute resolver and the Effect graphs gallery (pure data → str); the
steps and the board are the Lab's (render/html.py)."""
from __future__ import annotations

import html
import json
import re
from collections.abc import Mapping, Sequence
from typing import Protocol

from ..core.messages import Join, Msg, text
from ..core.rulings import RULINGS


class GalleryItem(Protocol):
    """What a gallery entry shows (``controllers.graphs.GalleryItem``; render/ does not
    import controllers/)."""

    @property
    def name(self) -> str: ...
    @property
    def title(self) -> str: ...
    @property
    def rulings(self) -> Sequence[str]: ...
    @property
    def winners(self) -> Sequence[str]: ...
    @property
    def link(self) -> str: ...
    @property
    def outcome(self) -> str: ...


e = html.escape


def gallery_item_html(item: GalleryItem) -> str:
    rulings = Join(f"<span title='{e(RULINGS.get(r, ''))}'>{e(r)}</span>" for r in item.rulings)
    link = (f"<a class='af-open-lab' href='{e(item.link)}' target='_blank' rel='noopener'>"
            + e(text("graphs-page.open-lab")) + "</a>")
    line = text("graphs-page.item", name=f"<code>{e(item.name)}</code>", rulings=rulings,
                outcome=e(item.outcome), open=link)
    return f"<h4>{e(item.title)}</h4><div class='af-muted'>{line}</div>"


def scroll_here(nonce: int, block: str = "start", container: str = "") -> str:
    """An invisible marker that brings its widget into view when the page draws it: a broken
    image's ``onerror`` runs ``scrollIntoView`` on the enclosing widget (the page runs no
    ``<script>`` a widget sends, but it does run an element's handlers). ``nonce`` makes each
    call's HTML differ, so the same verdict shown again is brought into view again.
    ``container``: a selector of the enclosing box to bring into view (its border too)."""
    outer = f"this.closest({json.dumps(container)})||" if container else ""
    return (f"<img class='af-scroll-here' alt='' hidden data-n='{int(nonce)}' src='data:,' "
            f"onerror='const w={e(outer)}this.closest(\".widget-html\")||this.parentNode;"
            f"w.scrollIntoView({{block:\"{e(block)}\"}})'>")


#: The script of :func:`focus_here` (``S``: the selector, inside the marker's own builder).
_FOCUS_JS = (
    "const m=this,root=m.closest(S0)||document;let n=0;const go=()=>{"
    "const a=document.activeElement;"
    "if(a&&a!==document.body&&a.isConnected&&a.offsetParent!==null&&(root.contains(a)||!a.closest(S0)))"
    "return;"
    "const w=root.querySelector(S);const t=w&&(w.matches(\"button,input,textarea,select\")?w:"
    "(w.querySelector(\"button.mod-active\")||w.querySelector(\"button:not([disabled]),input,textarea,select\")));"
    "if(t){t.focus({preventScroll:true});return;}"
    "if(++n<40)setTimeout(go,50);};setTimeout(go,0)")


def focus_here(nonce: int, selector: str, root: str = ".af-builder") -> str:
    """An invisible marker that puts the keyboard focus back on the control just used once its
    widgets are drawn again (a builder redraws its rows after each tap: the focused chip is
    gone, and a keyboard user would start again from the top of the page). ``selector``
    (classes only) finds the control inside the marker's own ``root``; its chosen chip gets
    the focus. It does nothing when the focus has moved on to a control still shown."""
    js = _FOCUS_JS.replace("S0", json.dumps(root)).replace("(S)", f"({json.dumps(selector)})")
    return (f"<img class='af-focus-here' alt='' hidden data-n='{int(nonce)}' src='data:,' "
            f"onerror='{e(js)}'>")


def verdict_scores(scored: Mapping[str, Sequence[str]], convoked: Mapping[str, Sequence[str]],
                   game_over: bool = False) -> str:
    """Under the winners: what each player scores (every card, the winners' and any Knight's
    or Merchant's that scores too) and the Noble each Convoke took, in seat order."""
    scores = [Msg("verdict.score", {"player": e(p), "cards": e(str(Join(cards)))})
              for p, cards in scored.items() if cards]
    lines = [text("verdict.scores", items=Join(scores, "verdict.sep")) if scores
             else e(text("verdict.nobody"))]
    takes = [Msg("verdict.takes", {"player": e(p), "cards": e(str(Join(cards)))})
             for p, cards in convoked.items() if cards]
    if takes:
        lines.append(text("verdict.convoked", items=Join(takes, "verdict.sep")))
    if game_over:
        lines.append(e(text("verdict.game-ends")))
    return "".join(f"<div class='af-verdict-line'>{line}</div>" for line in lines)


class RulingText(Protocol):
    """A ruling as the apps show it (``controllers.rulings_text.RulingInfo``)."""

    @property
    def id(self) -> str: ...
    @property
    def title(self) -> str: ...
    @property
    def summary(self) -> str: ...
    @property
    def text(self) -> str: ...


def _cited() -> re.Pattern[str]:
    """The explanation's *Rulings cited* list (render/explain.py), in the catalog in use."""
    return re.compile("<h4>" + re.escape(e(text("explain-html.rulings")))   # i18n: code
                      + "</h4><ul class='af-rulings'>.*?</ul>", re.S)


_IN_PAGE = re.compile(r"<a href='#af-ruling-([A-Za-z0-9]+)'")


def rulings_in_page(explanation: str, infos: Sequence[RulingText]) -> str:
    """The explanation with its *Rulings cited* list made of each ruling's own text, folded
    (``<details id='af-ruling-ID'>``), where it was a list of documentation paths a phone
    cannot open; a ruling's link in a step opens its text and goes to it."""
    body = "".join(
        f"<details class='af-ruling-text' id='af-ruling-{e(r.id)}'><summary><b>{e(r.id)}</b> "
        f"{e(r.title)}</summary>"
        + "".join(f"<p>{'<br>'.join(e(line) for line in para.splitlines())}</p>"
                  for para in (r.text or r.summary).split("\n\n") if para.strip())
        + "</details>" for r in infos)
    heading = e(text("verdict.rulings"))
    cited = f"<h4>{heading}</h4><div class='af-rulings'>{body}</div>"
    out = _cited().sub(lambda _m: cited, explanation, count=1)
    return _IN_PAGE.sub(lambda m: (f"<a href='#af-ruling-{m.group(1)}' onclick='const d=document."
                                   f"getElementById(\"af-ruling-{m.group(1)}\");if(d)d.open=true'"), out)
