"""The apps' one theme: every colour the apps, the effect graphs and the pictures use, written
here once (issue 24 item 5; the dark theme of issue 27).

Pure data, and two functions that write it out:

* :func:`css` — the CSS custom properties (``--af-…``) that the apps' stylesheet
  (``render/styles/*.css``) and their HTML (``render/html.py``, ``render/seats.py``, the
  widgets) use through ``var(--af-…)``: the light values on ``:root``, the dark ones where
  JupyterLab's dark theme is on (``[data-jp-theme-light="false"]``: a Binder page opened
  with ``?theme=dark``, JupyterLab with its dark theme; ``aristofarsa serve`` and the static
  site always show the light one). ``render.html.stylesheet()`` puts it first in the apps'
  one stylesheet.
* :data:`SEATS`, :data:`EDGES`, :data:`GRAPH` and :data:`RING` — the values for what CSS
  cannot reach: Graphviz DOT (``render/dot.py``) and the seat ring's SVG (``render/seats.py``).
  Those pictures carry their own light background in both themes.

Every text colour is at least 4.5:1 on the background it is drawn on, in both themes
(``tests/test_theme.py`` measures each pair below, :data:`TEXT_ON`).
"""
from __future__ import annotations

from typing import NamedTuple


class Seat(NamedTuple):
    """A seat's family colour: ``fill`` (light, black text on it) and ``border`` (dark, white
    text on it) — the graph's node fill and frame, the seat ring's disc, the board's frame."""
    fill: str
    border: str


#: The one seat palette of every view (graph, board, seat ring, cards, the builder's players),
#: by seat, repeating after six.
SEATS: tuple[Seat, ...] = (
    Seat("#dbe9f6", "#2b6cb0"),   # blue
    Seat("#fde2cf", "#c05621"),   # orange
    Seat("#d9f2e0", "#2f855a"),   # green
    Seat("#f3dcef", "#97266d"),   # purple
    Seat("#fff4c2", "#975a16"),   # yellow
    Seat("#e2e8f0", "#4a5568"),   # grey
)

#: Effect graph edges by kind (``render/dot.py``); any other kind: ``GRAPH["edge"]``.
EDGES: dict[str, str] = {"cancel": "#c53030", "peek": "#6b46c1", "exchange": "#2c7a7b",
                         "swap": "#2c7a7b", "mark": "#975a16", "copy": "#4a5568", "entry": "#2f855a"}

#: The effect graph's own colours (``render/dot.py``): background, an effect of no listed kind,
#: a cancelled or replaced card's text, the winner's gold frame.
GRAPH: dict[str, str] = {"background": "white", "edge": "#1a202c", "muted": "#4a5568",
                         "winner": "#b7791f"}

#: The seat ring's SVG (``render/seats.py``): its table, words, arrows, the seats' names.
RING: dict[str, str] = {"table": "#f4ecd8", "table_edge": "#c8b88a", "table_text": "#6b5b2e",
                        "arrow": "#888", "arrow_head": "#666", "starter": "#000", "seat_edge": "#fff",
                        "seat_text": "#fff", "note": "#333"}

#: Play's and Learn's charts (``render/plot.py``, matplotlib colour names).
PLOT: dict[str, str] = {"seats": "tab:blue", "bots": "tab:orange", "fair": "grey"}

#: The CSS custom properties, ``--af-NAME``: (light, dark). Paper is what cards and boxes are
#: drawn on; ink is the text on it.
COLOURS: dict[str, tuple[str, str]] = {
    # the card and the board (render/seats.py card_html, render/html.py garden/balcony)
    "ink": ("#222", "#ececec"),
    "ink-soft": ("#444", "#d4d4d4"),
    "ink-faint": ("#666", "#bdbdbd"),
    "paper": ("#fffdf8", "#2b2925"),
    "card-paper": ("#fff", "#262626"),
    "card-paper-noble": ("#fdf6e3", "#3a3322"),
    "card-rule": ("#ddd", "#5a5a5a"),
    "card-muted": ("#555", "#c4c4c4"),
    "card-exiled": ("#7d3c98", "#c9a3dd"),
    "seat-none": ("#555", "#9e9e9e"),
    "lit": ("#f5b301", "#f5b301"),
    "lit-paper": ("#fff6d6", "#4a3f14"),
    "facedown-1": ("#ddd", "#3a3a3a"),
    "facedown-2": ("#eee", "#474747"),
    # text on the page
    "muted": ("#666", "#c2c2c2"),
    "muted-cool": ("#4a5568", "#c4cad4"),
    "note": ("#555", "#c8c8c8"),
    "label": ("#2d3748", "#d6dbe3"),
    "link": ("#1a5fb4", "#99c1f1"),
    "ruling-link": ("#1f618d", "#9ecbef"),
    "ruling-summary": ("#1a4971", "#9ecbef"),
    "secret": ("#7d3c98", "#d7b5e6"),
    "good": ("#1e8449", "#7bd88f"),
    "bad": ("#922b21", "#ff9a8f"),
    # boxes: the step, a ruling opened in the text, an example, messages, the verdict
    "step-paper": ("#fffbea", "#3a3514"),
    "ref-paper": ("#f6f8fa", "#2d333b"),
    "example-paper": ("#fffdf6", "#2b2925"),
    "example-rule": ("#d5c9a8", "#7a6d4e"),
    "summary-paper": ("#f6f6f6", "#2e2e2e"),
    "summary-rule": ("#888", "#9e9e9e"),
    "hairline": ("#eee", "#4a4a4a"),
    "error-ink": ("#922b21", "#ffb4ab"),
    "error-paper": ("#fdecea", "#4a1e1a"),
    "error-rule": ("#e6b0aa", "#a0524b"),
    "alert-ink": ("#9b2c2c", "#ffb4ab"),
    "alert-paper": ("#fff5f5", "#4a1e1a"),
    "alert-rule": ("#c53030", "#ff6b6b"),
    "warn-ink": ("#7e5109", "#f6d28b"),
    "warn-paper": ("#fef5e7", "#3d2e0f"),
    "verdict-rule": ("#276749", "#68d391"),
    "verdict-paper": ("#f0fff4", "#1c3324"),
    "verdict-ink": ("#22543d", "#b9f0c9"),
    "verdict-text": ("#1a202c", "#ececec"),
    # controls: buttons, chips, fields, tables
    "button-rule": ("#bbb", "#8a8a8a"),
    "button-paper": ("#f2f2f2", "#333"),
    "button-ink": ("#222", "#ececec"),
    "control-rule": ("#767676", "#9e9e9e"),
    "field-rule": ("#718096", "#9aa5b5"),
    "quiet-paper": ("#edf2f7", "#333a44"),
    "quiet-ink": ("#1a202c", "#ececec"),
    "chip-rule": ("#718096", "#9aa5b5"),
    "chip-paper": ("#fff", "#2a2a2a"),
    "chip-ink": ("#1a202c", "#ececec"),
    "chosen": ("#2b6cb0", "#2b6cb0"),
    "chosen-strong": ("#1a5fb4", "#1a5fb4"),
    "chosen-ink": ("#fff", "#fff"),
    "table-rule": ("#e2e8f0", "#555"),
    "frame": ("#cbd5e0", "#666"),
    # the static site's bar over each app and its start-up steps (template aristofarsa-static,
    # drawn before Python has started: af-theme.css there is css() written out, :func:`site_css`)
    "site-paper": ("#f3ede0", "#2b2925"),
    "site-rule": ("#d8d2c4", "#5a5a5a"),
    "site-link": ("#7a2e2e", "#f1a9a0"),
    "site-done": ("#2d6a2d", "#7bd88f"),
    # the focus ring (drawn inside the element) and its halo
    "focus": ("#1a5fb4", "#99c1f1"),
    "focus-halo": ("#fff", "#000"),
    "focus-strong": ("#2b6cb0", "#99c1f1"),
}

#: What each text colour is drawn on, for the contrast test: (text, background) by name; a
#: background ``page`` is the Jupyter theme's own (white, or JupyterLab Dark's greys).
TEXT_ON: tuple[tuple[str, str], ...] = (
    ("ink", "paper"), ("ink", "card-paper"), ("ink", "card-paper-noble"), ("ink", "lit-paper"),
    ("ink-soft", "card-paper"), ("ink-faint", "paper"), ("ink-faint", "step-paper"),
    ("card-muted", "card-paper"), ("card-muted", "card-paper-noble"),
    ("muted", "page"), ("muted-cool", "page"), ("note", "page"), ("label", "page"), ("link", "page"),
    ("link", "ref-paper"), ("ruling-link", "step-paper"), ("ruling-summary", "page"),
    ("secret", "step-paper"),
    ("good", "page"), ("bad", "page"), ("ink", "step-paper"), ("ink", "example-paper"),
    ("ink", "summary-paper"), ("ink", "ref-paper"),
    ("error-ink", "error-paper"), ("alert-ink", "alert-paper"), ("warn-ink", "warn-paper"),
    ("verdict-ink", "verdict-paper"), ("verdict-text", "verdict-paper"),
    ("button-ink", "button-paper"), ("quiet-ink", "quiet-paper"), ("chip-ink", "chip-paper"),
    ("chosen-ink", "chosen"), ("chosen-ink", "chosen-strong"),
    ("site-link", "site-paper"), ("note", "site-paper"), ("site-done", "page"), ("muted", "page"),
    *((f"seat-{k}", "page") for k in range(len(SEATS))),
)
#: The page backgrounds text may sit on: JupyterLab Light's white, Dark's greys
#: (``--jp-layout-color0`` to ``--jp-layout-color2``).
PAGES = (("#fff",), ("#111", "#212121", "#424242"))
#: Borders that tell where a control is (WCAG 1.4.11): at least 3:1 on the page.
BOUNDARIES = ("control-rule", "chip-rule", "field-rule", "focus")


def seat(k: int) -> Seat:
    """Seat ``k``'s colours (the palette repeats after six seats)."""
    return SEATS[k % len(SEATS)]


def seat_var(k: int | None) -> str:
    """A seat's colour in the apps' HTML: ``var(--af-seat-K)`` (the seat's frame colour in
    the light theme, its light fill in the dark one, so that as text it reads on the page);
    no seat: ``var(--af-seat-none)``."""
    if k is None or k < 0:
        return "var(--af-seat-none)"
    return f"var(--af-seat-{k % len(SEATS)})"


def values(dark: bool = False) -> dict[str, str]:
    """Every ``--af-…`` property's value in one theme, seats included (name without ``--af-``)."""
    out = {name: pair[1 if dark else 0] for name, pair in COLOURS.items()}
    for k, s in enumerate(SEATS):
        out[f"seat-{k}"] = s.fill if dark else s.border
    return out


def css() -> str:
    """The theme as CSS: the light values on ``:root``, the dark ones under JupyterLab's dark
    theme (its ``data-jp-theme-light="false"`` on the page's ``body``)."""
    def block(selector: str, dark: bool) -> str:
        props = " ".join(f"--af-{name}: {value};" for name, value in values(dark).items())
        return f"{selector} {{ {props} }}"
    return ("/* The apps' colours (render/theme.py): light, then JupyterLab's dark theme */\n"  # i18n: code
            + block(":root", False) + "\n" + block('[data-jp-theme-light="false"]', True) + "\n")


def luminance(colour: str) -> float:
    """WCAG's relative luminance of ``#rgb``, ``#rrggbb``, ``white`` or ``black``."""
    colour = {"white": "#fff", "black": "#000"}.get(colour, colour)
    digits = colour.lstrip("#")
    if len(digits) == 3:
        digits = "".join(c * 2 for c in digits)
    channels = [int(digits[i:i + 2], 16) / 255 for i in (0, 2, 4)]
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(a: str, b: str) -> float:
    """WCAG's contrast ratio of two colours (1 to 21)."""
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


#: The static site's copy of :func:`css` (its pages draw the site bar and the start-up steps
#: before Python has started, so before the apps' stylesheet): the template includes it.
SITE_CSS = "serving/jupyter/voila/templates/aristofarsa-static/af-theme.css"


def site_css() -> str:
    """What the static site's ``af-theme.css`` holds: :func:`css`. Written by
    ``python -m aristofarsa.render.theme`` (and checked by ``tests/test_theme.py``)."""
    return css()


if __name__ == "__main__":      # python -m aristofarsa.render.theme: write the site's copy
    from pathlib import Path

    Path(__file__).resolve().parents[1].joinpath(SITE_CSS).write_text(site_css(), encoding="utf-8")
