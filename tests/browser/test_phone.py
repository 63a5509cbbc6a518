"""Every app at a phone's width (390 px): it answers and renders from local assets only, with
no sideways scrolling, nothing wider than its column (a box that would scroll inside the
page), no control off screen or on top of another; in every tab, in the builder once opened,
and in the Lab one step on. The landing page here; each app in the page load of its 390 px
journey in test_a11y.py (``test_axe_every_app_and_interaction[390-APP]``), with the helpers
below (one page load per app and width for both tests).

Only the effect graphs scroll sideways, inside their own box, by design (`.af-graph`)."""
from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.browser

WIDTH = 390
TIMEOUT_MS = 90_000
SHOTS = Path(os.environ["AF_SCREENSHOTS"]) if os.environ.get("AF_SCREENSHOTS") else None
#: What may scroll sideways inside its own box: the graphs; text fields scroll their text.
SCROLLS = ".af-graph, .af-graph-box, pre, select, input, textarea"
CONTROLS = "button, select, input, textarea, .lm-TabBar-tab, .af-card"

PROBLEMS_JS = """([width, scrolls, controls]) => {
  const out = [];
  const name = e => e.tagName.toLowerCase() + [...e.classList].slice(0, 4).map(c => '.' + c).join('')
    + (e.innerText ? ' "' + e.innerText.trim().slice(0, 30) + '"' : '');
  const shown = e => { const r = e.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && getComputedStyle(e).visibility !== 'hidden'; };
  if (document.documentElement.scrollWidth > width + 1)
    out.push('the page scrolls sideways: ' + document.documentElement.scrollWidth + ' px');
  for (const e of document.querySelectorAll('body *')) {
    if (!shown(e) || e.closest(scrolls)) continue;
    const ov = getComputedStyle(e).overflowX;
    if (ov !== 'visible' && e.scrollWidth > e.clientWidth + 1)
      out.push('wider than its box (' + e.scrollWidth + ' > ' + e.clientWidth + '): ' + name(e));
  }
  const boxes = [...document.querySelectorAll(controls)].filter(e => shown(e) && !e.closest('.af-graph'))
    .filter(e => !e.parentElement.closest(controls)).map(e => [e, e.getBoundingClientRect()]);
  for (const [e, r] of boxes)
    if (r.left < -1 || r.right > width + 1)
      out.push('off screen: ' + name(e) + ' ' + r.left + '..' + r.right);
  for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) {
    const [a, p] = boxes[i], [b, q] = boxes[j];
    const w = Math.min(p.right, q.right) - Math.max(p.left, q.left);
    const h = Math.min(p.bottom, q.bottom) - Math.max(p.top, q.top);
    if (w > 2 && h > 2 && !a.contains(b) && !b.contains(a)) out.push('overlap: ' + name(a) + ' / ' + name(b));
  }
  return out;
}"""


def _problems(page: Any) -> list[str]:
    return page.evaluate(PROBLEMS_JS, [WIDTH, SCROLLS, CONTROLS])


def test_landing_page_fits_a_phone(app_server: str, phone_page: Any) -> None:
    phone_page.goto(app_server, timeout=TIMEOUT_MS)
    phone_page.wait_for_selector("a.af-app-link", timeout=TIMEOUT_MS)
    assert _problems(phone_page) == []


def fits(page: Any, where: Any) -> None:
    """Once the page's requests have settled: nothing scrolls sideways, overflows its box, sits
    off screen or on another control."""
    page.wait_for_load_state("networkidle", timeout=TIMEOUT_MS)
    assert _problems(page) == [], where


def first_screen_fits(page: Any, name: str, response: Any) -> None:
    """An app page just opened at 390 px (test_a11y.py's 390 px journeys): the server answered,
    the page rendered from local assets only (its page, made by conftest.py's ``_page``, fails
    the test on any request that leaves 127.0.0.1) and fits; a screenshot to $AF_SCREENSHOTS."""
    assert page.viewport_size["width"] == WIDTH
    assert response is not None and response.status == 200
    assert page.locator("#rendered_cells").inner_text().strip()
    assert len(page.af_requests) > 5                       # the page did load its local assets
    fits(page, name)
    if SHOTS:
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / f"{name}-390.png"), full_page=True)


def every_tab_and_builder_fit(page: Any, name: str) -> None:
    """Each tab of the app opened in turn (a pane is drawn when it is first opened), then each
    round builder (a section built when first opened): the page still fits."""
    tabs = page.locator(".af-app .lm-TabBar-tab")
    for k in range(1, tabs.count()):
        tabs.nth(k).click()
        # tab k is the current one and the pane shown has its text (a pane drawn when first
        # opened may sit anywhere among the panes' nodes: none is looked for by its place)
        page.wait_for_function(
            "k => { const tab = document.querySelectorAll('.af-app .lm-TabBar-tab')[k];"
            " const panes = [...document.querySelector('.af-app .widget-tab-contents').children];"
            " return tab && tab.classList.contains('lm-mod-current')"
            " && panes.some(p => !p.classList.contains('lm-mod-hidden') && p.innerText.trim()); }",
            arg=k, timeout=TIMEOUT_MS)
        fits(page, (name, tabs.nth(k).inner_text()))
    for section in page.locator(".af-build").all():
        if not section.locator(".af-builder").is_visible():
            section.get_by_text(re.compile("Build the round|Enter the round by tapping")).first.click()
        page.wait_for_selector(".af-builder", state="visible", timeout=TIMEOUT_MS)
        fits(page, (name, "Build the round"))
        # its "Title and house rules" fold: each switch's whole label shows (a label cut to
        # "This is the final round (E3: t…" is wider than its box)
        settings = section.locator(".af-more-settings .jupyter-widget-Collapse-header").first
        if settings.count() and not section.locator(".af-house-rule").first.is_visible():
            settings.click()
        if settings.count():
            section.locator(".af-flag-final-round").wait_for(state="visible", timeout=TIMEOUT_MS)
            fits(page, (name, "Title and house rules"))
