"""Pictures for the Learn, Exiled and Play apps: the seat ring, a card, the final ranking,
a lesson's light Markdown. Pure functions: data -> SVG/HTML text (no graphviz). The board
and the steps are render/html.py's, for every app.
"""
from __future__ import annotations

import math
import re
from html import escape
from typing import Any
from urllib.parse import quote

from ..core.messages import Join, text
from . import markup, theme


def colour(seat: int | None) -> str:
    """A seat's family colour in the apps' HTML and CSS, ``var(--af-seat-K)``: the one palette
    of every view (``render.theme.SEATS``), the effect graph's frame colour in the light theme,
    a light one that reads as text on the dark theme's page; no seat: grey."""
    return theme.seat_var(seat)


def seat_ring_svg(players: list[str], first: str | None = None, order: list[str] | None = None,
                  size: int = 260) -> str:
    """The table seen from above: seats in order round a circle, the next seat being to the
    *left* (M1), arrows showing turn order, the starting player marked, and (optionally) each
    player's number in ``order`` (e.g. the Phase-2 order)."""
    n = len(players)
    ring = theme.RING
    c = size / 2
    r = size / 2 - 42
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" class="af-seats" viewBox="0 0 {size} {size}" '
             f'width="100%" style="max-width:{size}px" role="img" '
             f'aria-label="{escape(text("seat-ring.label", players=Join(players)))}">',
             '<defs><marker id="af-arrow" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="6" '
             'markerHeight="6" orient="auto-start-reverse">'
             f'<path d="M0,0 L10,5 L0,10 z" fill="{ring["arrow_head"]}"/>'
             '</marker></defs>',
             f'<ellipse cx="{c}" cy="{c}" rx="{r - 30}" ry="{r - 30}" fill="{ring["table"]}" '
             f'stroke="{ring["table_edge"]}"/>',
             f'<text x="{c}" y="{c - 4 if r >= 70 else c + 4}" text-anchor="middle" font-size="12" '
             f'fill="{ring["table_text"]}">{escape(text("seat-ring.table"))}</text>']
    if r >= 70:    # room on the table for the words (a small ring has only its arrows)
        parts.append(f'<text x="{c}" y="{c + 12}" text-anchor="middle" font-size="10" '
                     f'fill="{ring["table_text"]}">'
                     f'{escape(text("seat-ring.turn-order"))}</text>')
    points = []
    for k in range(n):
        # seat 0 at the bottom (you), then clockwise as seen from above = to each player's left
        angle = math.pi / 2 + 2 * math.pi * k / n
        points.append((c + r * math.cos(angle), c + r * math.sin(angle)))
    for k in range(n):
        (x1, y1), (x2, y2) = points[k], points[(k + 1) % n]
        # shorten each arrow so it runs between the seat circles
        dx, dy = x2 - x1, y2 - y1
        d = math.hypot(dx, dy) or 1
        s = 24 / d
        parts.append(f'<line x1="{x1 + dx * s:.1f}" y1="{y1 + dy * s:.1f}" x2="{x2 - dx * s:.1f}" '
                     f'y2="{y2 - dy * s:.1f}" stroke="{ring["arrow"]}" stroke-width="1.5" '
                     'marker-end="url(#af-arrow)"/>')
    for k, (name, (x, y)) in enumerate(zip(players, points, strict=True)):
        starts = name == first
        parts.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="22" fill="{theme.seat(k).border}" '
                     f'stroke="{ring["starter"] if starts else ring["seat_edge"]}" '
                     f'stroke-width="{3 if starts else 1}"/>')
        parts.append(f'<text x="{x:.1f}" y="{y + 4:.1f}" text-anchor="middle" font-size="11" '
                     f'fill="{ring["seat_text"]}" font-weight="bold">{escape(name)}</text>')
        number = order.index(name) + 1 if order and name in order else None
        label = (text("seat-ring.starts-order", number=number) if starts and number
                 else text("seat-ring.starts") if starts
                 else text("seat-ring.order", number=number) if number else "")
        if label:
            # under the seat, but above it for a seat at the top (under it is the table)
            ly = y - 28 if y < c - r / 2 else y + 36
            parts.append(f'<text x="{x:.1f}" y="{ly:.1f}" text-anchor="middle" font-size="10" '
                         f'fill="{ring["note"]}">{escape(label)}</text>')
    parts.append("</svg>")
    return "".join(parts)


def fine_points(n: int) -> str:
    """The count under a card's "As ruled", one whole phrase per count (no glued plurals)."""
    return text("card-view.fine-points", count=n)


def card_html(info: Any, seat: int | None = None, open_notes: bool = False,
              crowns_note: bool = True) -> str:
    """One readable card: name, type, printed Prestige, crowns (provisional), both texts and,
    under them, its fine points as ruled (``info.notes``, each with text and rulings; folded
    unless ``open_notes``). ``info`` has name, kind, prestige, crowns, garden_text,
    balcony_text, expansion. ``crowns_note=False``: no "(provisional, M9)" on the card (a view
    of several cards says it once)."""
    border = colour(seat) if seat is not None else (
        "var(--af-card-exiled)" if info.expansion else "var(--af-seat-none)")
    noble = info.kind == "Noble"
    notes = getattr(info, "notes", ())
    crowns_ruling = getattr(info, "crowns_ruling", None)
    m9 = ruling_ref_html(crowns_ruling) if crowns_ruling is not None else "M9"
    fine = "" if not notes else (
        f'<details class="af-card-notes"{" open" if open_notes else ""} style="margin-top:6px;'
        'border-top:1px solid var(--af-card-rule);padding-top:4px">'
        f'<summary style="cursor:pointer"><b>{escape(text("card-view.as-ruled"))}</b> '
        f'<span style="color:var(--af-card-muted);font-size:.9em">({fine_points(len(notes))})</span>'
        '</summary>'
        '<ul style="margin:2px 0 0 1.1em;padding:0;font-size:.88em">'
        + "".join(f'<li style="margin:2px 0">{escape(n.text)} {rulings_html(n.rulings)}</li>' for n in notes)
        + "</ul></details>")
    texts = (f'<div class="af-card-text">{text("card-view.garden", text=escape(info.garden_text))}</div>'
             f'<div class="af-card-text">{text("card-view.balcony", text=escape(info.balcony_text))}</div>'
             f'{fine}')
    kind = text("card-view.kind-expansion" if info.expansion else "card-view.kind",
                kind=info.kind, count=info.crowns)
    return (f'<div class="af-card-view" style="border:3px solid {border};border-radius:10px;padding:8px;'
            f'background:{"var(--af-card-paper-noble)" if noble else "var(--af-card-paper)"};'
            f'max-width:{"28em" if open_notes else "22em"};'
            'box-sizing:border-box;'
            f'font-size:14px;line-height:1.35">'
            f'<div style="display:flex;justify-content:space-between;align-items:baseline;gap:8px">'
            f'<span style="font-size:1.25em;font-weight:bold">{escape(info.name)}</span>'
            f'<span title="{escape(text("card-view.printed"))}" style="font-size:1.4em;font-weight:bold">'
            f'{info.prestige}</span></div>'
            f'<div style="color:var(--af-card-muted)">{escape(kind)} '
            + (f'<span style="font-size:.85em">{text("card-view.provisional", m9=m9)}</span>'
               if crowns_note else '')
            + '</div>'
            f'{texts}</div>')


def rulings_html(rulings: Any) -> str:
    """Ruling IDs that open their text in the page (each ``rulings`` item has id, title, text)."""
    return " ".join(ruling_ref_html(r) for r in rulings)


def ruling_ref_html(info: Any) -> str:
    """``af-ruling-ref``: one ruling ID; a click opens its title and text right there."""
    text = getattr(info, "text", "") or getattr(info, "summary", "")
    body = "".join(f"<p style='margin:.2em 0'>{'<br>'.join(escape(line) for line in para.splitlines())}</p>"
                   for para in text.split("\n\n") if para.strip())
    deciding = getattr(info, "deciding", "")          # its deciding sentence, on hover and when open
    tip = f' title="{escape(deciding)}"' if deciding else ""
    said = f"<p style='margin:.2em 0'><i>{escape(deciding)}</i></p>" if deciding else ""
    return ('<details class="af-ruling-ref" style="display:inline-block;vertical-align:baseline;'
            'text-indent:0;max-width:100%"><summary style="display:inline;'
            f'cursor:pointer;color:var(--af-link);font-size:.85em"{tip}>{escape(info.id)}</summary>'
            f'<span style="display:block;white-space:normal;font-size:.9em;background:var(--af-ref-paper);'
            f'border-left:3px solid var(--af-link);padding:3px 6px;margin:2px 0">'
            f'<b>{escape(info.id)} {escape(info.title)}.</b>{said}{body}</span>'
            '</details>')


#: a ruling ID with the parenthesis right before or after it, if any: "(D1)", "(S1", "B3)"
RULING_IN_PARENS = re.compile(r"(\(?)\b([MDPBSEX]\d{1,2})\b(\)?)")


def ruling_refs_in(body: str, rulings: Any) -> str:
    """Escaped text ``body`` whose ruling IDs (in ``rulings``) open their text in the page; a
    parenthesis next to an ID stays on the line with it (never "(" alone at the end of a line
    or ")" alone at the start of the next)."""
    def one(m: re.Match[str]) -> str:
        if m.group(2) not in rulings:
            return m.group(0)
        ref = ruling_ref_html(rulings[m.group(2)])
        if not (m.group(1) or m.group(3)):
            return ref
        return f'<span style="white-space:nowrap">{m.group(1)}{ref}{m.group(3)}</span>'
    return RULING_IN_PARENS.sub(one, body)


def lab_link_html(lesson: str) -> str:
    """``af-open-lab``: open this lesson in the Scenario Lab (a page next to this one)."""
    href = escape(f"lab.ipynb?lesson={quote(lesson)}")
    return (f'<a class="af-lab-link" href="{href}" target="_blank" rel="noopener" '
            'style="color:var(--af-link);text-decoration:underline;font-weight:600">'
            f'{escape(text("card-view.open-lab"))}</a> '
            f'<span class=\'af-note\'>{escape(text("card-view.open-lab-note"))}</span>')


def ranking_html(ranking: list[list[str]], crowns: dict[str, int]) -> str:
    rows = []
    for k, place in enumerate(ranking, 1):
        counts = [crowns.get(p, 0) for p in place]
        said = text("ranking.row-crowns", count=1 if counts == [1] else 2, crowns=Join(counts))
        number = text("ranking.row-place", place=k)
        rows.append(f"<tr><td>{escape(number)}</td>"
                    f"<td>{escape(str(Join(place, 'list.tie')))}</td><td>{escape(said)}</td></tr>")
    heads = "".join(f"<th>{escape(text(h))}</th>" for h in ("ranking.place", "ranking.player",
                                                              "ranking.crowns"))
    return f'<table class="af-ranking-table"><tr>{heads}</tr>{"".join(rows)}</table>'



def markdown_html(text: str, rulings: Any = None) -> str:
    """A lesson description's light Markdown as HTML: paragraphs wrap as prose, numbered and
    bulleted items (indented items nested) each start a line, **bold**, *italic*, `quoted`;
    everything else is escaped text. Ruling IDs named in ``rulings`` (id -> an object with
    id, title, text) open their text in the page."""
    out = []
    for para in markup.paragraphs(text):         # one pass each, no regex (render/markup.py)
        merged = markup.items(para)
        html_lines = []
        for indent, marker, body in merged:
            body = _inline(body, rulings)
            if indent < 0:
                html_lines.append(f"<div>{body}</div>")
            else:
                bullet = "•" if marker in "-*" else escape(marker)
                pad = 1.2 + 1.2 * (indent > 0)
                html_lines.append(f"<div style='padding-left:{pad}em;text-indent:-1.2em'>"
                                  f"<span style='display:inline-block;width:1.2em;text-indent:0'>{bullet}"
                                  f"</span>{body}</div>")
        out.append(f"<div class='af-para' style='margin:.45em 0'>{''.join(html_lines)}</div>")
    return "".join(out)


def _inline(line: str, rulings: Any) -> str:
    body = markup.marks(escape(line))            # linear in the line (render/markup.py)
    if rulings:
        body = ruling_refs_in(body, rulings)
    return body


def with_rulings(text: str, rulings: Any) -> str:
    """Escaped plain text whose ruling IDs (in ``rulings``) open their text in the page."""
    body = escape(text)
    if not rulings:
        return body
    return ruling_refs_in(body, rulings)
