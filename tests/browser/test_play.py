"""Play a game in a real browser: a seeded game to the ranking by clicking af-actions."""
from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser

APP = "/voila/render/play.ipynb"
LOAD_MS = 120_000


def open_app(page, base: str, query: str):
    page.goto(f"{base.rstrip('/')}{APP}?{query}", timeout=LOAD_MS)
    page.wait_for_selector(".af-app", timeout=LOAD_MS)


def click_through(page, limit: int = 400) -> int:
    """Click the first enabled af-actions button until the ranking shows; each click waits
    for its buttons to be replaced, so no click lands on a stale set."""
    clicks = 0
    ranking = page.locator(".af-ranking")
    while True:
        page.wait_for_selector(".af-actions button:not([disabled]):visible, .af-ranking:visible",
                               timeout=LOAD_MS)
        if ranking.is_visible():
            break
        handle = page.locator(".af-actions button:not([disabled])").first.element_handle()
        handle.click()
        handle.wait_for_element_state("hidden", timeout=LOAD_MS)
        clicks += 1
        assert clicks < limit, "the game did not end"
    return clicks


def test_play_a_seeded_game_to_the_ranking(app_server, page):
    from aristofarsa.controllers.play import PlayController

    query = "players=3&seed=4&human=1"
    open_app(page, app_server, query)
    cards = page.locator(".af-hand .af-card")
    hand = PlayController.from_query(query).hand()        # the seeded game's hand, computed here
    assert cards.count() == len(hand) == 3
    for k, name in enumerate(hand):
        assert name in cards.nth(k).inner_text()
    assert page.locator(".af-error").is_hidden()
    # the first decision: its question and one "Play <card> (<Prestige>)" button per hand card
    assert "Play a card into the Ball Garden (Phase 1)." in page.locator(".af-app").inner_text()
    labels = page.locator(".af-actions button").all_inner_texts()
    assert len(labels) == 3 and all(label.startswith("Play ") and label.endswith(")") for label in labels)
    ring = page.locator(".af-seat-ring")
    assert ring.locator("svg").is_visible() and "plays first this round" in ring.inner_text()
    assert page.locator(".af-round-summary").is_hidden()
    # the crowns note once under "Your hand", no card's own line wrapping a lone ")"
    assert page.locator(".af-hand").inner_text().count("provisional") == 0
    click_through(page)
    text = page.locator(".af-ranking").inner_text()
    assert "Final ranking" in text
    summary = page.locator(".af-round-summary")
    assert summary.is_visible() and "The game is over." in summary.inner_text()
    # the summary never names a next starter; the steps may (a game that ends because a player
    # cannot refill ends at the next round's Draw step, after the last round's M2 step named
    # who would start it: the steps then say the draw failed)
    assert "starts the next round" not in summary.inner_text()
    assert page.locator(".af-undo").is_hidden()
    for name in ("Ana", "Bruno", "Caio"):
        assert name in text


def test_bots_only_next_round_to_the_ranking(app_server, page):
    open_app(page, app_server, "players=3&seed=5&human=0&bots=greedy,random,random")
    assert page.locator(".af-actions button").first.inner_text().startswith("Next round")
    click_through(page)
    # the same game as `aristofarsa play --players 3 --seed 5 --bots greedy,random,random`
    from aristofarsa.games.game import play_game
    game = play_game(3, 5, ["greedy", "random", "random"])
    first = game.ranking[0][0]
    assert first in page.locator(".af-ranking tr").nth(1).inner_text()
    page.locator(".af-first").click()
    page.wait_for_function("document.querySelector('.af-step').innerText.includes('Step 1 of')")


def test_bad_query_shows_a_message(app_server, page):
    open_app(page, app_server, "players=9&bots=wizard")
    error = page.locator(".af-error")
    assert error.is_visible()
    assert "players must be 3 to 6, got 9" in error.inner_text()
    assert "Traceback" not in page.content()
