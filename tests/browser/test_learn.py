"""Learn the rules in a real browser: the card tour, predict a round, answer a quiz."""
from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser

APP = "/voila/render/learn.ipynb"
LOAD_MS = 120_000


def test_learn_tour_predict_and_quiz(app_server, page):
    page.goto(f"{app_server.rstrip('/')}{APP}?lesson=b5-merchant-knight-anyway&seed=1", timeout=LOAD_MS)
    page.wait_for_selector(".af-app", timeout=LOAD_MS)
    assert "Rogue" in page.locator(".af-card").first.inner_text()
    assert page.locator(".af-error").is_hidden()
    # a round: predict, then the explanation appears
    page.get_by_role("tab", name="A round").click()
    predict = page.locator(".af-predict", has_text="Edu")
    predict.click()
    page.wait_for_selector("text=You predicted", timeout=LOAD_MS)
    # the explanation is drawn in a later message than the verdict
    page.wait_for_function("document.body.innerText.includes('Lesson (B5')", timeout=15_000)
    assert "right" in page.locator(".af-verdict").inner_text()   # Edu wins B5
    page.locator(".af-last:visible").first.click()
    page.wait_for_function("document.querySelector('.af-winners').innerText.includes('Edu')")
    # the quiz: answer, get a verdict and a score
    page.get_by_role("tab", name="Quiz").click()
    option = page.locator(".af-quiz-option").first
    option.click()
    page.wait_for_selector(".af-quiz-result >> text=/Right|Not quite/", timeout=LOAD_MS)
    assert "/1" in page.locator(".af-quiz-score").inner_text()


def test_learn_bad_lesson_shows_a_message(app_server, page):
    page.goto(f"{app_server.rstrip('/')}{APP}?lesson=no-such-lesson", timeout=LOAD_MS)
    page.wait_for_selector(".af-app", timeout=LOAD_MS)
    error = page.locator(".af-error")
    assert error.is_visible() and "unknown lesson" in error.inner_text()


def test_learn_opens_the_lesson_in_the_lab(app_server, page):
    page.goto(f"{app_server.rstrip('/')}{APP}?lesson=b13-bishop-chain", timeout=LOAD_MS)
    page.wait_for_selector(".af-app", timeout=LOAD_MS)
    page.get_by_role("tab", name="A round").click()
    link = page.locator(".af-open-lab a")
    assert link.get_attribute("href") == "lab.ipynb?lesson=b13-bishop-chain"
    # each step shows its ruling, from the Lab's stepper
    page.locator(".af-next:visible").first.click()
    page.wait_for_function("document.querySelector('.af-step').innerText.includes('Step 2 of')")
    assert "Ruling " in page.locator(".af-step").first.inner_text()
    href = link.evaluate("a => a.href")                   # the address the click opens
    page.goto(href, timeout=LOAD_MS)
    page.wait_for_selector(".af-step", state="attached", timeout=LOAD_MS)
    assert page.locator(".af-error").first.is_hidden()
    assert "b13-bishop-chain" in page.content()
