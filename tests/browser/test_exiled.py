"""The Exiled expansion in a real browser, in one page load: its reading path (rules pages and
cards), its own lesson path, and its quiz level: a question checked half-answered, then the
rest of the quiz fully right to its summary, and Next question goes on with a new quiz (as
Learn's does); the tab bar where the page opened it on every new screen, at laptop and phone
width; no page error."""
from __future__ import annotations

import pytest

from aristofarsa.controllers.quiz import Quiz
from aristofarsa.controllers.rules import exiled_pages
from aristofarsa.core.cards import EXPANSION_CARDS

from .test_learn import LAPTOP, TabBar, every_tab, page_errors, phone_screens, quiz_step, read_path, shot

pytestmark = pytest.mark.browser

APP = "/voila/render/exiled.ipynb"
LOAD_MS = 120_000


def test_exiled_reading_path_a_lesson_and_the_quiz_going_on(app_server, page):
    errors = page_errors(page)
    page.set_viewport_size(LAPTOP)
    page.goto(f"{app_server.rstrip('/')}{APP}", timeout=LOAD_MS)
    page.wait_for_selector(".af-rules", timeout=LOAD_MS)
    bar = TabBar(page)
    shot(page, "exiled-rules")
    assert "Exile (the Exiled expansion)" in page.locator(".af-rules-page").inner_text()
    assert "Who won: Winning card" in page.locator(".af-rules .af-example").inner_text()
    read_path(page, [p.title for p in exiled_pages()], EXPANSION_CARDS, bar)
    card = page.locator(".af-card-view:visible", has_text="Oracle").first
    assert "the Litter goes to whoever is then first" in card.inner_text()
    every_tab(page, bar, "exiled")
    page.get_by_role("tab", name="Lessons").click()
    page.get_by_text("Exile (expansion", exact=False).first.click()       # the path's first stage
    page.locator(".af-lesson-link:visible", has_text="The lowest card is exiled").first.click()
    page.wait_for_selector(".af-step", state="visible", timeout=LOAD_MS)
    bar.check("a lesson opened from the Lessons tab")
    page.locator(".af-last:visible").first.click()
    page.wait_for_function("document.querySelector('.af-winners').innerText.includes('Caio')")
    page.get_by_role("tab", name="Quiz").click()
    page.wait_for_selector(".af-quiz-exiled", timeout=LOAD_MS)           # the expansion asks who exiles
    assert "4. The Exiled expansion" in page.locator(".af-quiz-progress").inner_text()
    # checked untouched but for one winning card: the feedback answers with cards, not players
    winner = page.locator(".af-quiz-winners button").first
    picked = winner.inner_text()
    winner.click()
    page.locator(".af-quiz-check").click()
    page.wait_for_function("() => document.querySelector('.af-quiz-feedback').innerText.includes('Why')",
                           timeout=60_000)
    row = page.locator(".af-quiz-feedback tr", has_text="Winning card(s)").first.inner_text()
    assert f"you: {picked}" in row and ("answer: " in row or "right" in row)
    assert "'s " in row.split("answer:")[-1] and "the engine" not in row
    assert "you: not answered" in page.locator(".af-quiz-feedback").inner_text()
    # the rest of the quiz answered in full (who exiles too): fully right, to the summary
    state = Quiz(level=3)
    state.answer(state.question().answer())
    state.next()
    for k in range(2, 6):
        page.locator(".af-quiz-next").click()
        quiz_step(page, bar, state, f"question {k} of 5")
        state.next()
    page.locator(".af-quiz-next", has_text="See the summary").click()
    page.wait_for_function("() => document.querySelector('.af-quiz-summary').innerText.includes('Quiz done')",
                           timeout=60_000)
    assert "4 of 5 fully right" in page.locator(".af-quiz-summary").inner_text()
    # the Exiled quiz goes on: Next question starts a new quiz at its level, a question not asked yet
    page.locator(".af-quiz-next", has_text="a new quiz: 4. The Exiled expansion").click()
    state.new_quiz()
    quiz_step(page, bar, state, "4. The Exiled expansion · question 1 of 5")
    phone_screens(page, "exiled")
    assert errors == []
