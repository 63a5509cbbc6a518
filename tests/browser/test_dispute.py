"""The Dispute resolver in a real browser: a lesson link, stepping, hooks, errors, phone width."""
from __future__ import annotations

from pathlib import Path

import pytest

from aristofarsa import SCENARIOS_DIR, scenario, share
from aristofarsa.widgets.stepper import EVERYONE

pytestmark = pytest.mark.browser
URL = "voila/render/dispute.ipynb"


def open_app(page, base: str, query: str) -> None:
    page.goto(f"{base}{URL}?{query}")
    page.wait_for_selector(".af-app", state="visible", timeout=60_000)


def test_lesson_link_outcome_steps_and_analyses(app_server, page):
    trace = scenario.run(scenario.load(SCENARIOS_DIR / "b13-bishop-chain.toml")).to_json()["trace"]
    open_app(page, app_server, "lesson=b13-bishop-chain")
    page.wait_for_selector(".af-winners .af-winners-box", timeout=60_000)
    assert page.locator(".af-winners").inner_text().strip() == \
        "Winning card: Dora's Knight · Dora starts the next round"
    assert page.locator(".af-graph svg:visible").count() == 1
    assert page.locator(".af-viewer select").count() == 1
    assert "bishop-no-undo" in page.locator(".af-variants").inner_text()
    assert "What if Ana" in page.locator(".af-whatif").inner_text()
    link = page.locator(".af-share a").first
    assert link.get_attribute("href").startswith("?scenario=")          # relative to this page
    want = page.url.split("?")[0] + link.get_attribute("href")
    assert link.evaluate("a => a.href") == want
    page.locator(".af-share .af-copy").click()                          # the box shows it too
    assert page.locator(".af-share input").input_value() == want
    page.locator(".af-first").click()
    page.wait_for_function("document.querySelector('.af-step').innerText.includes('Step 1 of')")
    for k in range(4):
        assert trace[k]["text"] in page.locator(".af-step").inner_text()
        page.locator(".af-next").click()
        page.wait_for_function(f"document.querySelector('.af-step').innerText.includes('Step {k + 2} of')")
    garden = page.locator(".af-garden").inner_text()
    assert "Servant" in garden and "Merchant" in garden and "Jester" in garden
    assert "Dora" not in page.locator(".af-winners").inner_text()
    assert page.locator(".af-error").is_hidden()


def test_balcony_fills_in_phase2_order(app_server, page):
    open_app(page, app_server, "lesson=b13-bishop-chain")
    page.locator(".af-first").click()
    for k in range(9):                         # step 10: the secret step naming Ana's face-down card
        page.locator(".af-next").click()
        page.wait_for_function(f"document.querySelector('.af-step').innerText.includes('Step {k + 2} of')")
    assert page.locator(".af-balcony .af-card").count() == 1      # only Ana's card so far
    assert "Ana" in page.locator(".af-balcony").inner_text()   # the teacher's view sees every card
    assert "Witch" in page.locator(".af-balcony").inner_text()
    page.locator(".af-viewer select").select_option(label="Bruno's eyes")    # not Ana's card
    page.wait_for_function("!document.querySelector('.af-balcony').innerText.includes('Witch')")
    assert "face down" in page.locator(".af-balcony").inner_text()
    # the graph is redrawn in a later message than the board: wait for it, then check it
    page.wait_for_function("!document.querySelector('.af-graph').innerHTML.includes('Witch')", timeout=15_000)
    assert "Ana" in page.locator(".af-graph").inner_html()      # her card is there, face down
    page.locator(".af-viewer select").select_option(label=EVERYONE)
    page.wait_for_function("document.querySelector('.af-balcony').innerText.includes('Witch')")


def test_share_code_link_and_damaged_code(app_server, page):
    code = share.encode((SCENARIOS_DIR / "b4-damsel-swap.toml").read_text(encoding="utf-8"))
    open_app(page, app_server, f"scenario={code}")
    page.wait_for_selector(".af-winners .af-winners-box", timeout=60_000)
    assert page.locator(".af-winners").inner_text().strip().startswith("Winning card: Bruno's")
    open_app(page, app_server, "scenario=AF1.broken")
    page.wait_for_selector(".af-error", state="visible", timeout=60_000)
    assert "cannot be read" in page.locator(".af-error").inner_text()
    assert "Traceback" not in page.locator("#rendered_cells").inner_text()


def test_pasted_scenario_validator_message_inline(app_server, page):
    open_app(page, app_server, "")
    text = (SCENARIOS_DIR / "b13-bishop-chain.toml").read_text(encoding="utf-8")
    text = text.replace('"Witch"', '"Wizard"')
    page.locator(".af-paste textarea").fill(text)
    page.locator(".af-resolve").click()
    page.wait_for_selector(".af-error", state="visible", timeout=30_000)
    assert "'Wizard' is not a card name" in page.locator(".af-error").inner_text()


def upload(page, path: Path) -> None:
    """ipywidgets 8's FileUpload keeps its <input type=file> out of the page: clicking the
    button opens the file chooser, and Playwright sets the files on that input."""
    with page.expect_file_chooser() as chooser:
        page.locator(".af-upload").click()
    chooser.value.set_files(str(path))


def test_upload_a_file_then_a_bad_one(app_server, page, tmp_path):
    good = tmp_path / "b4.toml"
    good.write_bytes((SCENARIOS_DIR / "b4-damsel-swap.toml").read_bytes())
    bad = tmp_path / "photo.toml"
    bad.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR")
    open_app(page, app_server, "")
    upload(page, good)
    page.wait_for_selector(".af-winners .af-winners-box", timeout=60_000)
    assert page.locator(".af-winners").inner_text().strip().startswith("Winning card: Bruno's")
    assert page.locator(".af-error").is_hidden()
    upload(page, bad)
    page.wait_for_selector(".af-error", state="visible", timeout=30_000)
    assert "photo.toml: line 1: not a text file" in page.locator(".af-error").inner_text()
    assert page.locator(".af-winners").inner_text().strip().startswith("Winning card: Bruno's")   # kept


def test_a_round_entered_by_tapping_at_phone_width(app_server, phone_page):
    """No query: the page opens on the round builder (af-build); a few taps and Resolve give
    the outcome, and the round opens in the Lab from there."""
    page = phone_page
    open_app(page, app_server, "")
    page.wait_for_selector(".af-build .af-player-0", timeout=60_000)
    page.locator(".af-player-0 .af-field-garden button").filter(has_text="Aristocrat").first.click()
    page.wait_for_function("[...document.querySelectorAll('.af-player-0 .af-field-garden button')]"
                           ".some(b => b.textContent.trim() === 'Aristocrat'"
                           " && b.classList.contains('mod-active'))", timeout=30_000)
    page.locator(".af-build-resolve").click()
    page.wait_for_selector(".af-winners .af-winners-box", timeout=60_000)
    assert page.locator(".af-winners").inner_text().startswith("Winning card")
    assert page.locator(".af-open-lab a").get_attribute("href").startswith("lab.ipynb?scenario=")
    assert page.evaluate("document.documentElement.scrollWidth") <= 391
