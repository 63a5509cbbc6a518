"""Preheated kernels (`aristofarsa serve --pool-size N`, on by default): a page gets a kernel
that ran its notebook's imports before the request, and the app still honours its query
parameters. These run on the shared default server (``shared_server``, pool 1); the pool as a
whole (one waiting kernel per app, none for the landing page; a closed page's kernel goes and
the pool refills) is checked on a culling server of its own in test_attacks.py."""
from __future__ import annotations

from pathlib import Path

import pytest

from aristofarsa import scenario
from aristofarsa.cli.apps import APPS
from aristofarsa.controllers.play import PlayController

from .conftest import Server

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
LESSON = "b13-bishop-chain"
TIMEOUT_MS = 90_000


@pytest.fixture
def preheated(app_server: str, shared_server: Server) -> Server:
    """The shared server (``app_server`` checks after the test that it still answers)."""
    return shared_server


def test_play_honours_players_and_seed(preheated, page):
    """The hand shown is the seeded game's (test_play.py checks another seed's the same way)."""
    seed = 7
    query = f"players=5&seed={seed}&human=1"
    preheated.open_preheated(page, f"voila/render/play.ipynb?{query}", len(APPS), TIMEOUT_MS / 1000)
    page.wait_for_selector(".af-hand .af-card", timeout=TIMEOUT_MS)
    assert f"5 players, seed {seed}" in page.locator(".af-app").inner_text()
    cards = page.locator(".af-hand .af-card")
    hand = PlayController.from_query(query).hand()        # the same game, computed here
    assert cards.count() == len(hand)
    for k, name in enumerate(hand):
        assert name in cards.nth(k).inner_text()


def test_lab_honours_lesson(preheated, page):
    preheated.open_preheated(page, f"voila/render/lab.ipynb?lesson={LESSON}", len(APPS), TIMEOUT_MS / 1000)
    events = list(scenario.run(scenario.load(ROOT / "aristofarsa" / "scenarios" / f"{LESSON}.toml")).trace)
    page.click("button.af-first")
    wait_text(page, ".af-step", events[0].text)
    page.click("button.af-next")
    wait_text(page, ".af-step", f"Step 2 of {len(events)}")
    assert events[1].text in page.inner_text(".af-step")


def wait_text(page, selector: str, text: str) -> None:
    try:
        page.wait_for_function(
            "([sel, text]) => [...document.querySelectorAll(sel)].some(e => e.innerText.includes(text))",
            arg=[selector, text], timeout=TIMEOUT_MS)
    except Exception:
        shown = page.evaluate("sel => [...document.querySelectorAll(sel)].map(e => e.innerText)", selector)
        raise AssertionError(f"{selector} never showed {text!r}; it shows {shown}") from None
