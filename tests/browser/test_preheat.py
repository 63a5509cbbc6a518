"""Preheated kernels (`aristofarsa serve --pool-size N`): a page gets a kernel that ran its
notebook's imports before the request, and the app still honours its query parameters."""
from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from aristofarsa import scenario
from aristofarsa.cli.apps import APPS
from aristofarsa.controllers.play import PlayController

from .conftest import Server, start_server, wait_for_app

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
LESSON = "b13-bishop-chain"
TIMEOUT_MS = 90_000


@pytest.fixture(scope="module")
def preheated() -> Iterator[Server]:
    """A server keeping one kernel waiting per app (the landing notebook gets none)."""
    server = start_server("--pool-size", "1", "--cull-idle", "15")
    try:
        server.wait_for_pool(len(APPS))
        yield server
    finally:
        server.stop()


def open_preheated(server: Server, page, path: str) -> int:
    """Open ``path`` once the pool is full; the page's kernel pid, checked to be one that waited."""
    waiting = server.wait_for_pool(len(APPS))
    page.goto(server.url + path, timeout=TIMEOUT_MS)
    wait_for_app(page, TIMEOUT_MS / 1000)
    kernel_id = json.loads(page.locator("#jupyter-config-data").inner_text())["kernelId"]
    pid = server.kernel_pid(kernel_id)
    assert pid in waiting, "the page started a kernel of its own instead of taking a preheated one"
    return pid


def test_the_pool_holds_one_waiting_kernel_per_app_and_none_for_the_landing_page(preheated):
    assert len(preheated.waiting_kernel_pids()) == len(APPS)
    assert preheated.kernel_pids() == preheated.waiting_kernel_pids()      # no page open: only the pool


@pytest.mark.parametrize("seed", [7, 8])
def test_play_honours_players_and_seed(preheated, page, seed):
    query = f"players=5&seed={seed}&human=1"
    open_preheated(preheated, page, f"voila/render/play.ipynb?{query}")
    page.wait_for_selector(".af-hand .af-card", timeout=TIMEOUT_MS)
    assert f"5 players, seed {seed}" in page.locator(".af-app").inner_text()
    cards = page.locator(".af-hand .af-card")
    hand = PlayController.from_query(query).hand()        # the same game, computed here
    assert cards.count() == len(hand)
    for k, name in enumerate(hand):
        assert name in cards.nth(k).inner_text()


def test_play_shows_a_bad_query_as_a_message(preheated, page):
    open_preheated(preheated, page, "voila/render/play.ipynb?players=9")
    error = page.locator(".af-error")
    assert error.is_visible() and "players must be 3 to 6, got 9" in error.inner_text()


def test_lab_honours_lesson(preheated, page):
    open_preheated(preheated, page, f"voila/render/lab.ipynb?lesson={LESSON}")
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


def test_a_closed_preheated_page_loses_its_kernel_and_the_pool_refills(preheated, browser):
    context = browser.new_context()
    pid = open_preheated(preheated, context.new_page(), "voila/render/dispute.ipynb")
    time.sleep(20)                                         # idle past --cull-idle, page open: kept
    assert pid in preheated.kernel_pids()
    context.close()                                        # the tab is closed
    deadline = time.monotonic() + 120
    while pid in preheated.kernel_pids() and time.monotonic() < deadline:
        time.sleep(1)
    assert pid not in preheated.kernel_pids(), "the closed page's kernel is still running after 120 s"
    preheated.wait_for_pool(len(APPS))
    assert len(preheated.waiting_kernel_pids()) == len(APPS)          # bounded: the pool, no more
