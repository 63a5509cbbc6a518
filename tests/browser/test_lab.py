"""The Scenario Lab in a real browser (Debian Chromium via Playwright) against
`aristofarsa serve` (fixtures ``app_server`` and ``page`` of conftest.py; the
pages fail on any request that leaves 127.0.0.1); the Lab at a phone's width is checked in
test_a11y.py's 390 px journey (test_phone.py's checks)."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from aristofarsa import scenario
from aristofarsa.controllers.lab import LabController

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
LESSON = "b13-bishop-chain"
TIMEOUT_MS = 90_000


def _open(page: Any, url: str) -> None:
    page.goto(url, timeout=TIMEOUT_MS)
    page.wait_for_selector(".af-step", timeout=TIMEOUT_MS)


def _wait_text(page: Any, selector: str, text: str) -> None:
    page.wait_for_function(
        "([sel, text]) => [...document.querySelectorAll(sel)].some(e => e.innerText.includes(text))",
        arg=[selector, text], timeout=TIMEOUT_MS)


def _open_builder(page: Any) -> None:
    """Open *Build the round* (``af-build``, closed at open) by clicking its header."""
    page.locator(".af-build").get_by_text("Build the round").first.click()
    page.wait_for_selector(".af-player-0", timeout=TIMEOUT_MS)


def _tap(page: Any, row: str, text: str) -> None:
    """Tap the chip ``text`` of a builder row and wait until the kernel has taken it."""
    page.locator(f"{row} button").filter(has_text=text).first.click()
    page.wait_for_function(
        "([row, text]) => [...document.querySelectorAll(row + ' button')].some("
        "b => b.textContent.trim() === text && b.classList.contains('mod-active'))",
        arg=[row, text], timeout=TIMEOUT_MS)


def _wait_share(page: Any, link: str | None) -> None:
    assert link is not None
    page.wait_for_selector(f".af-share a[href='{link}']", state="attached", timeout=TIMEOUT_MS)


def test_build_three_players_by_clicking_and_find_the_winner(app_server: str, page: Any) -> None:
    _open(page, f"{app_server.rstrip('/')}/voila/render/lab.ipynb")
    want = LabController()
    want.builder.pick(0, "garden", "Squire")
    want.edited()
    _open_builder(page)
    _tap(page, ".af-player-0 .af-field-garden", "Squire")
    _wait_share(page, want.share_query())                 # the kernel has taken the edit
    want.builder.set_choice(0, "conspire", "target", "Bruno")
    want.edited()
    _tap(page, ".af-player-0 .af-field-conspire-target", "Bruno")
    _wait_share(page, want.share_query())
    result = want.result
    assert result is not None and want.builder.names == ["Ana", "Bruno", "Caio"]
    _wait_text(page, ".af-step", f"Step 1 of {len(result.trace)}")
    page.click("button.af-last")
    _wait_text(page, ".af-winners", "Winning card")
    shown = page.inner_text(".af-winners")
    for name in want.builder.names:
        assert (name in shown) == (name in result.winners), shown


def test_each_next_moves_one_event_and_the_share_link(app_server: str, page: Any) -> None:
    """One page load of the lesson: each Next moves one event; then its share link."""
    _open(page, f"{app_server.rstrip('/')}/voila/render/lab.ipynb?lesson={LESSON}")
    events = list(scenario.run(scenario.load(ROOT / "aristofarsa" / "scenarios" / f"{LESSON}.toml")).trace)
    page.click("button.af-first")
    _wait_text(page, ".af-step", events[0].text)
    for k in range(1, 6):
        page.click("button.af-next")
        _wait_text(page, ".af-step", f"Step {k + 1} of {len(events)}")
        assert events[k].text in page.inner_text(".af-step")
    page.click("button.af-last")
    _wait_text(page, ".af-winners", "Dora")
    garden = page.inner_text(".af-garden")
    assert "Knight" in garden and "8" in garden
    share_link_is_made_from_the_pages_own_address(page)


def test_bad_lesson_shows_an_error(app_server: str, page: Any) -> None:
    _open(page, f"{app_server.rstrip('/')}/voila/render/lab.ipynb?lesson=no-such-lesson")
    error = page.locator(".af-error").first
    error.wait_for(state="visible")
    assert "no bundled lesson named 'no-such-lesson'" in error.inner_text()


def test_a_mistake_is_shown_by_its_field_and_convoke_offers_only_its_two_cards(app_server: str,
                                                                             page: Any) -> None:
    _open(page, f"{app_server.rstrip('/')}/voila/render/lab.ipynb")
    _open_builder(page)
    page.fill(".af-player-1 .af-field-name input", "")
    page.press(".af-player-1 .af-field-name input", "Enter")
    page.locator(".af-player-1 .af-field-error").first.wait_for(state="visible", timeout=TIMEOUT_MS)
    shown = page.locator(".af-player-1 .af-field-error").all_inner_texts()
    assert len(shown) == 1 and "number 2 needs a `name`" in shown[0], shown
    assert not page.locator(".af-player-0 .af-field-error").count()
    assert not page.locator(".af-download a").count()             # no Download for an invalid round
    _tap(page, ".af-player-0 .af-field-action", "Convoke")
    page.wait_for_selector(".af-player-0 .af-field-discard-1", timeout=TIMEOUT_MS)
    assert not page.locator(".af-player-0 .af-field-discard-2").count()
    assert not page.locator(".af-player-0 .af-field-hand-0").count()   # a Convoke keeps no card


def share_link_is_made_from_the_pages_own_address(page: Any) -> None:
    """The lesson's share link (the round does not change as it is stepped) is relative to the
    page's own address and opens the same round."""
    link = page.locator(".af-share a").first
    link.wait_for(state="attached", timeout=TIMEOUT_MS)
    query = link.get_attribute("href")
    assert query is not None and query.startswith("?scenario=")      # relative: https, base URL kept
    want = page.url.split("?")[0] + query
    assert link.evaluate("a => a.href") == want
    box = page.locator(".af-share input").first
    box.focus()
    assert box.input_value() == want
    page.goto(want, timeout=TIMEOUT_MS)
    page.click("button.af-last")
    _wait_text(page, ".af-winners", "Dora")
