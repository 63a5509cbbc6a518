"""The apps' one theme (``render/theme.py``; issue 24 item 5, issue 27's dark theme): every
colour is written there and nowhere else, and every text colour reads (WCAG 1.4.3: 4.5:1) on
what it is drawn on, in the light theme and in JupyterLab's dark one."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from aristofarsa.render import theme

ROOT = Path(__file__).resolve().parents[1]


contrast = theme.contrast


def test_contrast_helper_is_wcags():
    assert round(contrast("#fff", "#000"), 1) == 21.0
    assert round(contrast("#777", "#fff"), 2) == 4.48          # the well-known just-too-light grey


@pytest.mark.parametrize("dark", [False, True], ids=["light", "dark"])
def test_every_text_colour_reads_on_its_background_in_both_themes(dark):
    values = theme.values(dark)
    pages = theme.PAGES[1 if dark else 0]
    low = []
    for text, under in theme.TEXT_ON:
        backgrounds = pages if under == "page" else (values[under],)
        for background in backgrounds:
            ratio = contrast(values[text], background)
            if ratio < 4.5:
                low.append(f"--af-{text} {values[text]} on {under} {background}: {ratio:.2f}")
    assert not low, "under 4.5:1:\n" + "\n".join(low)


@pytest.mark.parametrize("dark", [False, True], ids=["light", "dark"])
def test_control_boundaries_stand_out_from_the_page(dark):
    """WCAG 1.4.11: a button's, chip's or field's border and the focus ring 3:1 on the page."""
    values = theme.values(dark)
    low = [f"--af-{name} {values[name]} on {page}: {contrast(values[name], page):.2f}"
           for name in theme.BOUNDARIES for page in theme.PAGES[1 if dark else 0]
           if contrast(values[name], page) < 3]
    assert not low, low


def test_the_css_has_both_themes_and_every_name_the_stylesheets_use():
    css = theme.css()
    light, dark = css.split('[data-jp-theme-light="false"]')
    assert ":root" in light and "--af-seat-0: #2b6cb0;" in light and "--af-seat-0: #dbe9f6;" in dark
    defined = set(re.findall(r"--af-([a-z0-9-]+):", light))
    assert defined == set(re.findall(r"--af-([a-z0-9-]+):", dark))
    folder = ROOT / "aristofarsa"
    used = {name for path in [*folder.rglob("*.py"), *folder.rglob("*.css"), *folder.rglob("*.j2")]
            for name in re.findall(r"var\(--af-([a-z0-9-]+)", path.read_text(encoding="utf-8"))}
    assert used, "no stylesheet uses the theme"
    # --af-colour is a slot's own (set in its style attribute to a seat's var); --af-seat-K is made
    assert not (used - defined - {"colour", "seat-"}), f"used but not in the theme: {used - defined}"
    assert not (set(theme.COLOURS) - used), f"in the theme but used nowhere: {set(theme.COLOURS) - used}"


def test_the_stylesheet_starts_with_the_theme():
    from aristofarsa.render.html import stylesheet

    assert stylesheet().startswith("<style>\n" + theme.css())


def test_seat_colours_are_one_palette():
    assert theme.seat(7) == theme.SEATS[1]
    assert theme.seat_var(7) == "var(--af-seat-1)" and theme.seat_var(None) == "var(--af-seat-none)"
    for k, s in enumerate(theme.SEATS):
        assert theme.values()[f"seat-{k}"] == s.border and theme.values(True)[f"seat-{k}"] == s.fill
        assert contrast(s.fill, "#000") >= 4.5 and contrast(s.border, "#fff") >= 4.5


# --------------------------------------------------------------- no colour outside the theme
#: A colour written as a literal: #rgb, #rrggbb (#rgba, #rrggbbaa), rgb()/rgba()/hsl(), or a CSS
#: colour name after a colour property (``color:``, ``fill=``, ``background:`` ...).
HEX = re.compile(r"(?<![&\w])#(?:[0-9a-fA-F]{8}|[0-9a-fA-F]{6}|[0-9a-fA-F]{3,4})\b")
FUNCTION = re.compile(r"\b(?:rgba?|hsla?)\(")
NAMED = re.compile(r"(?:color|colour|fill|stroke|background|bgcolor|fontcolor|border(?:-\w+)?)"
                   r"\s*[:=]\s*[\"']?"
                   r"(?:[^;\"'>]*\s)?(white|black|red|green|blue|gr[ae]y|orange|gold|yellow|purple|navy|"
                   r"silver|maroon|teal|tab:\w+)\b", re.IGNORECASE)
#: Files that may write colours, and why.
ALLOWED = {
    "aristofarsa/render/theme.py": "the theme itself",
    # Pages drawn without the apps' stylesheet (no kernel, no widget): the server's "busy"
    # page, the landing page, the load-problem banners shown when the app never starts, the
    # static site's loading screen. Each is one self-contained HTML page of the template.
    "aristofarsa/serving/jupyter/voila/templates/aristofarsa/busy.html": "no stylesheet (server busy)",
    "aristofarsa/serving/jupyter/voila/templates/aristofarsa/tree.html": "no stylesheet (landing page)",
    "aristofarsa/serving/jupyter/voila/templates/aristofarsa/page_problems.html.j2":
        "no stylesheet (the app did not start)",
    "aristofarsa/serving/jupyter/voila/templates/aristofarsa-static/page_problems.html.j2":
        "no stylesheet (the app did not start)",
    "aristofarsa/serving/jupyter/voila/templates/aristofarsa-static/af-theme.css":
        "the theme's CSS written out for the static site (test_the_static_site_has_the_theme)",
}


def colour_literals(text: str) -> list[str]:
    found = [m.group(0) for m in HEX.finditer(text)] + [m.group(0) for m in FUNCTION.finditer(text)]
    return found + [m.group(1) for m in NAMED.finditer(text)]


def test_the_literal_finder_finds_colours():
    assert colour_literals("a { color: #1a5fb4; background: rgb(1, 2, 3); }") == ["#1a5fb4", "rgb("]
    assert colour_literals("fill='#fff' stroke=\"white\"") == ["#fff", "white"]
    assert colour_literals("border: 1px solid grey") == ["grey"]
    assert colour_literals("&#9654; #af-probe .x { color: var(--af-ink) }") == []


def test_no_colour_literal_outside_the_theme():
    folder = ROOT / "aristofarsa"
    found = {}
    for path in sorted(folder.rglob("*")):
        if path.suffix not in {".py", ".css", ".j2", ".html", ".js", ".ipynb"} or not path.is_file():
            continue
        name = path.relative_to(ROOT).as_posix()
        if name in ALLOWED:
            continue
        literals = colour_literals(path.read_text(encoding="utf-8"))
        if literals:
            found[name] = literals
    assert not found, f"colours written outside render/theme.py: {found}"


def test_the_static_site_has_the_theme():
    """The static site's bar and start-up steps show before Python starts, so before the apps'
    stylesheet: its template includes the theme's CSS written out (``af-theme.css``), which is
    the theme's own, and takes every colour from it (no literal: the test above)."""
    folder = ROOT / "aristofarsa" / "serving" / "jupyter" / "voila" / "templates" / "aristofarsa-static"
    written = (ROOT / "aristofarsa" / theme.SITE_CSS).read_text(encoding="utf-8")
    assert written == theme.site_css() == theme.css(), (
        "af-theme.css is stale: run python -m aristofarsa.render.theme")
    page = (folder / "index.html.j2").read_text(encoding="utf-8")
    assert "{% include 'af-theme.css' %}" in page
    assert "var(--af-site-paper)" in page and "var(--af-site-link)" in page
    assert not colour_literals(page)
