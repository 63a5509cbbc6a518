"""The Exiled expansion in a real browser: its four cards, exile rules, a lesson stepped."""
from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser

APP = "/voila/render/exiled.ipynb"
LOAD_MS = 120_000


def test_exiled_cards_rules_and_a_lesson(app_server, page):
    page.goto(f"{app_server.rstrip('/')}{APP}", timeout=LOAD_MS)
    page.wait_for_selector(".af-app", timeout=LOAD_MS)
    assert "Bard" in page.locator(".af-card").first.inner_text()
    page.get_by_role("tab", name="Exile").click()
    page.get_by_text("X7", exact=False).first.wait_for(timeout=LOAD_MS)   # built on first selection
    for rule in ("X1", "X2", "X7"):
        assert page.get_by_text(rule, exact=False).first.is_visible()
    page.locator(".af-lesson-link:visible", has_text="The lowest card is exiled").first.click()
    page.wait_for_selector(".af-step", state="visible", timeout=LOAD_MS)
    page.locator(".af-last:visible").first.click()
    page.wait_for_function("document.querySelector('.af-winners').innerText.includes('Caio')")
