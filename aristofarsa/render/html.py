"""HTML for notebooks and apps: the trace table and a round's outcome
(``RoundResult._repr_html_``), the apps' one stylesheet (``render/styles/*.css``), and the
apps' views of a round: the board (Garden and Balcony), a stepper's step, messages, the
share box. Seat colours and the card picture are :mod:`.seats`'.

Pure functions data -> str. The board and step functions read plain attributes of the data
they are given (a stepper frame: ``garden``, ``balcony``, ``winners``, ``text``,
``ruling`` ...), so this layer never imports the controllers that make those frames.
"""
from __future__ import annotations

import json
from collections.abc import Iterable
from functools import lru_cache
from html import escape
from importlib.resources import files
from typing import TYPE_CHECKING, Any

from ..core.cards import CARDS
from ..core.files import printable
from ..core.messages import Join, Msg, catalog, text
from . import theme
from .seats import colour, markdown_html
from .text import prestige_change, round_summary, secret_note

if TYPE_CHECKING:
    from ..core.result import RoundResult
    from ..core.trace import TraceEvent


def trace(events: Iterable[TraceEvent]) -> str:
    """An HTML table of the trace: step, phase, what happened, Prestige change, ruling."""
    heads = "".join(f"<th>{escape(text(h))}</th>" for h in (
        "trace-html.step", "trace-html.phase", "trace-html.what", "trace-html.prestige",
        "trace-html.ruling"))
    out = [f"<table class='aristofarsa-trace'><tr>{heads}</tr>"]
    for e in events:
        out.append(f"<tr><td>{e.step}</td><td>{e.phase}</td><td>{escape(e.text + secret_note(e))}"
                   f"</td><td>{prestige_change(e)}</td><td>{escape(e.cites())}</td></tr>")
    out.append("</table>")
    return "".join(out)


def round_result(r: RoundResult) -> str:
    """The outcome as preformatted text, then the trace table."""
    return "<pre>" + round_summary(r) + "</pre>" + trace(r.trace)

@lru_cache(maxsize=1)
def stylesheet() -> str:
    """The apps' one stylesheet: the theme's colours (:func:`.theme.css`), then the package's
    ``render/styles/*.css`` files (local, no CDN), read once, in file-name order, as one
    ``<style>`` element."""
    folder = files("aristofarsa.render").joinpath("styles")
    names = sorted(f.name for f in folder.iterdir() if f.name.endswith(".css"))
    return ("<style>\n" + theme.css()
            + "\n".join(folder.joinpath(n).read_text(encoding="utf-8") for n in names) + "</style>")


def _seat(frame: Any, player: str) -> int | None:
    players = list(getattr(frame, "players", ()) or ())
    return players.index(player) if player in players else None


def garden(frame: Any) -> str:
    """The Garden queue: each card's owner, name, Prestige now, printed value and ledger."""
    slots = []
    for s in frame.garden:
        spec = CARDS.get(s.card)
        printed = (text("board.printed-marked" if s.marked else "board.printed", prestige=spec.prestige)
                   if spec else text("board.marked") if s.marked else "")
        classes = "af-slot af-card" + (" af-lit" if s.touched else "")
        ledger = ""
        if s.ledger:
            items = "".join(f"<li>{escape(x)}</li>" for x in s.ledger)
            changes = escape(text("board.ledger", count=len(s.ledger)))
            ledger = f"<details><summary>{changes}</summary><ol>{items}</ol></details>"
        value = "" if s.prestige is None else str(s.prestige)
        slots.append(f"<div class='{classes}' style='--af-colour:{colour(_seat(frame, s.player))}' "
                     f"title='{escape(spec.garden_text if spec else '')}'>"
                     f"<span class='af-owner'>{escape(s.player)}</span>"
                     f"<span class='af-name'>{escape(s.card)}</span>"
                     f"<span class='af-prestige'>{value}</span>"
                     f"<span class='af-printed'>{escape(printed)}</span>{ledger}</div>")
    return _zone(text("board.garden"), slots, text("board.garden-empty"))


def _zone(title: str, slots: list[str], empty: str) -> str:
    body = "".join(slots) or f"<span class='af-muted'>{escape(empty)}</span>"
    return f"<div class='af-zone-title'>{escape(title)}</div><div class='af-row'>{body}</div>"


def balcony(frame: Any) -> str:
    """The Balcony in order; a face-down card the viewer may not see shows no name."""
    slots = []
    for b in frame.balcony:
        classes = ["af-slot", "af-card"]
        if b.touched:
            classes.append("af-lit")
        if b.cancelled:
            classes.append("af-cancelled")
        if b.card is None:
            classes.append("af-facedown")
            name, state = text("board.face-down"), "board.hidden"
        else:
            name = b.card
            state = "board.revealed" if b.revealed else "board.face-down-state"
        if b.cancelled:
            state = _CANCELLED[state]
        owner = text("board.balcony-owner", player=b.player, position=b.position)
        slots.append(f"<div class='{' '.join(classes)}' style='--af-colour:{colour(_seat(frame, b.player))}'>"
                     f"<span class='af-owner'>{escape(owner)}</span>"
                     f"<span class='af-name'>{escape(name)}</span>"
                     f"<span class='af-printed'>{escape(text(state))}</span></div>")
    return _zone(text("board.balcony"), slots, text("board.balcony-empty"))


#: a Balcony card's state -> the same state, cancelled
_CANCELLED = {"board.hidden": "board.hidden-cancelled", "board.revealed": "board.revealed-cancelled",
              "board.face-down-state": "board.face-down-cancelled"}


def plural(n: int, word: str) -> str:
    """"1 crown", "2 crowns", "0 players"."""
    return f"{n} {word}{'' if n == 1 else 's'}"


def winning_cards(winners: Iterable[str], garden: Iterable[Any]) -> str:
    """"Winning card: Dora's Knight" / "Winning cards: Ana's Knight, Bruno's Rogue": every tied
    card scores (S1), so all of them are named, each with its owner."""
    cards = {g.player: g.card for g in garden}
    named = [Msg("card.owned", {"owner": p, "card": cards[p]}) if p in cards else p for p in winners]
    return text("board.winning", count=len(named), cards=Join(named))


def winners(frame: Any) -> str:
    """Only at the last step, and only the winners' names: the winning card(s), all of which
    score (S1), and the one player who starts the next round (M2) — or, when the game ended
    with this round (``frame.game_over``), that the game is over: there is no next round."""
    if not getattr(frame, "winners", None):
        return ""
    said = winning_cards(frame.winners, frame.garden)
    starter = getattr(frame, "next_first", None)
    if getattr(frame, "game_over", False):
        said = text("board.game-over", cards=said)
    elif starter in frame.winners:
        said = text("board.starts-next", cards=said, player=starter)
    return f"<div class='af-winners-box'>{escape(said, quote=False)}</div>"


def ruling(info: Any, base: str = "") -> str:
    if info is None:
        return ""
    whole = getattr(info, "text", "") or info.summary      # the whole ruling, shown in the page
    body = "".join(f"<p style='margin:.3em 0'>{'<br>'.join(escape(line) for line in para.splitlines())}</p>"
                   for para in whole.split("\n\n") if para.strip())
    deciding = getattr(info, "deciding", "")             # beside the ID: the sentence that decides
    fields = {"ruling": escape(info.id), "title": escape(info.title)}
    summary = (text("stepper.ruling-deciding", **fields,
                    deciding=f"<span class='af-deciding'>{escape(deciding)}</span>")
               if deciding else text("stepper.ruling", **fields))
    return f"<details class='af-ruling'><summary>{summary}</summary>{body}</details>"


#: a step's phase -> its name beside the step's number (the catalog's ``stepper-phase`` group)
PHASE_NAMES = {"setup": "stepper-phase.setup", "draw": "stepper-phase.draw",
               "phase1": "stepper-phase.phase1", "phase2": "stepper-phase.phase2",
               "balcony": "stepper-phase.balcony", "replay": "stepper-phase.replay",
               "score": "stepper-phase.score", "exile": "stepper-phase.exile", "end": "stepper-phase.end"}


def step(frame: Any) -> str:
    """The current event: "Step k of n", its text exactly as the trace has it, its ruling."""
    secret = escape(text("stepper.hidden"))
    hidden = f"<div class='af-hidden-note'>{secret}</div>" if frame.hidden else ""
    see = "".join(ruling(info) for info in frame.see)
    phase = text(PHASE_NAMES[frame.phase]) if frame.phase in PHASE_NAMES else frame.phase
    heading = escape(text("stepper.heading", step=frame.label, phase=phase))
    return (f"<div class='af-step-box'><div class='af-step-count'>{heading}</div>"
            f"<div class='af-step-text'>{escape(frame.text)}</div>"
            f"{hidden}{ruling(frame.ruling)}{see}</div>")


def error(message: str | Iterable[str]) -> str:
    """The apps' one error box: a message, or several, one a line ("" if there is none). A
    control character in a message (an uploaded file's name, a pasted value) shows escaped,
    ``\x1b``, as the CLI prints it: never raw, never invisible."""
    lines = [message] if isinstance(message, str) else list(message)
    said = "<br>".join(escape(printable(line)) for line in lines if line)
    return f"<div class='af-error-box' role='alert'>{said}</div>" if said else ""


def warning(message: str) -> str:
    return f"<div class='af-warning-box'>{escape(message)}</div>" if message else ""


def share(link: str | None, shown: str | None = None) -> str:
    """The share link: ``link`` opens it (relative to the page, ``?scenario=CODE``, it keeps
    the page's protocol, host and base URL); the box to copy from shows ``shown`` (the
    kernel's guess of the absolute address) until it is focused or "Copy" is clicked, which
    put in it the link as the browser resolves it against the page's own address."""
    if not link:
        none = escape(text("share.none"))
        return f"<span class='af-muted'>{none}</span>"
    value = shown or link
    resolve = ('const a=this.parentNode.querySelector("a"),i=this.parentNode.querySelector("input");'
               "i.value=a.href;")
    # the button's word once copied, as a JavaScript string inside a '-quoted attribute
    copied = json.dumps(text("share.copied")).replace("'", "\\u0027").replace("&", "\\u0026")
    said = {"link": escape(text("share.link")), "label": escape(text("share.label")),
            "copy": escape(text("share.copy"))}
    anchor = f"<a href='{escape(link)}' target='_blank'>{said['link']}</a>"
    box = (f"<input readonly value='{escape(value)}' aria-label='{said['label']}' "
           f"style='width:100%;max-width:100%;font-size:80%' onfocus='{resolve}i.select()'>")
    button = (f"<button type='button' class='af-copy' onclick='{resolve}i.select();"  # i18n: code
              "if(navigator.clipboard){navigator.clipboard.writeText(a.href)}else{document.execCommand(\"copy\")}"
              f"this.textContent={copied}'>{said['copy']}</button>")
    return "<div class='af-share-box'>" + text("share.box", link=anchor, input=box, button=button) + "</div>"


def graph_box(svg: str) -> str:
    """An inline SVG graph, as wide as the app's column, shrinking on a phone."""
    return f"<div class='af-graph-box' style='max-width:100%;overflow-x:auto'>{svg}</div>"


def description_withheld() -> str:
    """"About this round" through one player's eyes: a lesson's text tells every card."""
    return text("lesson.withheld")


def lesson_heading(title: str, description: str = "", withheld: bool = False) -> str:
    """The round's title and (folded under it) its description, a lesson's light Markdown;
    ``withheld`` (seen through one player's eyes): a one-line note instead of the text.
    Remembered for the last few rounds (in the catalog in use then): the Lab asks again at
    every step of the same round."""
    return _lesson_heading(title, description, withheld, catalog())


@lru_cache(maxsize=8)
def _lesson_heading(title: str, description: str, withheld: bool, _words: Any) -> str:
    if not title and not description:
        return ""
    head = f"<h2 class='af-round-title' style='margin:6px 0 2px'>{escape(title)}</h2>" if title else ""
    if not description:
        return head
    body = (f"<div class='af-muted'>{description_withheld()}</div>" if withheld
            else markdown_html(description))
    about = escape(text("lesson.about"))
    return (f"{head}<details class='af-description'><summary>{about}</summary>"
            f"{body}</details>")


def app_link(page: str, query: str | None, text: str) -> str:
    """A link to another app's page (next to this one) with the same round (``?scenario=...``)."""
    if not query:
        return ""
    return (f"<a class='af-app-link' href='{escape(page + query)}' target='_blank' rel='noopener'>"
            f"{escape(text)} ↗</a>")
