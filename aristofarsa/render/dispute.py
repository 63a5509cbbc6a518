"""HTML pieces of the Dispute resolver and the Effect graphs gallery (pure data → str)."""
from __future__ import annotations

import html
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from ..rulings import RULINGS
from .dot import family_colour

if TYPE_CHECKING:
    from ..analysis.graph import Node
    from ..controllers.dispute import DisputeFrame
    from ..controllers.graphs import GalleryItem

e = html.escape

#: The apps' own styles (local: no CDN). Phones first: everything wraps at 390 px.
CSS = """<style>
.af-app { max-width: 1100px; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
.af-app h2 { margin: 4px 0 2px 0; }
.af-app .af-muted { color: #4a5568; font-size: 0.92em; }
.af-app .af-section-title { font-weight: 600; margin: 12px 0 4px 0; font-size: 1.05em; }
.af-error { color: #9b2c2c; background: #fff5f5; border-left: 4px solid #c53030;
  padding: 6px 10px; white-space: pre-wrap; overflow-wrap: anywhere; }
.af-error:empty { display: none; }
.af-cards { display: flex; flex-wrap: wrap; gap: 6px; }
.af-card { border: 2px solid #4a5568; border-radius: 8px; padding: 4px 8px; min-width: 6.2em;
  background: #fff; line-height: 1.25; }
.af-card .af-card-name { font-weight: 600; font-size: 1.05em; }
.af-card .af-card-owner { font-size: 0.85em; color: #2d3748; }
.af-card .af-card-value { font-size: 1.15em; font-weight: 700; }
.af-card.af-touched { box-shadow: 0 0 0 3px #f6ad55; }
.af-card.af-cancelled { border-style: dashed; opacity: 0.75; }
.af-card.af-facedown {
  background: repeating-linear-gradient(45deg, #edf2f7, #edf2f7 6px, #e2e8f0 6px, #e2e8f0 12px); }
.af-stepbox { border: 1px solid #cbd5e0; border-radius: 6px; padding: 6px 10px; background: #f7fafc;
  overflow-wrap: anywhere; }
.af-graph svg { max-width: 100%; height: auto; }
@media (max-width: 700px) { .af-graph svg { max-width: none !important; } }
.af-graph { overflow-x: auto; }
.af-app table { border-collapse: collapse; max-width: 100%; }
.af-app td, .af-app th { border: 1px solid #e2e8f0; padding: 3px 6px; vertical-align: top;
  text-align: left; overflow-wrap: break-word; }
.af-variants tr.af-changes td, .af-whatif tr.af-actual td { background: #fffbea; }
.af-explain h4 { margin: 10px 0 4px 0; }
.af-explain ol { padding-left: 2.6em; }
.af-share a, .af-share code { overflow-wrap: anywhere; word-break: break-all; }
.af-gallery-item { border: 1px solid #cbd5e0; border-radius: 8px; padding: 6px; margin: 6px 0; }
.af-gallery-item h4 { margin: 2px 0; }
.af-winners b { font-size: 1.1em; }
</style>"""


def card_html(n: Node, touched: Iterable[str] = ()) -> str:
    """One readable card (``af-card``): name, owner, position and Prestige."""
    fill, border = family_colour(n.seat)
    classes = ["af-card"]
    if n.id in set(touched):
        classes.append("af-touched")
    if n.cancelled:
        classes.append("af-cancelled")
    name = n.card if n.card is not None else "face down"
    if n.card is None:
        classes.append("af-facedown")
    where = f"Garden {n.order}" if n.zone == "garden" else f"Balcony {n.order}"
    value = (f"<div class='af-card-value'>{n.prestige}</div>"
             if n.zone == "garden" and n.prestige is not None else "")
    marks = []
    if n.cancelled:
        marks.append("cancelled")
    if n.winner:
        marks.append("★ wins")
    if n.scored:
        marks.append("scores")
    tail = f"<div class='af-muted'>{e(', '.join(marks))}</div>" if marks else ""
    style = f"border-color:{border};background:{fill}" if n.card is not None else f"border-color:{border}"
    return (f"<div class='{' '.join(classes)}' style='{style}'>"
            f"<div class='af-card-owner'>{e(n.player)} · {where}</div>"
            f"<div class='af-card-name'>{e(name)}</div>{value}{tail}</div>")


def cards_html(nodes: Sequence[Node], touched: Iterable[str] = (), empty: str = "") -> str:
    if not nodes:
        return f"<div class='af-muted'>{e(empty)}</div>"
    touched = tuple(touched)
    return "<div class='af-cards'>" + "".join(card_html(n, touched) for n in nodes) + "</div>"


def step_html(f: DisputeFrame) -> str:
    """The current event: "Step k of n", its text exactly as the trace has it, its rulings."""
    rules = ", ".join(f"<span title='{e(RULINGS.get(r, ''))}'>{e(r)}</span>" for r in (f.rule, *f.see))
    return (f"<div class='af-stepbox'><div class='af-muted'>{e(f.label)} · ruling {rules}</div>"
            f"<div class='af-step-text'>{e(f.text)}</div></div>")


def winners_html(f: DisputeFrame) -> str:
    if f.winners is None:
        return "<span class='af-muted'>The winners are shown at the last step.</span>"
    return "Winners: <b>" + e(", ".join(f.winners)) + "</b>"


def share_html(link: str | None) -> str:
    if link is None:
        return "<span class='af-muted'>(No share link for this round.)</span>"
    return (f"<a class='af-share-link' href='{e(link)}' target='_blank' rel='noopener'>Link to this "
            f"round</a> <span class='af-muted'>(send it to the other players; it opens this page "
            f"with the same round)</span><br/><input class='af-share-url' readonly value='{e(link)}' "
            "style='width:100%;max-width:100%;box-sizing:border-box;font-family:monospace' "
            "onclick='this.select()'/>")


def gallery_item_html(item: GalleryItem) -> str:
    rulings = ", ".join(f"<span title='{e(RULINGS.get(r, ''))}'>{e(r)}</span>" for r in item.rulings)
    return (f"<h4>{e(item.title)}</h4><div class='af-muted'><code>{e(item.name)}</code> · rulings "
            f"{rulings} · winners {e(', '.join(item.winners))} · "
            f"<a class='af-open-lab' href='{e(item.link)}' target='_blank' rel='noopener'>"
            f"open in the Lab</a></div>")
