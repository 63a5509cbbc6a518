"""Accessibility of the six apps in a real browser (issue 27; docs/apps.md, "Accessibility").

* ``test_axe_every_app_and_interaction``: axe-core (the copy pinned with the test extra's
  ``axe-playwright-python``), WCAG 2.0 / 2.1 / 2.2 A and AA rules, over every app at 1366 and
  390 px, on its first screen and after its main interactions; each violation printed with
  its elements; none allowed. A scan runs only once the app is on screen (Voila hides the
  cells until the page is rendered: a hidden page would pass). The page's own frame is
  checked there too: ``lang``, a title naming the app, one ``main`` landmark with a heading,
  no positive tabindex, no sideways scrolling.
  Each app is scanned in JupyterLab's dark theme too (first screen and after an
  interaction; the theme as Voila's lab template writes it for ``?theme=dark``, the way a
  Binder or JupyterLab page gets it: ``aristofarsa serve`` ignores ``?theme=``, and the page
  template takes it out of the address, which this test checks as well). The focus ring of
  every kind of control (button, chip, tab, slider handle, dropdown, text field, section
  header, ``<summary>``, link) is measured in the page: an outline of at least 2 px, 3:1
  against what is under it; screenshots of each go to ``$AF_SCREENSHOTS`` when it is set.
* ``test_keyboard_journeys``: with the keyboard alone (Tab, Shift+Tab, Enter, Space, arrows),
  open a lesson in the Lab and step to its end; tap chips and enter and resolve a four-player
  round in the Dispute resolver; answer and check a Learn quiz question; play a move in
  Play. Every stop on the way shows a focus ring; the step and the verdict reach the live
  region. Screenshots of focus states go to ``$AF_SCREENSHOTS`` when it is set.

The Dispute, Learn and Exiled screens are reached through the contract's hooks
(the apps contract's hooks: af-line, af-quiz-check, af-winners ...), not their layout.
"""
from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest

from aristofarsa.core.messages import text
from aristofarsa.render.theme import contrast

from . import test_phone as phone
from .conftest import _page

pytestmark = pytest.mark.browser

TIMEOUT_MS = 90_000
#: Opening a page: each of the six needs a kernel of its own, started while the machine runs
#: the rest of the suite (a loaded 2-core machine has taken over 90 s).
LOAD_MS = 180_000
SHOTS = Path(os.environ["AF_SCREENSHOTS"]) if os.environ.get("AF_SCREENSHOTS") else None
WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"]
TITLES = {"learn": "Learn the rules", "lab": "Scenario Lab", "play": "Play a game",
          "dispute": "Dispute resolver", "graphs": "Effect graphs", "exiled": "The Exiled expansion"}
#: Some af-winners on the page names this winner.
WON = "w => [...document.querySelectorAll('.af-winners')].some(e => e.innerText.includes(w))"
#: A four-player round in the one-line notation (b13-bishop-chain): Dora's Knight wins.
LINE = ("Ana: Servant, Witch on Dora -5, hand Bishop; Bruno: Merchant, Bishop on Ana, hand Rogue; "
        "Caio: Jester, Bishop on Bruno, hand Servant; Dora: Knight, Bishop on Caio, hand Damsel")


def axe_source() -> str:
    try:
        import axe_playwright_python
    except ImportError:
        pytest.skip("axe-playwright-python is missing (pip install 'aristofarsa[test]')")
    return (Path(axe_playwright_python.__file__).parent / "axe.min.js").read_text(encoding="utf-8")


def scan(page, where: str, within: str = "") -> list[str]:
    """axe-core's WCAG A/AA violations on the page as it is now (or in the element ``within``
    selects), one line per element."""
    page.wait_for_timeout(300)                      # the template's observer runs on the next frame
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.evaluate(axe_source())
    result = page.evaluate("([tags, within]) => axe.run(within ? document.querySelector(within) : document,"
                           " {runOnly: {type: 'tag', values: tags}, resultTypes: ['violations']})",
                           [WCAG_TAGS, within])
    return [f"{where}: {v['id']} ({v['impact']}): {' '.join(map(str, n['target']))}: {n['html'][:200]}"
            f"\n    {' '.join((n.get('failureSummary') or '').split())}"
            for v in result["violations"] for n in v["nodes"]]


def dark_theme_css() -> str:
    """JupyterLab Dark's variables, the file Voila's lab template puts in a page for ``?theme=dark``."""
    from jupyter_core.paths import jupyter_path

    for folder in jupyter_path("nbconvert", "templates", "lab", "static"):
        if (Path(folder) / "theme-dark.css").is_file():
            return (Path(folder) / "theme-dark.css").read_text(encoding="utf-8")
    pytest.skip("JupyterLab's dark theme (nbconvert's lab template) is not installed")


#: Switch the page to JupyterLab's dark theme (css given) or back to the light one (null), as
#: Voila's lab template writes a ``?theme=dark`` page: the theme's variables and the body's
#: ``data-jp-theme-light``; waits for the next frame.
THEME_JS = """css => new Promise(done => {
  let style = document.getElementById('af-test-dark');
  if (css && !style) { style = document.createElement('style'); style.id = 'af-test-dark';
                       document.head.appendChild(style); }
  if (css) { style.textContent = css; } else if (style) { style.remove(); }
  document.body.dataset.jpThemeLight = css ? 'false' : 'true';
  document.body.dataset.jpThemeName = css ? 'JupyterLab Dark' : 'JupyterLab Light';
  requestAnimationFrame(() => done(getComputedStyle(document.body).getPropertyValue('--af-ink').trim()));
})"""


def scan_both_themes(page, where: str, light: bool = True) -> list[str]:
    """The axe scan in the light theme (unless ``light`` is false: scanned already), then in
    JupyterLab's dark one (then light again)."""
    found = scan(page, where) if light else []
    ink = page.evaluate(THEME_JS, dark_theme_css())
    try:
        assert ink == "#ececec", f"{where}: the dark theme's colours are not on (--af-ink is {ink!r})"
        found += scan(page, f"{where}, dark theme")
    finally:
        page.evaluate(THEME_JS, None)
    return found


FRAME_JS = """() => {
  const main = document.querySelectorAll('main, [role=main]');
  const heading = main.length ? main[0].querySelector('h1, h2') : null;
  return {lang: document.documentElement.lang, title: document.title, mains: main.length,
          heading: heading ? heading.textContent.trim() : '',
          positive: [...document.querySelectorAll('[tabindex]')].filter(e => e.tabIndex > 0).length,
          sideways: document.documentElement.scrollWidth - window.innerWidth};
}"""


def open_app(page, base: str, app: str, query: str = "") -> None:
    """Open an app and wait until it is on screen with its text (never scan a hidden page);
    the response is kept (``page.af_response``) for test_phone.py's checks."""
    page.af_response = page.goto(f"{base}voila/render/{app}.ipynb{query}", timeout=LOAD_MS)
    page.wait_for_selector("#rendered_cells", state="visible", timeout=LOAD_MS)
    page.wait_for_selector(".af-app, .af-learn", state="visible", timeout=LOAD_MS)
    assert page.locator(".af-app, .af-learn").first.inner_text().strip(), f"{app}: the app shows no text"
    frame = page.evaluate(FRAME_JS)
    assert frame["lang"] == "en", f"{app}: <html lang> is {frame['lang']!r}"
    assert TITLES[app] in frame["title"], f"{app}: the title {frame['title']!r} does not name the app"
    assert frame["mains"] == 1 and frame["heading"] == TITLES[app], f"{app}: {frame}"
    assert frame["positive"] == 0, f"{app}: a positive tabindex breaks the reading order"
    live = page.locator("#af-announce")                 # where steps and verdicts are said
    assert live.get_attribute("role") == "status" and live.get_attribute("aria-live") == "polite"


def no_sideways_scroll(page, where: str) -> None:
    frame = page.evaluate(FRAME_JS)
    assert frame["sideways"] <= 1, f"{where}: the page scrolls sideways by {frame['sideways']} px"
    if page.viewport_size["width"] >= 1280:     # a laptop: the same page at 200 % zoom too
        at_double_zoom(page, where)


#: Visible controls and texts of the app whose right edge lies past the window (cut off), apart
#: from those inside a box that scrolls sideways on purpose (a wide table or graph).
CUT_OFF_JS = """() => [...document.querySelectorAll(['.af-app button', '.af-app input', '.af-app select',
  '.af-app .widget-label', '.af-app p', '.af-app li', '.af-learn button', '.af-learn p'].join(', '))]
  .filter(e => { const r = e.getBoundingClientRect(); if (!r.width || !r.height) return false;
    for (let p = e.parentElement; p; p = p.parentElement) {
      const o = getComputedStyle(p).overflowX; if (o === 'auto' || o === 'scroll') return false; }
    return r.right > window.innerWidth + 1; })
  .map(e => e.outerHTML.slice(0, 100))"""


def at_double_zoom(page, where: str) -> None:
    """WCAG 1.4.4 / 1.4.10: a 1366 x 900 laptop at 200 % zoom is a 683 x 450 CSS-pixel window;
    the page must not scroll sideways and no control or text may be cut off at its right edge."""
    size = page.viewport_size
    page.set_viewport_size({"width": size["width"] // 2, "height": size["height"] // 2})
    try:
        page.wait_for_timeout(300)                 # the widgets lay themselves out again
        frame = page.evaluate(FRAME_JS)
        assert frame["sideways"] <= 1, f"{where} at 200 %: scrolls sideways by {frame['sideways']} px"
        cut = page.evaluate(CUT_OFF_JS)
        assert not cut, f"{where} at 200 %: cut off at the right edge: {cut[:5]}"
    finally:
        page.set_viewport_size(size)


def open_sections(page) -> None:
    """Open every closed Accordion section on screen (what-if, variants, build the round ...)."""
    for _ in range(6):
        closed = page.locator(".jupyter-widget-Collapse-header[aria-expanded=false]:visible")
        if not closed.count():
            return
        closed.first.click()
        page.wait_for_timeout(400)


#: The selected tab's pane (built when first selected) shows its text.
SHOWN_PANE_JS = """tab => tab.classList.contains('lm-mod-current') && [...tab.closest('.widget-tab')
  .querySelectorAll(':scope > .widget-tab-contents > :not(.lm-mod-hidden)')].some(p => p.innerText.trim())"""


def each_tab(page, where: str, found: list[str]) -> None:
    """Select every other tab of the app's tab bar in turn (the first is the first screen,
    scanned already), scanning each once its pane shows."""
    tabs = page.locator(".lm-TabBar-tab:visible")
    for k in range(1, tabs.count()):
        name = tabs.nth(k).inner_text().strip()
        tabs.nth(k).click()
        page.wait_for_function(SHOWN_PANE_JS, arg=tabs.nth(k).element_handle())
        found += scan(page, f"{where}, tab {name!r}")


def check_quiz_by_mouse(page, where: str) -> None:
    page.locator(".lm-TabBar-tab", has_text="Quiz").first.click()
    page.wait_for_selector(".af-quiz-check:visible", timeout=TIMEOUT_MS)
    # the "?" chip (no answer yet) is said by a name, not as "question mark"
    unknown = page.locator(".af-quiz-next-first [role=radio]").first
    assert unknown.inner_text().strip() == "?" and unknown.get_attribute("aria-label") == "No answer yet"
    focus_rings(page, "learn", where)
    choice = page.locator(".af-quiz-question ~ * .widget-toggle-button:visible, "
                          ".widget-toggle-button:visible").first
    choice.click()
    page.locator(".af-quiz-check:visible").first.click()
    page.wait_for_selector(".af-quiz-feedback:visible", timeout=TIMEOUT_MS)
    page.wait_for_function("() => document.querySelector('.af-quiz-feedback').innerText.trim().length > 0",
                           timeout=TIMEOUT_MS)


#: Focus the first visible element ``selector`` finds (after a key press: the browser then shows
#: the focus as it would to a keyboard user) and read its ring: the outline, the halo drawn
#: with it (``box-shadow``), and the colour under the ring (the halo, else the element's own
#: background or the nearest one behind it).
RING_JS = """selector => {
  const el = [...document.querySelectorAll(selector)].find(e => e.getClientRects().length &&
    getComputedStyle(e).visibility !== 'hidden');
  if (!el) return null;
  el.scrollIntoView({block: 'center'});
  el.focus();
  if (document.activeElement !== el) return {what: el.outerHTML.slice(0, 120), focused: false};
  const s = getComputedStyle(el);
  let under = 'rgba(0, 0, 0, 0)';
  for (let e = el; e && /^rgba\\(.*, 0\\)$|transparent/.test(under); e = e.parentElement) {
    under = getComputedStyle(e).backgroundColor; }
  if (/^rgba\\(.*, 0\\)$|transparent/.test(under)) under = 'rgb(255, 255, 255)';
  const r = el.getBoundingClientRect();
  return {what: el.outerHTML.slice(0, 120), focused: true, visible: el.matches(':focus-visible'),
          style: s.outlineStyle, width: parseFloat(s.outlineWidth), ring: s.outlineColor,
          shadow: s.boxShadow, under, box: [r.x, r.y, r.width, r.height]};
}"""
#: Every kind of control that takes the focus, by app: (kind, selector).
FOCUS_KINDS = {
    "lab": [("button", ".af-next"), ("slider", ".af-slider .noUi-handle"), ("dropdown", ".af-viewer select"),
            ("summary", ".af-app summary"), ("section header", ".jupyter-widget-Collapse-header"),
            ("chip", ".af-build [role=radio][tabindex='0']"),
            ("text field", ".af-line input, .af-line textarea"), ("link", ".af-app a[href]")],
    "learn": [("tab", ".lm-TabBar-tab.lm-mod-current"),
              ("chip", ".af-quiz-next-first [role=radio][tabindex='0']"),
              ("button", ".af-quiz-check"), ("number field", ".af-prestige-input input")],
    "play": [("move button", ".af-actions button:not([disabled])")],
    "dispute": [("chip", ".af-build [role=radio][tabindex='0']"), ("button", ".af-line-go")],
    "graphs": [("dropdown", ".af-filter-ruling select")],
    "exiled": [("tab", ".lm-TabBar-tab.lm-mod-current")],
}


#: The edge of the first visible ``selector``: its border and the colour behind the element.
EDGE_JS = """selector => {
  const el = [...document.querySelectorAll(selector)].find(e => e.getClientRects().length);
  if (!el) return null;
  const s = getComputedStyle(el);
  let under = 'rgba(0, 0, 0, 0)';
  for (let e = el.parentElement; e && /^rgba\\(.*, 0\\)$|transparent/.test(under); e = e.parentElement) {
    under = getComputedStyle(e).backgroundColor; }
  if (/^rgba\\(.*, 0\\)$|transparent/.test(under)) under = 'rgb(255, 255, 255)';
  return {width: parseFloat(s.borderTopWidth), style: s.borderTopStyle, colour: s.borderTopColor, under,
          what: el.outerHTML.slice(0, 120)};
}"""


def edge_shows(page, selector: str, where: str) -> None:
    """WCAG 1.4.11: the control's edge is drawn, at least 3:1 against the page behind it."""
    edge = page.evaluate(EDGE_JS, selector)
    assert edge and edge["style"] != "none" and edge["width"] >= 1, f"{where}: {selector} has no edge: {edge}"
    ratio = contrast(rgb(edge["colour"]), rgb(edge["under"]))
    assert ratio >= 3, f"{where}: {selector}'s edge is {ratio:.1f}:1 on the page: {edge}"


def rgb(css: str) -> str:
    """"rgb(26, 95, 180)" -> "#1a5fb4"."""
    numbers = [int(float(n)) for n in re.findall(r"[\d.]+", css)[:3]]
    return "#" + "".join(f"{n:02x}" for n in numbers)


def focus_rings(page, app: str, where: str) -> None:
    """Each kind of control of ``app`` shows a focus ring: an outline at least 2 px wide, of
    at least 3:1 against what it is drawn on (WCAG 2.4.7, 1.4.11); a screenshot of each."""
    page.keyboard.press("Tab")                  # the browser now shows focus as to a keyboard user
    for kind, selector in FOCUS_KINDS[app]:
        ring = page.evaluate(RING_JS, selector)
        assert ring is not None, f"{where}: no {kind} ({selector}) on screen"
        assert ring["focused"] and ring["visible"], f"{where}: the {kind} takes no visible focus: {ring}"
        assert ring["style"] != "none" and ring["width"] >= 2, f"{where}: the {kind} shows no ring: {ring}"
        halo = re.match(r"(rgba?\([^)]*\))", ring["shadow"] or "")
        under = halo.group(1) if halo else ring["under"]
        ratio = contrast(rgb(ring["ring"]), rgb(under))
        assert ratio >= 3, f"{where}: the {kind}'s ring is {ratio:.1f}:1 on what is under it: {ring}"
        if SHOTS is not None:
            x, y, w, h = ring["box"]
            view = page.viewport_size
            left, top = max(0, x - 60), max(0, y - 40)
            clip = {"x": left, "y": top, "width": min(view["width"] - left, w + 120),
                    "height": min(view["height"] - top, h + 80)}
            if clip["width"] > 0 and clip["height"] > 0:
                SHOTS.mkdir(parents=True, exist_ok=True)
                page.screenshot(path=str(SHOTS / f"focus-{where}-{kind}.png".replace(" ", "-")), clip=clip)


def opened(page, app_server: str, app: str, width: int, query: str = "") -> list[str]:
    """Open ``app`` (with ``query``): the axe scan of its first screen in both themes (what it
    finds), and at 390 px test_phone.py's checks of the page just opened."""
    open_app(page, app_server, app, query)
    found = scan_both_themes(page, f"{app}@{width}")
    phone_first_screen(page, app)
    return found


def phone_first_screen(page, app: str) -> None:
    """At 390 px, test_phone.py's checks of the page just opened (one page load serves both)."""
    if page.viewport_size["width"] == phone.WIDTH:
        phone.first_screen_fits(page, app, page.af_response)


def phone_tabs_and_builder(page, app: str) -> None:
    """At 390 px, test_phone.py's checks in each tab and in the round builder."""
    if page.viewport_size["width"] == phone.WIDTH:
        phone.every_tab_and_builder_fit(page, app)


#: One test per app and width (xdist spreads them over its processes): each opens its app in a
#: fresh page of its own (conftest.py's: any request leaving 127.0.0.1 fails the test). At
#: 390 px the same page load also takes test_phone.py's checks (the page fits a phone).
@pytest.mark.parametrize("app", ["learn", "lab", "play", "dispute", "graphs", "exiled"])
@pytest.mark.parametrize("width", [1366, 390])
def test_axe_every_app_and_interaction(app_server, browser, width, app):
    context, page = _page(browser, width, 900)
    found: list[str] = []
    try:
        AXE_JOURNEYS[app](page, app_server, width, found)
        no_sideways_scroll(page, f"{app}@{width}")
    finally:
        context.close()
    assert not page.af_foreign, f"requests left 127.0.0.1: {page.af_foreign}"
    assert not found, f"{len(found)} WCAG A/AA violations (axe-core):\n" + "\n".join(found)


def _axe_learn(page, app_server: str, width: int, found: list[str]) -> None:
    """Learn: every tab, then a quiz question answered and checked."""
    open_app(page, app_server, "learn", "?theme=dark&x=1")   # ignored: served light (issue 12)
    assert page.evaluate("() => document.body.dataset.jpThemeLight") == "true"
    # ... and taken out of the address (the static site's Voici would look for a dark theme)
    assert page.evaluate("() => window.location.search") == "?x=1"
    # the scan itself can fail: a picture with no text alternative, put in and taken out
    page.evaluate("() => document.querySelector('main').insertAdjacentHTML('beforeend',"
                  " '<img id=af-probe src=\"data:,\" width=20 height=20>')")
    assert any("image-alt" in line for line in scan(page, "probe", "#af-probe"))
    page.evaluate("() => document.getElementById('af-probe').remove()")
    found += scan_both_themes(page, f"learn@{width}")
    phone_first_screen(page, "learn")
    phone_tabs_and_builder(page, "learn")
    each_tab(page, f"learn@{width}", found)
    check_quiz_by_mouse(page, f"learn@{width}")
    found += scan_both_themes(page, f"learn@{width}, quiz checked")


def _axe_lab(page, app_server: str, width: int, found: list[str]) -> None:
    """Lab: a lesson opened, stepped to the end, the graph shown, the builder open."""
    found += opened(page, app_server, "lab", width, "?lesson=b13-bishop-chain")
    page.locator(".af-next").first.click()
    page.wait_for_function("() => document.querySelector('.af-step').innerText.includes('Step 2 of')")
    if width == phone.WIDTH:                         # one step on, the Lab still fits a phone
        phone.fits(page, ("lab", "Step 2"))
    phone_tabs_and_builder(page, "lab")
    page.locator(".af-last").first.click()
    page.wait_for_selector(".af-winners .af-winners-box", timeout=TIMEOUT_MS)
    page.wait_for_selector(".af-graph svg:visible", timeout=TIMEOUT_MS)
    page.keyboard.press("Shift+Tab")                 # from ▶| back to ▶: the focus ring shows
    focus = page.evaluate(FOCUS_JS)
    assert focus and focus["ring"] and "af-next" in focus["cls"], focus
    shot(page, f"lab-next-focus-{width}")
    assert "Effect graph" in page.locator(".af-graph [role=img]:visible").get_attribute("aria-label")
    open_sections(page)
    page.wait_for_selector(".af-build .widget-toggle-buttons", timeout=TIMEOUT_MS)
    found += scan_both_themes(page, f"lab@{width}, stepped to the end, builder open")
    focus_rings(page, "lab", f"lab@{width}")
    page.evaluate(THEME_JS, dark_theme_css())
    focus_rings(page, "lab", f"lab@{width}-dark")
    edge_shows(page, ".af-first", f"lab@{width}-dark")
    page.evaluate(THEME_JS, None)
    edge_shows(page, ".af-upload", f"lab@{width}")   # the upload button, drawn like the others
    assert page.locator(".af-upload").first.evaluate(
        "e => getComputedStyle(e, '::after').content") == json.dumps(text("round-opener.upload"))


def _axe_play(page, app_server: str, width: int, found: list[str]) -> None:
    """Play: a move."""
    found += opened(page, app_server, "play", width, "?players=4&seed=7&bots=random")
    phone_tabs_and_builder(page, "play")
    assert "Seat ring: Ana" in page.locator(".af-seats[role=img]").first.get_attribute("aria-label")
    focus_rings(page, "play", f"play@{width}")
    page.evaluate("() => document.activeElement.blur()")
    edge_shows(page, ".af-actions button:not([disabled])", f"play@{width}")   # a move, unfocused
    before = page.locator(".af-hand").inner_text()
    page.locator(".af-actions button:not([disabled])").first.click()
    page.wait_for_function("t => document.querySelector('.af-hand').innerText !== t", arg=before)
    open_sections(page)
    found += scan_both_themes(page, f"play@{width}, a move played, new game form open")


def _axe_dispute(page, app_server: str, width: int, found: list[str]) -> None:
    """Dispute: a round entered in one line and resolved, every section open."""
    found += opened(page, app_server, "dispute", width)
    focus_rings(page, "dispute", f"dispute@{width}")
    page.locator(".af-line input, .af-line textarea").first.fill(LINE)
    page.locator(".af-line-go").first.click()
    page.wait_for_function(WON, arg="Dora's Knight")
    if width == phone.WIDTH:                         # b13-bishop-chain's verdict fits a phone
        phone.fits(page, ("dispute", "b13-bishop-chain resolved"))
    phone_tabs_and_builder(page, "dispute")
    open_sections(page)
    found += scan_both_themes(page, f"dispute@{width}, resolved, sections open")


def _axe_graphs(page, app_server: str, width: int, found: list[str]) -> None:
    """Graphs: a filter."""
    found += opened(page, app_server, "graphs", width)
    phone_tabs_and_builder(page, "graphs")
    focus_rings(page, "graphs", f"graphs@{width}")
    count = page.locator(".af-count").inner_text()
    page.locator(".af-filter-ruling select").select_option(index=1)
    page.wait_for_function("t => document.querySelector('.af-count').innerText !== t", arg=count)
    assert page.locator(".af-graph [role=img][aria-label^='Effect graph']:visible").count() >= 1
    found += scan_both_themes(page, f"graphs@{width}, filtered")


def _axe_exiled(page, app_server: str, width: int, found: list[str]) -> None:
    """Exiled: every tab."""
    found += opened(page, app_server, "exiled", width)
    phone_tabs_and_builder(page, "exiled")
    focus_rings(page, "exiled", f"exiled@{width}")
    each_tab(page, f"exiled@{width}", found)
    found += scan_both_themes(page, f"exiled@{width}, last tab", light=False)


AXE_JOURNEYS = {"learn": _axe_learn, "lab": _axe_lab, "play": _axe_play, "dispute": _axe_dispute,
                "graphs": _axe_graphs, "exiled": _axe_exiled}


# ----------------------------------------------------------------------- the keyboard alone
FOCUS_JS = """() => {
  const el = document.activeElement;
  if (!el || el === document.body) return null;
  const s = getComputedStyle(el);
  const ring = s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 2;
  const r = el.getBoundingClientRect();
  return {ring, visible: r.width > 0 && r.height > 0,
          what: el.outerHTML.slice(0, 120), cls: String(el.className), top: r.top + window.scrollY};
}"""


def tab_to(page, selector: str, *, shift: bool = False, limit: int = 80, visited: list | None = None) -> None:
    """Press Tab (or Shift+Tab) until the focused element is (inside) ``selector``; every stop on
    the way must show a focus ring."""
    for _ in range(limit):
        page.keyboard.press("Shift+Tab" if shift else "Tab")
        focus = page.evaluate(FOCUS_JS)
        if focus is None:
            continue
        assert focus["visible"] and focus["ring"], f"focus not visible on {focus['what']}"
        if visited is not None:
            visited.append(focus)
        if page.evaluate("s => !!document.activeElement.closest(s)", selector):
            return
    raise AssertionError(f"{limit} presses of {'Shift+' if shift else ''}Tab never reached {selector}")


def shot(page, name: str) -> None:
    if SHOTS is not None:
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / f"a11y-{name}.png"))


#: Keeps every text the live region is given (window.afSaid), so a check never misses an
#: announcement that a later one replaced before the check looked (a loaded machine).
RECORD_ANNOUNCEMENTS_JS = """
window.afSaid = [];
new MutationObserver(() => {
  const box = document.getElementById('af-announce');
  if (box && box.textContent && window.afSaid[window.afSaid.length - 1] !== box.textContent) {
    window.afSaid.push(box.textContent);
  }
}).observe(document, {childList: true, subtree: true, characterData: true});
"""


def announced(page, text: str) -> None:
    """``text`` was announced by the live region since the page opened (the page's context
    records announcements: RECORD_ANNOUNCEMENTS_JS)."""
    page.wait_for_function("t => window.afSaid.some(said => said.includes(t))", arg=text,
                           timeout=TIMEOUT_MS)


#: Under prefers-reduced-motion an element that asks for a 2 s transition and animation gets none.
REDUCED_MOTION_JS = """() => {
  const probe = document.createElement('div');
  probe.style.cssText = 'transition: opacity 2s; animation: af-probe 2s infinite';
  document.querySelector('main').appendChild(probe);
  const s = getComputedStyle(probe);
  const still = parseFloat(s.transitionDuration) <= 0.0001 && parseFloat(s.animationDuration) <= 0.0001;
  probe.remove();
  return still;
}"""


@pytest.mark.parametrize("journey", ["lab", "dispute", "learn", "play"])
@pytest.mark.parametrize("width", [1366])
def test_keyboard_journeys(app_server, browser, width, journey):
    """Run with prefers-reduced-motion: reduce (nothing may move then). One test per app (xdist
    spreads them over its processes), each in a fresh page of its own."""
    context = browser.new_context(viewport={"width": width, "height": 900}, reduced_motion="reduce")
    context.set_default_timeout(TIMEOUT_MS)
    context.add_init_script(RECORD_ANNOUNCEMENTS_JS)
    page = context.new_page()
    try:
        KEYBOARD_JOURNEYS[journey](page, app_server)
        if journey == "learn":
            assert page.evaluate(REDUCED_MOTION_JS), "a transition or animation runs under reduced motion"
    finally:
        context.close()


def _lab_by_keyboard(page, base: str) -> None:
    """Open a lesson from the lesson list, then step to its end: Tab, arrows, Enter, Space."""
    open_app(page, base, "lab")
    visited: list[dict] = []
    tab_to(page, ".af-lesson-list select", visited=visited)
    tops = [v["top"] for v in visited]
    assert tops == sorted(tops) or max(a - b for a, b in zip(tops, tops[1:], strict=False)) < 400, \
        f"Tab went backwards up the page: {[v['cls'] for v in visited]}"
    shot(page, "lab-lesson-list-focus")
    before = [page.locator(".af-lesson-head").inner_text(), page.locator(".af-step").inner_text()]
    page.keyboard.press("ArrowDown")                    # the first lesson: a new heading and stepper
    page.wait_for_function("([head, step]) => document.querySelector('.af-lesson-head').innerText !== head"
                           " && document.querySelectorAll('.af-step').length === 1"
                           " && document.querySelector('.af-step').innerText !== step", arg=before)
    page.wait_for_function("() => document.querySelector('.af-step').innerText.includes('Step 1 of')")
    title = page.locator(".af-lesson-head").inner_text().strip().splitlines()[0]
    tab_to(page, ".af-next", shift=True)                 # back up to the stepper
    page.keyboard.press("Space")
    page.wait_for_function("() => document.querySelector('.af-step').innerText.includes('Step 2 of')")
    announced(page, "Step 2 of")
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.querySelector('.af-step').innerText.includes('Step 3 of')")
    tab_to(page, ".af-last")
    shot(page, "lab-last-focus")
    page.keyboard.press("Enter")
    page.wait_for_selector(".af-winners .af-winners-box", timeout=TIMEOUT_MS)
    winners = page.locator(".af-winners").inner_text().strip()
    announced(page, winners)
    assert title and winners.startswith("Winning card")
    tab_to(page, ".af-slider .noUi-handle")              # the slider: named, and Home goes back
    handle = page.locator(".af-slider .noUi-handle")
    assert handle.get_attribute("aria-label") == "Step"
    assert handle.get_attribute("aria-valuetext").startswith("step ")
    page.keyboard.press("Home")
    page.wait_for_function("() => document.querySelector('.af-step').innerText.includes('Step 1 of')")


def _dispute_by_keyboard(page, base: str) -> None:
    """A four-player round entered in the round builder's chips and resolved with the keyboard
    alone: Tab / Shift+Tab between chip groups (one tab stop each, a radio group), arrows,
    Home / End and Space to choose; each chip keeps the focus after the builder redraws its
    rows, every stop shows a focus ring and Tab moves down the page; Enter on Resolve brings the
    verdict, announced, and the focus to its first button."""
    open_app(page, base, "dispute")
    group = page.locator(".af-build [role=radiogroup]").first
    group.wait_for(timeout=TIMEOUT_MS)
    assert group.get_attribute("aria-label"), "a chip group has no name"
    tab_to(page, ".af-build .af-players [role=radio]")
    radios = page.locator(".af-build .af-players [role=radio]")
    assert radios.evaluate_all("rs => rs.filter(r => r.tabIndex === 0).length") == 1   # one tab stop
    shot(page, "dispute-chip-focus")

    marks = "() => Math.max(0, ...[...document.querySelectorAll('.af-focus-here')].map(m => +m.dataset.n))"

    def press(key: str, row: str, text: str) -> None:
        """``key`` chooses the chip ``text`` of ``row``; once the builder is redrawn (a new
        focus marker) that chip, the new one, has the focus."""
        before = page.evaluate(marks)
        page.keyboard.press(key)
        page.wait_for_function(
            "([row, t, n]) => { const a = document.activeElement;"
            " const m = Math.max(0, ...[...document.querySelectorAll('.af-focus-here')]"
            ".map(x => +x.dataset.n));"
            " return m > n && !!a && a.isConnected && a.closest(row) !== null"
            " && a.textContent.trim() === t && a.getAttribute('aria-checked') === 'true'"
            " && a.classList.contains('mod-active'); }", arg=[row, text, before])

    def tab_down(selector: str) -> None:
        """Tab until the focus is in ``selector``: each stop shows a ring and comes after the one
        before in the page (reading order: the page is one column)."""
        page.evaluate("() => { window.afPrev = document.activeElement; }")
        for _ in range(60):
            page.keyboard.press("Tab")
            focus = page.evaluate(FOCUS_JS)
            assert focus is not None and focus["visible"] and focus["ring"], f"focus not visible: {focus}"
            assert page.evaluate(
                "() => { const a = document.activeElement, p = window.afPrev; window.afPrev = a;"
                " return !p || !p.isConnected || p.contains(a)"
                " || !!(p.compareDocumentPosition(a) & Node.DOCUMENT_POSITION_FOLLOWING); }"), \
                f"Tab went back up the page to {focus['what']}"
            if page.evaluate("s => !!document.activeElement.closest(s)", selector):
                return
        raise AssertionError(f"Tab never reached {selector}")

    press("ArrowRight", ".af-players", "5")              # 5 players, then back to 4
    press("ArrowLeft", ".af-players", "4")
    # Ana: the Aristocrat (End: the last chip) and Conspires her Rogue (Space on the first);
    # Bruno, Caio, Dora: a Rogue (Space) and Conspire a Servant (an arrow: the next chip)
    for k, (garden_key, garden, conspire_key, conspire) in enumerate(
            [("End", "Aristocrat", "Space", "Rogue")] + [("Space", "Rogue", "ArrowRight", "Servant")] * 3):
        for row, key, card in ((f".af-player-{k} .af-field-garden", garden_key, garden),
                               (f".af-player-{k} .af-field-conspire", conspire_key, conspire)):
            tab_down(f"{row} [role=radio]")
            press(key, row, card)
        if k == 0:
            shot(page, "dispute-builder-chip-kept-focus")
    tab_down(".af-build-resolve")
    shot(page, "dispute-resolve-focus")
    page.keyboard.press("Enter")
    page.wait_for_function(WON, arg="Bruno's Rogue")
    announced(page, "Bruno's Rogue")
    winners = page.locator(".af-winners").first.inner_text()
    assert "Ana" not in winners.split("starts")[0], winners      # Ana's Aristocrat (9) loses to 10s
    page.wait_for_function("() => document.activeElement.classList.contains('af-edit-round')")
    shot(page, "dispute-verdict-focus")


def _learn_by_keyboard(page, base: str) -> None:
    """The Quiz tab by arrows, a choice by Space, Check by Enter: the feedback appears."""
    open_app(page, base, "learn")
    tab_to(page, ".lm-TabBar-tab")                       # Lumino's tab bar: arrows, then Enter
    for _ in range(8):
        if page.evaluate("() => document.activeElement.textContent.trim()") == "Quiz":
            break
        page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")
    page.wait_for_selector(".af-quiz-check:visible", timeout=TIMEOUT_MS)
    shot(page, "learn-quiz-tab-focus")
    tab_to(page, ".widget-toggle-buttons [role=radio]")  # the question's first choice
    page.keyboard.press("Space")
    page.wait_for_function("() => document.activeElement.getAttribute('aria-checked') === 'true'")
    tab_to(page, ".af-quiz-check")
    shot(page, "learn-check-focus")
    page.keyboard.press("Enter")
    page.wait_for_function("() => { const f = document.querySelector('.af-quiz-feedback');"
                           " return f && f.offsetParent !== null && f.innerText.trim().length > 0; }")


def _play_by_keyboard(page, base: str) -> None:
    """Tab to the first legal move and press Enter: the game moves on."""
    open_app(page, base, "play", "?players=4&seed=7&bots=random")
    before = page.locator(".af-hand").inner_text()
    tab_to(page, ".af-actions button")
    shot(page, "play-move-focus")
    page.keyboard.press("Enter")                         # a card played: it leaves the hand
    page.wait_for_function("t => document.querySelector('.af-hand').innerText !== t", arg=before)


KEYBOARD_JOURNEYS = {"lab": _lab_by_keyboard, "dispute": _dispute_by_keyboard, "learn": _learn_by_keyboard,
                     "play": _play_by_keyboard}
