"""An effect graph as Graphviz DOT text (plain strings; no Graphviz needed to write it).

Two rows: the Balcony on top in reveal order, the Garden below in queue order; each player's
cards share their family colour. Edges carry "step · effect"; parallel edges with the same
effect (a Bishop's replay repeats them) are drawn once with every step listed. Cancelled
effects are dashed, winners have a gold frame and a star, scoring cards a double frame.
"""
from __future__ import annotations

import html
import textwrap
from typing import TYPE_CHECKING

from ..core.messages import Join, Msg, text
from . import theme

if TYPE_CHECKING:
    from ..analysis.graph import Edge, Graph, Node

#: Family colours by seat (fill, border): the one seat palette of every view (graph, board, seat
#: ring, cards), the theme's (``render/theme.py``); light fills keep black text readable,
#: borders carry white text.
FAMILY_COLOURS = theme.SEATS
EDGE_COLOURS = theme.EDGES
#: Edges kept in the data but not drawn: a Bishop's replay first resets the cards (B10), which
#: is bookkeeping, not an effect; the effects replayed after it are drawn.
HIDDEN_KINDS = ("replay",)
_IDS_ESCAPE = str.maketrans({"\\": "\\\\", '"': '\\"'})


def _q(value: str) -> str:
    return '"' + value.translate(_IDS_ESCAPE) + '"'


def family_colour(seat: int) -> tuple[str, str]:
    return theme.seat(seat)


def node_label(n: Node, loops: tuple[str, ...] = ()) -> str:
    """An HTML-like label: player, card (or "face down"), position and Prestige; ``loops``:
    what the card did to itself ("12 · +5"), written on the card its loop arrow sits on."""
    where = text({"garden": "graph-view.garden", "balcony": "graph-view.balcony",
                  "hand": "graph-view.hand"}[n.zone], order=n.order)
    card = html.escape(n.card if n.card is not None else text("graph-view.face-down"))
    if n.card is None:
        card = f"<i>{card}</i>"
    rows = [f"<b>{html.escape(n.player)}</b>", f"<font point-size='15'>{card}</font>",
            f"<font point-size='10'>{where}</font>"]
    if n.zone == "garden" and n.prestige is not None:
        rows.append(f"<font point-size='13'><b>{n.prestige}</b></font>")
    marks = [Msg(mid) for mid, shown in (("graph-view.wins", n.winner), ("graph-view.scores", n.scored),
                                          ("graph-view.cancelled", n.cancelled),
                                          ("graph-view.left", n.replaced)) if shown]
    if marks:
        rows.append(f"<font point-size='10'>{html.escape(str(Join(marks)))}</font>")
    for note in n.notes:
        rows.append(f"<font point-size='10'>{html.escape(note)}</font>")
    rows += [f"<font point-size='11'>↻ {html.escape(loop)}</font>" for loop in loops]
    return "<" + "<br/>".join(rows) + ">"


def _node_line(n: Node, ids: dict[str, str], loops: tuple[str, ...] = ()) -> str:
    fill, border = family_colour(n.seat)
    # not the id: no hidden name
    tip = text("graph-view.tip" if n.card else "graph-view.tip-face-down", player=n.player,
               card=n.card, zone=n.zone, order=n.order)
    attrs = [f"label={node_label(n, loops)}", f'fillcolor="{fill}"', f'color="{border}"',
             f"tooltip={_q(tip)}"]
    style = ["filled", "rounded"]
    if n.cancelled or n.replaced:
        style.append("dashed")
        attrs.append(f'fontcolor="{theme.GRAPH["muted"]}"')
    if n.winner:
        attrs += [f'color="{theme.GRAPH["winner"]}"', "penwidth=3.5"]
    elif n.scored:
        attrs.append("penwidth=2")
    if n.scored:
        attrs.append("peripheries=2")
    if n.zone == "balcony":
        attrs.append('shape="box"')
    else:
        attrs.append('shape="box"')
    attrs.append(f'style="{",".join(style)}"')
    attrs.append(f'class="graph-node graph-{n.zone}"')
    return f"  {ids[n.id]} [{', '.join(attrs)}];"


def merged_edges(edges: list[Edge]) -> list[tuple[Edge, list[int]]]:
    """Edges with the same ends, effect and cancelled flag, drawn once with all their steps."""
    out: dict[tuple[str, str, str, str, bool], tuple[Edge, list[int]]] = {}
    for e in edges:
        key = (e.source, e.target, e.kind, e.label, e.cancelled)
        if key in out:
            out[key][1].append(e.step)
        else:
            out[key] = (e, [e.step])
    return list(out.values())


def edge_label(e: Edge, steps: list[int]) -> str:
    """"26, 36 · swap = 1": the steps an effect was applied at, and what it did."""
    return f"{', '.join(map(str, steps))} · {e.label}"


def _edge_lines(k: int, e: Edge, steps: list[int], ids: dict[str, str], same_row: bool,
                dashed: bool | None = None) -> list[str]:
    """One effect: source -> its label -> target. The label is a node of its own (``l<k>``),
    so Graphviz lays it out like a card and routes every edge around it: no edge label
    ever crosses an edge."""
    colour = EDGE_COLOURS.get(e.kind, theme.GRAPH["edge"])
    tip = _q(text("graph-view.edge-tip", step=steps[0], kind=e.kind, rule=e.rule))
    style = ['style="dashed"', "penwidth=1.2"] if (e.cancelled if dashed is None else dashed) \
        else ["penwidth=1.6"]
    said = edge_label(e, steps)
    rows = [html.escape(str(Join(steps[i:i + 4]))) for i in range(0, len(steps), 4)]
    label = "<" + "<br/>".join([*rows, f"<b>{html.escape(e.label)}</b>"]) + ">"
    flat = ", constraint=false" if same_row else ""
    return [f"  l{k} [shape=plaintext, label={label}, fontcolor=\"{colour}\", fontsize=11, margin=0.02, "
            f"height=0.2, width=0.2, tooltip={tip}, class=\"graph-label\", comment={_q(said)}];",
            f"  {ids[e.source]} -> l{k} [arrowhead=none, color=\"{colour}\", tooltip={tip}, "
            f"{', '.join(style)}{flat}];",
            f"  l{k} -> {ids[e.target]} [color=\"{colour}\", tooltip={tip}, {', '.join(style)}{flat}];"]


def _loop_line(e: Edge, steps: list[int], ids: dict[str, str], dashed: bool) -> str:
    """A card's effect on itself: a loop on its card (the effect is written on the card)."""
    colour = EDGE_COLOURS.get(e.kind, theme.GRAPH["edge"])
    tip = _q(text("graph-view.loop-tip", step=steps[0], kind=e.kind, rule=e.rule))
    style = 'style="dashed", penwidth=1.2' if dashed else "penwidth=1.6"
    return (f"  {ids[e.source]} -> {ids[e.source]} [color=\"{colour}\", tooltip={tip}, {style}, "
            f"class=\"graph-self\", comment={_q(edge_label(e, steps))}];")


def graph_dot(g: Graph, narrow: bool = False) -> str:
    """DOT text for an effect graph (deterministic: the same graph gives the same text).
    ``narrow``: the layout for a phone — the Balcony in a column on the left, the Garden on
    the right, top to bottom in order, the caption on several lines — about 350 px wide."""
    ids = {n.id: f"n{k}" for k, n in enumerate(g.nodes)}
    zone_of = {n.id: n.zone for n in g.nodes}
    cancelled_now = {n.id: n.cancelled for n in g.nodes}   # at the graph's step
    spacing = ('rankdir="LR", nodesep=0.25, ranksep=0.25' if narrow
               else 'rankdir="TB", nodesep=0.35, ranksep=0.45')
    background = theme.GRAPH["background"]
    lines = ["digraph effects {",  # i18n: code
             f'  graph [{spacing}, newrank=true, fontname="Helvetica", bgcolor="{background}", pad=0.1];',
             '  node [fontname="Helvetica", fontsize=12, margin="0.10,0.05"];',
             '  edge [fontname="Helvetica", fontsize=11, arrowsize=0.8];']
    drawn = merged_edges([e for e in g.edges if e.kind not in HIDDEN_KINDS])
    loops: dict[str, list[str]] = {}
    for e, steps in drawn:
        if e.source == e.target:
            loops.setdefault(e.source, []).append(edge_label(e, steps))
    caption = _caption(g, narrow)
    if caption:
        lines.append(f"  label={caption}; labelloc=\"t\"; fontsize=14;")
    for zone in ("balcony", "garden", "hand"):
        row = [n for n in g.nodes if n.zone == zone]
        if not row:
            continue
        row.sort(key=lambda n: (n.order, n.replaced is False))
        lines.append(f"  subgraph {zone} {{ rank=same;")
        for n in row:
            lines.append("  " + _node_line(n, ids, tuple(loops.get(n.id, ()))))
        if len(row) > 1:
            chain = " -> ".join(ids[n.id] for n in row)
            lines.append(f"    {chain} [style=invis, weight=20];")
        lines.append("  }")
    rows = [[n for n in g.nodes if n.zone == z] for z in ("balcony", "garden", "hand")]
    rows = [r for r in rows if r]
    for upper, lower in zip(rows, rows[1:], strict=False):
        lines.append(f"  {ids[upper[0].id]} -> {ids[lower[0].id]} [style=invis, weight=5];")
    for k, (e, steps) in enumerate(drawn):
        dashed = cancelled_now.get(e.source, e.cancelled)
        if e.source == e.target:
            lines.append(_loop_line(e, steps, ids, dashed))
            continue
        same_row = zone_of.get(e.source) == zone_of.get(e.target)
        lines += _edge_lines(k, e, steps, ids, same_row, dashed)
    lines.append("}")
    return "\n".join(lines) + "\n"


def _caption(g: Graph, narrow: bool = False) -> str:
    """The graph's caption as an HTML-like label ("" for none): one line, or one part a line
    when ``narrow``."""
    parts = []
    if g.title:
        parts.append(g.title)
    if g.step < g.last_step:
        parts.append(text("graph-view.up-to", step=g.step, last=g.last_step))
    if g.viewer:
        parts.append(text("graph-view.sees", viewer=g.viewer))
    if g.winners:
        cards = {n.player: n.card for n in g.nodes if n.zone == "garden" and n.winner}
        named = [Msg("card.owned", {"owner": p, "card": cards[p]}) if cards.get(p) else p
                 for p in g.winners]
        parts.append(text("graph-view.winning-lowest" if g.lowest_wins else "graph-view.winning",
                          count=len(named), cards=Join(named)))
    if not parts:
        return ""
    if narrow:              # short lines: a caption must not make the phone layout wider
        parts = [line for p in parts for line in textwrap.wrap(p, 34)]
    return "<" + ("<br/>" if narrow else " — ").join(html.escape(p) for p in parts) + ">"
