"""The Effect graphs gallery in a real browser: graphs inline, filters, links into the Lab."""
from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser
URL = "voila/render/graphs.ipynb"


def test_gallery_filters_and_lab_links(app_server, page):
    page.goto(f"{app_server}{URL}?ruling=B13")
    page.wait_for_selector(".af-graph svg:visible", timeout=60_000)
    count = page.locator(".af-gallery-item").count()
    assert count >= 3 and page.locator(".af-graph svg:visible").count() == count
    hrefs = [page.locator("a.af-open-lab").nth(k).get_attribute("href") for k in range(count)]
    assert all(h.startswith("lab.ipynb?lesson=") for h in hrefs)   # the page next to this one
    assert "lab.ipynb?lesson=b13-bishop-chain" in hrefs
    # the header names the winning card(s) in the graph caption's words, not "winners <player>"
    header = page.locator(".af-gallery-item .af-muted").first.inner_text()
    assert "Winning card" in header and " winners " not in header
    # the page title in the heading of the other apps (Learn, Play, Exiled: bold, 19.5 px)
    title = page.locator("h2").first
    assert title.inner_text() == "Effect graphs"
    style = title.evaluate("h => [getComputedStyle(h).fontWeight, getComputedStyle(h).fontSize]")
    assert style == ["700", "19.5px"]
    resolved = page.locator("a.af-open-lab").first.evaluate("a => a.href")   # also under a base URL
    assert resolved == f"{app_server}voila/render/{hrefs[0]}"
    page.locator(".af-filter-card select").select_option("Witch")
    # the gallery is redrawn: wait for the filtered one (fewer items, and at least one)
    page.wait_for_function("n => { const k = document.querySelectorAll('.af-gallery-item').length; "
                           "return k >= 1 && k < n; }", arg=count)
    assert 1 <= page.locator(".af-gallery-item").count() < count


def test_unknown_filter_is_a_message(app_server, phone_page):
    phone_page.goto(f"{app_server}{URL}?ruling=Z9")
    phone_page.wait_for_selector(".af-error", state="visible", timeout=60_000)
    assert "unknown ruling" in phone_page.locator(".af-error").inner_text()
    phone_page.wait_for_selector(".af-graph svg:visible", timeout=60_000)
    box = phone_page.locator(".af-gallery-item").first.bounding_box()
    assert box is not None and box["x"] + box["width"] <= 392
