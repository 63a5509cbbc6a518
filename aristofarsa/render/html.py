"""HTML for notebooks and apps: the trace table and a round's outcome
(``RoundResult._repr_html_``), and the Lab's views: card views, the board (Garden and
Balcony), a stepper's step.

Pure functions data -> str. The board and step functions read plain attributes of the data
they are given (a stepper frame: ``garden``, ``balcony``, ``winners``, ``text``,
``ruling`` ...), so this layer never imports the controllers that make those frames.
"""
from __future__ import annotations

from collections.abc import Iterable
from html import escape
from typing import TYPE_CHECKING, Any

from ..cards import CARDS, PROVISIONAL_CROWNS
from .dot import family_colour
from .text import prestige_change, round_summary, secret_note

if TYPE_CHECKING:
    from ..result import RoundResult
    from ..trace import TraceEvent


def trace(events: Iterable[TraceEvent]) -> str:
    """An HTML table of the trace: step, phase, what happened, Prestige change, ruling."""
    out = ["<table class='aristofarsa-trace'><tr><th>#</th><th>phase</th><th>what happened</th>"
           "<th>Prestige</th><th>ruling</th></tr>"]
    for e in events:
        out.append(f"<tr><td>{e.step}</td><td>{e.phase}</td><td>{escape(e.text + secret_note(e))}"
                   f"</td><td>{prestige_change(e)}</td><td>{escape(e.cites())}</td></tr>")
    out.append("</table>")
    return "".join(out)


def round_result(r: RoundResult) -> str:
    """The outcome as preformatted text, then the trace table."""
    return "<pre>" + round_summary(r) + "</pre>" + trace(r.trace)

TYPE_COLOURS = {"Peasant": "#6e5b3c", "Noble": "#5b3c6e"}

CSS = """
<style>
.af-app { max-width: 100%; box-sizing: border-box; font-size: 15px; line-height: 1.35; }
/* a readable column on a wide screen, as the Learn app's (the widgets' inline 100% aside) */
.af-app.widget-box { max-width: min(100%, 60em) !important; }
.af-app * { box-sizing: border-box; }
/* text, not a one-line label: ipywidgets gives HTML widgets the 28 px height of a control */
.af-app .widget-html-content { white-space: normal; line-height: 1.35; }
.af-card { display: inline-flex; flex-direction: column; gap: 2px; width: 11.5em; max-width: calc(100% - 6px);
  border: 2px solid var(--af-colour, #555); border-radius: 8px; padding: 6px 8px; margin: 3px;
  background: #fffdf8; vertical-align: top; color: #222; }
.af-card .af-card-head { display: flex; justify-content: space-between; align-items: baseline; gap: 4px;
  font-weight: bold; color: var(--af-colour, #555); }
.af-card .af-card-type { font-size: 80%; color: #555; }
.af-card .af-card-text { font-size: 80%; margin: 0; }
.af-card .af-card-text b { color: #444; }
.af-card.af-noble { background: #fbf7ff; }
/* a card widget (widgets/tour.py CardView) wraps its own drawn card: no second frame */
.af-card.widget-html { width: auto; max-width: 100%; border: none; padding: 0; margin: 0;
  background: none; }
.af-slot { line-height: 1.25; display: inline-flex; flex-direction: column; width: 8.5em;
  max-width: 46%; margin: 3px;
  border: 2px solid var(--af-colour, #555); border-radius: 8px; padding: 5px 6px; background: #fffdf8;
  vertical-align: top; color: #222; }
.af-slot .af-owner { font-size: 80%; color: var(--af-colour, #555); font-weight: bold; }
.af-slot .af-name { font-weight: bold; }
.af-slot .af-prestige { font-size: 150%; font-weight: bold; }
.af-slot .af-printed { font-size: 75%; color: #666; }
.af-slot.af-lit { box-shadow: 0 0 0 3px #f5b301; background: #fff6d6; }
.af-slot.af-cancelled { opacity: .55; text-decoration: line-through; }
.af-slot.af-facedown { background: repeating-linear-gradient(45deg, #ddd, #ddd 6px, #eee 6px, #eee 12px); }
.af-slot details { font-size: 75%; }
.af-row { display: flex; flex-wrap: wrap; align-items: flex-start; max-width: 100%; }
.af-zone-title { font-weight: bold; margin: 6px 0 2px 0; }
.af-step-box { border-left: 4px solid #f5b301; padding: 4px 8px; background: #fffbea; max-width: 100%; }
.af-step-count { font-size: 80%; color: #666; }
.af-step-text { font-size: 110%; margin: 2px 0; overflow-wrap: anywhere; }
.af-ruling { font-size: 85%; }
.af-ruling summary { cursor: pointer; color: #1f618d; }
.af-hidden-note { font-size: 80%; color: #7d3c98; }
.af-winners-box { font-size: 120%; font-weight: bold; color: #1e8449; padding: 4px 0; }
.af-error-box { color: #922b21; background: #fdecea; border: 1px solid #e6b0aa; border-radius: 6px;
  padding: 6px 8px; overflow-wrap: anywhere; }
.af-warning-box { color: #7e5109; background: #fef5e7; border-radius: 6px; padding: 4px 8px; font-size: 90%; }
.af-share-box { overflow-wrap: anywhere; font-size: 85%; }
.af-share-box .af-copy { margin-top: 4px; padding: 3px 14px; border: 1px solid #bbb; border-radius: 4px;
  background: #f2f2f2; color: #222; cursor: pointer; font-size: 100%; }
.af-muted { color: #666; font-size: 85%; }
.af-app .widget-button { min-width: 2.6em; }
/* a widget's own margin (--jp-widgets-margin) comes on top of a 100% width: keep it inside */
.af-app .widget-inline-hbox:not(.af-card), .af-app .widget-inline-vbox, .af-app .widget-accordion,
.af-app .jupyter-widget-tab { max-width: calc(100% - 2 * var(--jp-widgets-margin, 2px)) !important; }
@media (max-width: 480px) { .af-card { width: calc(100% - 6px); } .af-slot { width: 46%; } }
</style>
"""


def colour(seat: int | None) -> str:
    """A seat's family colour: the same as the effect graph's (render/dot.py)."""
    return family_colour(seat)[1] if seat is not None and seat >= 0 else "#555"


def card(name: str, seat: int | None = None, crowns: dict[str, int] | None = None) -> str:
    """One readable card: name, type, printed Prestige, crowns, both texts, family colour."""
    spec = CARDS.get(name)
    if spec is None:
        return f"<div class='af-card'><div class='af-card-head'>{escape(name)}</div></div>"
    tint = colour(seat) if seat is not None else TYPE_COLOURS[spec.kind]
    crown = (crowns or PROVISIONAL_CROWNS).get(name, 0)
    kind = "af-noble" if spec.is_noble else "af-peasant"
    exp = " · Exiled" if spec.expansion else ""
    return (f"<div class='af-card {kind}' style='--af-colour:{tint}' data-card='{escape(name)}'>"
            f"<div class='af-card-head'><span>{escape(name)}</span>"
            f"<span title='printed Prestige'>{spec.prestige}</span></div>"
            f"<div class='af-card-type'>{spec.kind}{exp} · {crown} crown{'s' if crown != 1 else ''}</div>"
            f"<p class='af-card-text'><b>Garden:</b> {escape(spec.garden_text)}</p>"
            f"<p class='af-card-text'><b>Balcony:</b> {escape(spec.balcony_text)}</p></div>")


def cards(names: list[str], seat: int | None = None) -> str:
    return "<div class='af-row'>" + "".join(card(n, seat) for n in names) + "</div>"


def _seat(frame: Any, player: str) -> int | None:
    players = list(getattr(frame, "players", ()) or ())
    return players.index(player) if player in players else None


def garden(frame: Any) -> str:
    """The Garden queue: each card's owner, name, Prestige now, printed value and ledger."""
    slots = []
    for s in frame.garden:
        spec = CARDS.get(s.card)
        printed = f"printed {spec.prestige}" if spec else ""
        classes = "af-slot af-card" + (" af-lit" if s.highlighted else "")
        mark = " · marked 5" if s.marked else ""
        ledger = ""
        if s.ledger:
            items = "".join(f"<li>{escape(x)}</li>" for x in s.ledger)
            ledger = f"<details><summary>ledger ({len(s.ledger)})</summary><ol>{items}</ol></details>"
        value = "" if s.prestige is None else str(s.prestige)
        slots.append(f"<div class='{classes}' style='--af-colour:{colour(_seat(frame, s.player))}' "
                     f"title='{escape(spec.garden_text if spec else '')}'>"
                     f"<span class='af-owner'>{escape(s.player)}</span>"
                     f"<span class='af-name'>{escape(s.card)}</span>"
                     f"<span class='af-prestige'>{value}</span>"
                     f"<span class='af-printed'>{printed}{mark}</span>{ledger}</div>")
    body = "".join(slots) or "<span class='af-muted'>empty: no card played yet</span>"
    return f"<div class='af-zone-title'>Garden (queue order)</div><div class='af-row'>{body}</div>"


def balcony(frame: Any) -> str:
    """The Balcony in order; a face-down card the viewer may not see shows no name."""
    slots = []
    for b in frame.balcony:
        classes = ["af-slot", "af-card"]
        if b.highlighted:
            classes.append("af-lit")
        if b.cancelled:
            classes.append("af-cancelled")
        if b.card is None:
            classes.append("af-facedown")
            name, state = "face down", "hidden"
        else:
            name = b.card
            state = "revealed" if b.revealed else "face down"
        if b.cancelled:
            state += ", cancelled"
        slots.append(f"<div class='{' '.join(classes)}' style='--af-colour:{colour(_seat(frame, b.player))}'>"
                     f"<span class='af-owner'>{escape(b.player)} · card {b.position}</span>"
                     f"<span class='af-name'>{escape(name)}</span>"
                     f"<span class='af-printed'>{escape(state)}</span></div>")
    body = "".join(slots) or "<span class='af-muted'>empty</span>"
    return f"<div class='af-zone-title'>Balcony</div><div class='af-row'>{body}</div>"


def winners(frame: Any) -> str:
    """Only at the last step, and only the winners' names."""
    if not getattr(frame, "winners", None):
        return ""
    names = ", ".join(escape(n) for n in frame.winners)
    return f"<div class='af-winners-box'>Winner{'s' if len(frame.winners) > 1 else ''}: {names}</div>"


def ruling(info: Any, base: str = "") -> str:
    if info is None:
        return ""
    text = getattr(info, "text", "") or info.summary       # the whole ruling, shown in the page
    body = "".join(f"<p style='margin:.3em 0'>{'<br>'.join(escape(line) for line in para.splitlines())}</p>"
                   for para in text.split("\n\n") if para.strip())
    return (f"<details class='af-ruling'><summary>Ruling {escape(info.id)}: {escape(info.title)}</summary>"
            f"{body}</details>")


PHASE_NAMES = {"setup": "set-up", "draw": "Draw step", "phase1": "Phase 1 (Ball Garden)",
               "phase2": "Phase 2 (Conspire / Convoke)", "balcony": "Balcony", "replay": "Balcony replay",
               "score": "scoring", "exile": "exile", "end": "end of round"}


def step(frame: Any) -> str:
    """The current event: "Step k of n", its text exactly as the trace has it, its ruling."""
    hidden = ("<div class='af-hidden-note'>Secret step: this viewer sees only that it happened.</div>"
              if frame.hidden else "")
    see = "".join(ruling(info) for info in frame.see)
    phase = escape(PHASE_NAMES.get(frame.phase, frame.phase))
    return (f"<div class='af-step-box'><div class='af-step-count'>{escape(frame.label)} · {phase}</div>"
            f"<div class='af-step-text'>{escape(frame.text)}</div>"
            f"{hidden}{ruling(frame.ruling)}{see}</div>")


def frame(frame: Any) -> str:
    """A whole step: the event, the board, and the winners at the last step."""
    return step(frame) + garden(frame) + balcony(frame) + winners(frame)


def error(message: str) -> str:
    return f"<div class='af-error-box' role='alert'>{escape(message)}</div>" if message else ""


def warning(message: str) -> str:
    return f"<div class='af-warning-box'>{escape(message)}</div>" if message else ""


def share(link: str | None, shown: str | None = None) -> str:
    """The share link: ``link`` opens it (relative to the page, ``?scenario=CODE``, it keeps
    the page's protocol, host and base URL); the box to copy from shows ``shown`` (the
    kernel's guess of the absolute address) until it is focused or "Copy" is clicked, which
    put in it the link as the browser resolves it against the page's own address."""
    if not link:
        return "<span class='af-muted'>No share link: the round is not valid yet.</span>"
    text = shown or link
    resolve = ('const a=this.parentNode.querySelector("a"),i=this.parentNode.querySelector("input");'
               "i.value=a.href;")
    return (f"<div class='af-share-box'><a href='{escape(link)}' target='_blank'>Link to this round</a>"
            f" — copy it to share: <input readonly value='{escape(text)}' aria-label='share link' "
            f"style='width:100%;max-width:100%;font-size:80%' onfocus='{resolve}i.select()'>"
            f"<button type='button' class='af-copy' onclick='{resolve}i.select();"
            "if(navigator.clipboard){navigator.clipboard.writeText(a.href)}else{document.execCommand(\"copy\")}"
            "this.textContent=\"Copied\"'>Copy</button></div>")


def graph_box(svg: str) -> str:
    """An inline SVG graph, at most about a laptop column wide, shrinking on a phone."""
    return f"<div class='af-graph-box' style='max-width:44em;overflow-x:auto'>{svg}</div>"
