"""DOT text → SVG (or PNG) with the Graphviz bundled in the pygraphviz wheel: no system `dot`.

The only module of the package that imports pygraphviz.
"""
from __future__ import annotations

import sys
from html import escape
from typing import TYPE_CHECKING

from ..core.messages import Join, Msg, text

if TYPE_CHECKING:
    from ..analysis.graph import Graph


class RenderError(RuntimeError):
    """Graphviz is missing or could not lay the graph out."""


def _agraph(dot: str):  # type: ignore[no-untyped-def]
    try:
        import pygraphviz  # type: ignore[import-untyped,unused-ignore]
    except ImportError:
        raise RenderError(text("graph-draw.no-pygraphviz")) from None
    try:
        return pygraphviz.AGraph(string=dot)
    except Exception as exc:  # pygraphviz raises several kinds for bad DOT
        raise RenderError(text("graph-draw.unreadable", error=exc)) from None


def dot_to_svg(dot: str) -> str:
    """The SVG text of a DOT graph, without the XML prologue (ready to inline in HTML)."""
    data = _agraph(dot).draw(format="svg", prog="dot")
    text = data.decode("utf-8") if isinstance(data, bytes) else str(data)
    start = text.find("<svg")
    return text[start:] if start >= 0 else text


def dot_to_png(dot: str) -> bytes:
    data = _agraph(dot).draw(format="png", prog="dot")
    return bytes(data)


def responsive(svg: str) -> str:
    """The same SVG scaled to its container's width (keeps the aspect ratio)."""
    return svg.replace("<svg ", '<svg style="max-width:100%;height:auto" ', 1)


def graph_svg(g: Graph, fit: bool = False, narrow: bool = False) -> str:
    """The graph as SVG; ``fit``: scaled to its container's width; ``narrow``: the phone layout."""
    from .dot import graph_dot
    if sys.platform == "emscripten":    # Python in the browser (the static site): no pygraphviz
        return drawn_by_the_page(graph_dot(g, narrow), fit)
    svg = dot_to_svg(graph_dot(g, narrow))
    return responsive(svg) if fit else svg


def app_graph_svg(g: Graph) -> str:
    """What the apps inline: the wide layout and the narrow one (Balcony and Garden side by
    side, about 350 px wide, so on a 390 px phone every label stays 10 px or more and the
    winner is in view); the stylesheet shows the one that fits the screen. Each ``<svg>`` is
    a picture (``role="img"``) named by :func:`graph_summary`, for a screen reader (on the
    static site the placeholder carries the name over to the drawing)."""
    label = graph_summary(g)
    return (f"<div class='af-graph-wide'>{named(graph_svg(g, fit=True), label)}</div>"
            f"<div class='af-graph-narrow'>{named(graph_svg(g, fit=True, narrow=True), label)}</div>")


def named(picture: str, label: str) -> str:
    """An inline ``<svg>`` (or the static site's placeholder for one) as a picture named
    ``label``: ``role="img"`` and ``aria-label`` on its outer element."""
    tag = "<svg " if picture.startswith("<svg") else "<div "
    return picture.replace(tag, f'{tag}role="img" aria-label="{escape(label)}" ', 1)


#: How many arrows a graph's text alternative names one by one (then "and N more").
SUMMARY_EDGES = 12


def graph_summary(g: Graph) -> str:
    """The effect graph in words, what its picture shows: how many cards and effects, each
    effect as "step 4: Ana's Knight to Bruno's Rogue, +5" (cancelled ones said so), and the
    winners. A card hidden from the graph's viewer is "a face-down card", as in the picture."""
    def card(node_id: str) -> Msg | str:
        try:
            node = g.node(node_id)
        except KeyError:
            return node_id
        return (Msg("card.owned", {"owner": node.player, "card": node.card}) if node.card
                else Msg("graph-summary.face-down", {"player": node.player}))

    effects = len(g.edges)
    cards = Msg("graph-summary.cards", {"count": len(g.nodes)})
    parts = [text("graph-summary.head-step", step=g.step, cards=cards, count=effects)
             if g.step and g.step < g.last_step else
             text("graph-summary.head", cards=cards, count=effects)]
    for e in g.edges[:SUMMARY_EDGES]:
        parts.append(text("graph-summary.edge-cancelled" if e.cancelled else "graph-summary.edge",
                          step=e.step, source=card(e.source), target=card(e.target),
                          what=e.label or e.kind))
    if effects > SUMMARY_EDGES:
        parts.append(text("graph-summary.more", count=effects - SUMMARY_EDGES))
    if g.winners:
        parts.append(text("graph-summary.winners", count=len(g.winners), players=Join(g.winners)))
    return " ".join(parts)


def drawn_by_the_page(dot: str, fit: bool = False) -> str:
    """A placeholder that the static site's page replaces with the inline SVG that Graphviz,
    compiled to WebAssembly, draws from ``dot`` in the browser (static-site.js in the
    aristofarsa-static template)."""
    drawing = escape(text("graph-view.drawing"))
    return f"<div class='af-dot' data-fit='{int(fit)}' data-dot='{escape(dot)}'>{drawing}</div>"
