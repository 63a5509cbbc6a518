"""Every app at a phone's width (390 px), one load each: it answers and renders from local
assets only, with no sideways scrolling, nothing wider than its column (a box that would
scroll inside the page), no control off screen or on top of another; in every tab, in the
builder once opened, and in the Lab one step on.

Only the effect graphs scroll sideways, inside their own box, by design (`.af-graph`)."""
from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

import pytest

from aristofarsa.cli.apps import APPS

pytestmark = pytest.mark.browser

WIDTH = 390
TIMEOUT_MS = 90_000
SHOTS = Path(os.environ["AF_SCREENSHOTS"]) if os.environ.get("AF_SCREENSHOTS") else None
QUERY = {"lab": "?lesson=b13-bishop-chain", "dispute": "?lesson=b13-bishop-chain"}
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


@pytest.mark.parametrize("name", [name for name, _ in APPS])
def test_every_app_answers_renders_offline_and_fits_a_phone(app_server: str, phone_page: Any,
                                                           name: str) -> None:
    """One load per app: the server answers, the page renders from local assets only (the
    ``phone_page`` fixture fails the test on any request that leaves 127.0.0.1), then the fit."""
    page = phone_page
    response = page.goto(f"{app_server}voila/render/{name}.ipynb{QUERY.get(name, '')}", timeout=TIMEOUT_MS)
    assert response is not None and response.status == 200
    page.wait_for_selector(".af-app", state="visible", timeout=TIMEOUT_MS)
    assert page.locator("#rendered_cells").inner_text().strip()
    assert len(page.af_requests) > 5                       # the page did load its local assets
    page.wait_for_load_state("networkidle", timeout=TIMEOUT_MS)
    assert _problems(page) == [], name
    if SHOTS:
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / f"{name}-390.png"), full_page=True)
    if name == "lab":                                  # one step on, the Lab still fits
        page.locator("button.af-next").first.click()
        page.wait_for_function("document.querySelector('.af-step').innerText.includes('Step 2 of')",
                               timeout=TIMEOUT_MS)
        assert _problems(page) == [], (name, "Step 2")
    tabs = page.locator(".af-app .lm-TabBar-tab")
    for k in range(1, tabs.count()):                   # a tab's pane is drawn when it is opened
        tabs.nth(k).click()
        page.wait_for_function(
            "k => { const pane = document.querySelector('.af-app .widget-tab-contents').children[k];"
            " return pane && !pane.classList.contains('lm-mod-hidden') && pane.innerText.trim(); }",
            arg=k, timeout=TIMEOUT_MS)
        page.wait_for_load_state("networkidle", timeout=TIMEOUT_MS)
        assert _problems(page) == [], (name, tabs.nth(k).inner_text())
    for section in page.locator(".af-build").all():     # a section built when first opened
        if not section.locator(".af-builder").is_visible():
            section.get_by_text(re.compile("Build the round|Enter the round by tapping")).first.click()
        page.wait_for_selector(".af-builder", state="visible", timeout=TIMEOUT_MS)
        page.wait_for_load_state("networkidle", timeout=TIMEOUT_MS)
        assert _problems(page) == [], (name, "Build the round")
