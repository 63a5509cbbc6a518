"""The Scenario Lab in a real browser (Debian Chromium via Playwright) against Voila.

Until infra's tests/browser/conftest.py (``app_server``, ``page``) is in main, this file
brings a minimal pair of fixtures of its own (``lab_server``, ``lab_page``).
"""
from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from aristofarsa import scenario
from aristofarsa.controllers.lab import LabController

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = "/usr/bin/chromium"
LESSON = "b13-bishop-chain"
TIMEOUT_MS = 90_000


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="module")
def lab_server() -> Iterator[str]:
    pytest.importorskip("voila")
    port = _free_port()
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen([sys.executable, "-m", "voila", str(ROOT / "notebooks"), f"--port={port}",
                             "--no-browser", "--Voila.ip=127.0.0.1"],
                            env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(120):
            try:
                urllib.request.urlopen(base, timeout=1)
                break
            except OSError:
                time.sleep(0.5)
        yield base
    finally:
        proc.terminate()
        proc.wait(timeout=20)


@pytest.fixture
def lab_page() -> Iterator[Any]:
    if not shutil.which(CHROMIUM):
        pytest.skip(f"Chromium is missing ({CHROMIUM}); the test command installs it")
    sync_api = pytest.importorskip("playwright.sync_api")
    outside: list[str] = []
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=[
            "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
            "--disable-background-networking", "--disable-component-update", "--disable-sync"])
        page = browser.new_page(viewport={"width": 1280, "height": 1000})
        def route(r: Any) -> None:
            if r.request.url.startswith(("http://127.0.0.1", "data:", "blob:")):
                r.continue_()
            else:
                outside.append(r.request.url)
                r.abort()

        page.route("**/*", route)
        page.set_default_timeout(TIMEOUT_MS)
        yield page
        browser.close()
    # Voila's stock template asks a CDN for its icon font; infra's offline template (and its
    # `page` fixture, which fails on any such request) replaces this stand-in.
    assert all("fontawesome" in url for url in outside), f"requests left the host: {outside[:5]}"


def _open(page: Any, url: str) -> None:
    page.goto(url, timeout=TIMEOUT_MS)
    page.wait_for_selector(".af-step", timeout=TIMEOUT_MS)


def _wait_text(page: Any, selector: str, text: str) -> None:
    page.wait_for_function(
        "([sel, text]) => [...document.querySelectorAll(sel)].some(e => e.innerText.includes(text))",
        arg=[selector, text], timeout=TIMEOUT_MS)


def _wait_share(page: Any, link: str | None) -> None:
    assert link is not None
    page.wait_for_selector(f".af-share a[href='{link}']", state="attached", timeout=TIMEOUT_MS)


def test_build_three_players_by_clicking_and_find_the_winner(lab_server: str, lab_page: Any) -> None:
    page = lab_page
    _open(page, f"{lab_server}/voila/render/lab.ipynb")
    want = LabController()
    want.builder.set_garden(0, "Squire")
    want.edited()
    page.select_option(".af-player-0 .af-field-garden select", label="Squire")
    _wait_share(page, want.share_link())                 # the kernel has taken the edit
    want.builder.set_choice(0, "conspire", "target", "Bruno")
    want.edited()
    page.select_option(".af-player-0 .af-field-conspire-target select", label="Bruno")
    _wait_share(page, want.share_link())
    result = want.result
    assert result is not None and want.builder.names == ["Ana", "Bruno", "Caio"]
    _wait_text(page, ".af-step", f"Step 1 of {len(result.trace)}")
    page.click("button.af-last")
    _wait_text(page, ".af-winners", "Winner")
    shown = page.inner_text(".af-winners")
    for name in want.builder.names:
        assert (name in shown) == (name in result.winners), shown


def test_each_next_moves_one_event(lab_server: str, lab_page: Any) -> None:
    page = lab_page
    _open(page, f"{lab_server}/voila/render/lab.ipynb?lesson={LESSON}")
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


def test_bad_lesson_shows_an_error(lab_server: str, lab_page: Any) -> None:
    page = lab_page
    _open(page, f"{lab_server}/voila/render/lab.ipynb?lesson=no-such-lesson")
    error = page.locator(".af-error").first
    error.wait_for(state="visible")
    assert "no bundled lesson named 'no-such-lesson'" in error.inner_text()
