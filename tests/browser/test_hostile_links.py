"""Hostile input (issue 30) in a real browser: a Learn link that a chat app has extended with
its own parameter (``&fbclid=…``) keeps its quiz progress (the unknown parameter dropped the
whole query before: 9/12 at level 3 became 0/0 at level 1). One page load."""
from __future__ import annotations

import pytest

from aristofarsa.controllers.quiz import Quiz

pytestmark = pytest.mark.browser

APP = "/voila/render/learn.ipynb"
LOAD_MS = 120_000


def test_learn_keeps_its_progress_through_an_unknown_query_parameter(app_server, page):
    code = Quiz(seed=5, level=2, counter=12, total_right=9, total_asked=12).code()
    page.goto(f"{app_server.rstrip('/')}{APP}?fbclid=IwAR2abc&progress={code}&utm_source=chat",
              timeout=LOAD_MS)
    page.wait_for_selector(".af-learn .lm-TabBar", timeout=LOAD_MS)
    page.get_by_role("tab", name="Quiz").click()          # a resumed quiz may open on it already
    page.wait_for_function("() => (document.querySelector('.af-quiz-progress') || {}).innerText"
                           "?.includes('9/12')", timeout=60_000)
    progress = page.locator(".af-quiz-progress").inner_text()
    assert "3. Jester and Bishop" in progress and "all quizzes 9/12" in progress, progress
    assert page.locator(".af-error").is_hidden()
