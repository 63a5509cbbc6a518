"""The Dispute resolver in a real browser: a lesson link, stepping, hooks, errors; at a phone's
width: the empty start, the inline errors, the verdict in view with no scrolling after Resolve,
Edit the round, and a Garden Scribe entered by tapping (and a card scored earlier, in the
optional "More of Bruno's cards" fold)."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from aristofarsa import SCENARIOS_DIR, scenario
from aristofarsa.scenario import share
from aristofarsa.widgets.stepper import everyone

pytestmark = pytest.mark.browser
URL = "voila/render/dispute.ipynb"
TIMEOUT_MS = 90_000
#: Whether an element is wholly inside the window (the page scrolls Voila's box, not the window).
IN_VIEW = ("e => { const r = e.getBoundingClientRect(); "
           "return r.height > 0 && r.top >= 0 && r.bottom <= window.innerHeight; }")


def open_app(page, base: str, query: str) -> None:
    page.goto(f"{base}{URL}?{query}")
    page.wait_for_selector(".af-app", state="visible", timeout=60_000)


def test_lesson_link_outcome_steps_analyses_and_the_balcony(app_server, page):
    trace = scenario.run(scenario.load(SCENARIOS_DIR / "b13-bishop-chain.toml")).to_json()["trace"]
    open_app(page, app_server, "lesson=b13-bishop-chain")
    page.wait_for_selector(".af-winners .af-winners-box", timeout=60_000)
    assert page.locator(".af-winners").inner_text().strip() == \
        "Winning card: Dora's Knight · Dora starts the next round"
    assert page.locator(".af-winners").evaluate(IN_VIEW)            # the verdict, first
    assert "Dora Knight" in page.locator(".af-verdict-scores").inner_text()
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
    assert "Winning card" not in page.locator(".widget-vbox:has(> .af-garden)").first.inner_text()
    assert "Dora's Knight" in page.locator(".af-winners").inner_text()   # the verdict stays on top
    assert page.locator(".af-error").count() == 0
    balcony_fills_in_phase2_order(page)


def balcony_fills_in_phase2_order(page) -> None:
    """On b13-bishop-chain's page at step 5 (same page load as the test above): on to step 10,
    the Balcony filled in Phase 2's order, a player's eyes hiding a face-down card."""
    for k in range(4, 9):                      # step 10: the secret step naming Ana's face-down card
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
    page.locator(".af-viewer select").select_option(label=everyone())
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


def pasted_scenario_validator_message_inline(page) -> None:
    """A pasted scenario with a made-up card: the validator's message, inline and in view."""
    text = (SCENARIOS_DIR / "b13-bishop-chain.toml").read_text(encoding="utf-8")
    text = text.replace('"Witch"', '"Wizard"')
    page.locator(".af-paste textarea").fill(text)
    page.locator(".af-resolve").click()
    page.wait_for_selector(".af-error", state="visible", timeout=30_000)
    assert "'Wizard' is not a card name" in page.locator(".af-error").inner_text()
    page.wait_for_function(f"({IN_VIEW})(document.querySelector('.af-error'))", timeout=10_000)


def upload(page, path: Path) -> None:
    """ipywidgets 8's FileUpload keeps its <input type=file> out of the page: clicking the
    button opens the file chooser, and Playwright sets the files on that input."""
    with page.expect_file_chooser() as chooser:
        page.locator(".af-upload").click()
    chooser.value.set_files(str(path))


def test_a_pasted_bad_scenario_then_an_upload_then_a_bad_one(app_server, page, tmp_path):
    """One page load: a pasted scenario's mistake inline; a good file uploaded then resolves
    (and the paste's message goes); a file that is not text is a message, with no stale
    verdict under it."""
    good = tmp_path / "b4.toml"
    good.write_bytes((SCENARIOS_DIR / "b4-damsel-swap.toml").read_bytes())
    bad = tmp_path / "photo.toml"
    bad.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR")
    open_app(page, app_server, "")
    pasted_scenario_validator_message_inline(page)
    upload(page, good)
    page.wait_for_selector(".af-winners .af-winners-box", timeout=60_000)
    assert page.locator(".af-winners").inner_text().strip().startswith("Winning card: Bruno's")
    assert page.locator(".af-error").is_hidden()
    upload(page, bad)
    page.wait_for_selector(".af-error", state="visible", timeout=30_000)
    assert "photo.toml: line 1: not a text file" in page.locator(".af-error").inner_text()
    page.wait_for_selector(".af-winners", state="hidden", timeout=30_000)   # no stale verdict under it


def _tap(page, row: str, text: str) -> None:
    """Tap the chip ``text`` of a builder row and wait until the kernel has taken it."""
    page.locator(f"{row} button").filter(has_text=re.compile(f"^\\s*{re.escape(text)}\\s*$")).first.click()
    page.wait_for_function(
        "([row, text]) => [...document.querySelectorAll(row + ' button')].some("
        "b => b.textContent.trim() === text && b.classList.contains('mod-active'))",
        arg=[row, text], timeout=TIMEOUT_MS)


def test_phone_empty_start_inline_errors_verdict_in_view_and_edit(app_server, phone_page):
    """No query, at 390 px: nothing is filled in and nothing is red; Resolve marks each missing
    Garden card under its player, the first in view; the labelled example is one tap; Resolve
    then shows the verdict in view with no scrolling, and *Edit the round* brings back the
    form with everything kept. A bad line's message sits under the line, in view."""
    page = phone_page
    open_app(page, app_server, "")
    page.wait_for_selector(".af-build .af-player-0", timeout=TIMEOUT_MS)
    assert page.locator(".af-player-0 .af-field-garden button.mod-active").count() == 0   # empty
    assert page.locator(".af-error").count() == 0 and page.locator(".af-winners").is_hidden()
    page.locator(".af-build-resolve").click()
    page.wait_for_selector(".af-player-3 .af-field-error", timeout=TIMEOUT_MS)
    assert "missing garden" in page.locator(".af-player-0 .af-field-error").inner_text()
    page.wait_for_function(f"({IN_VIEW})(document.querySelector('.af-player-0 .af-field-error'))",
                           timeout=10_000)
    page.locator(".af-example-round").click()
    page.wait_for_selector(".af-player-0 .af-player-change", timeout=TIMEOUT_MS)   # folded: complete
    assert page.locator(".af-field-error").count() == 0
    page.locator(".af-build-resolve").click()
    page.wait_for_selector(".af-winners .af-winners-box", timeout=TIMEOUT_MS)
    page.wait_for_function(f"({IN_VIEW})(document.querySelector('.af-winners'))", timeout=10_000)
    assert page.locator(".af-winners").inner_text().startswith("Winning card: Caio's Aristocrat")
    assert page.locator(".af-open-lab a").get_attribute("href").startswith("lab.ipynb?scenario=")
    assert page.evaluate("document.documentElement.scrollWidth") <= 391
    for control in (".af-edit-round", ".af-share .af-copy", ".af-copy-line"):   # fingers, not mice
        box = page.locator(control).first.bounding_box()
        assert box["height"] >= 44 and box["width"] >= 44, control
    page.locator(".af-edit-round").click()
    page.wait_for_selector(".af-winners", state="hidden", timeout=TIMEOUT_MS)
    assert "Ana · Knight · Conspires Witch" in page.locator(".af-player-0").inner_text()   # kept
    page.wait_for_function(f"({IN_VIEW})(document.querySelector('.af-players'))", timeout=10_000)
    page.locator(".af-line input").fill("Ana: Knight, Witch on Caio -5, hand Jester; Bruno: Rogu")
    page.locator(".af-line-go").click()
    page.wait_for_selector(".af-source-error.af-error", timeout=TIMEOUT_MS)
    assert "clause 2 (Bruno)" in page.locator(".af-error").inner_text()
    page.wait_for_function(f"({IN_VIEW})(document.querySelector('.af-error'))", timeout=10_000)
    page.locator(".af-line input").fill("Ana: Knight, Witch on Caio -5, hand Jester; Bruno: Rogue, "
                                        "convoke Servant Merchant take Bishop; Caio: Aristocrat, "
                                        "Merchant on Caio, hand Damsel")
    page.locator(".af-line-go").click()                  # the line at the page's foot: the verdict
    page.wait_for_function(f"({IN_VIEW})([...document.querySelectorAll('.af-winners')]"
                           ".find(e => e.innerText.includes('Winning card')) || document.body)",
                           timeout=TIMEOUT_MS)
    assert "Caio's Aristocrat" in page.locator(".af-winners").inner_text()
    assert page.locator(".af-error").count() == 0


def test_phone_garden_scribe_entered_by_tapping(app_server, phone_page):
    """The Exiled expansion by tapping: the switch, a Garden Scribe's drawn card (the top of
    the deck), its discard and its owner's kept card; the round resolves as the same round
    written as a file does."""
    page = phone_page
    open_app(page, app_server, "")
    page.wait_for_selector(".af-build .af-player-0", timeout=TIMEOUT_MS)
    _tap(page, ".af-players", "3")
    _tap(page, ".af-expansion", "+ Exiled expansion")
    _tap(page, ".af-player-0 .af-field-garden", "Scribe")
    _tap(page, ".af-player-0 .af-field-drawn", "Jester")
    _tap(page, ".af-player-0 .af-field-garden-discard", "Rogue")
    _tap(page, ".af-player-0 .af-field-conspire", "Merchant")
    _tap(page, ".af-player-0 .af-field-hand-0", "Jester")
    _tap(page, ".af-player-0 .af-field-conspire-target", "Ana")
    for k, (garden, conspire) in enumerate((("Knight", "Jester"), ("Servant", "Damsel")), 1):
        _tap(page, f".af-player-{k} .af-field-garden", garden)
        _tap(page, f".af-player-{k} .af-field-conspire", conspire)
    _tap(page, ".af-player-2 .af-field-conspire-target", "Ana")
    # Bruno's earlier score, in the optional fold: only cards his family has left are offered
    page.locator(".af-player-1 .af-player-change").click()
    page.locator(".af-player-1 .af-more-cards-toggle").click()
    page.wait_for_selector(".af-player-1 .af-more-cards .af-zone-scored-add", timeout=TIMEOUT_MS)
    offered = page.locator(".af-player-1 .af-zone-scored-add button").all_inner_texts()
    assert "Knight" not in offered and "Jester" not in offered and "Merchant" in offered
    for box in page.locator(".af-player-1 .af-more-cards button").evaluate_all(
            "bs => bs.map(b => { const r = b.getBoundingClientRect(); return [r.width, r.height]; })"):
        assert min(box) >= 44, box                                             # fingers, not mice
    assert page.evaluate("document.documentElement.scrollWidth") <= 391
    # an "add a card" row is chosen only until the kernel draws the card in a row of its own
    # (a wait for the add row's chosen chip could miss that moment): wait for the card's row
    page.locator(".af-player-1 .af-zone-scored-add button").filter(
        has_text=re.compile(r"^\s*Merchant\s*$")).first.click()
    page.wait_for_function(
        "() => [...document.querySelectorAll('.af-player-1 .af-zone-scored-0 button.mod-active')]"
        ".some(b => b.textContent.trim() === 'Merchant')", timeout=TIMEOUT_MS)
    page.locator(".af-build-resolve").click()
    page.wait_for_selector(".af-winners .af-winners-box", timeout=TIMEOUT_MS)
    page.wait_for_function(f"({IN_VIEW})(document.querySelector('.af-winners'))", timeout=10_000)
    want = scenario.run(scenario.loads("""
expansion = true
[[player]]
name = "Ana"
garden = { card = "Scribe", discard = "Rogue" }
conspire = { card = "Merchant", target = "Ana" }
hand = ["Jester"]
deck = ["Jester"]
[[player]]
name = "Bruno"
garden = "Knight"
conspire = "Jester"
scored = ["Merchant"]
[[player]]
name = "Caio"
garden = "Servant"
conspire = { card = "Damsel", target = "Ana" }
""", "scribe"))
    shown = page.locator(".af-winners").inner_text()
    assert all(f"{w}'s" in shown for w in want.winners)
    assert not [p for p in ("Ana", "Bruno", "Caio") if p not in want.winners and f"{p}'s" in shown]
