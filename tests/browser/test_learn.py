"""Learn the rules in a real browser: the whole reading path (every rules page and card), a
lesson predicted, a five-question quiz of unseen rounds answered to its summary (one field wrong
on purpose), the progress kept through a reload, one question of every other level; the tab bar
where the page opened it on every new screen, at laptop and phone width; no page error.
Screenshots go to ``$AF_SCREENSHOTS`` when it is set."""
from __future__ import annotations

import os
from dataclasses import replace
from pathlib import Path

import pytest

from aristofarsa import scenario
from aristofarsa.controllers.quiz import GAME_ENDS, Quiz
from aristofarsa.controllers.rules import learn_pages
from aristofarsa.controllers.sources import LESSONS_DIR
from aristofarsa.core.cards import BASE_CARDS
from aristofarsa.core.messages import text

pytestmark = pytest.mark.browser

APP = "/voila/render/learn.ipynb"
LOAD_MS = 120_000
SEED = 5
SHOTS = Path(os.environ["AF_SCREENSHOTS"]) if os.environ.get("AF_SCREENSHOTS") else None
LAPTOP, PHONE = {"width": 1366, "height": 900}, {"width": 390, "height": 844}
TABS = ("Rules", "Cards", "A round", "Quiz", "Lessons")
BAR_TOP = "() => document.querySelector('.af-learn .lm-TabBar').getBoundingClientRect().top"
#: the open tab's pane shows its content (a pane is built the first time its tab opens)
SHOWN_PANE = ("() => [...document.querySelectorAll('.af-learn .widget-tab-contents > .lm-Widget')]"
              ".some(w => !w.classList.contains('lm-mod-hidden') && w.innerText.trim().length > 40)")
AT_TOP = "() => { const m = document.querySelector('#rendered_cells'); if (m) m.scrollTop = 0; }"


def shot(page, name: str) -> None:
    """A screenshot of what the reader sees, into $AF_SCREENSHOTS when it is set."""
    if SHOTS is not None:
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / f"{name}-{page.viewport_size['width']}.png"))


class TabBar:
    """Where the tab bar is on the screen when the page opens (at this width), and a check that
    every new screen (a tab, a rules page, a card, a quiz question) leaves it there: the
    reader's next click lands on the tab it aims at."""

    def __init__(self, page) -> None:
        self.page = page
        page.evaluate(AT_TOP)
        page.wait_for_timeout(300)
        self.home = page.evaluate(BAR_TOP)
        self.checked: list[str] = []

    def check(self, where: str) -> None:
        try:
            self.page.wait_for_function(f"y => Math.abs(({BAR_TOP})() - y) < 1.5", arg=self.home,
                                        timeout=15_000)
        except Exception:      # Playwright's TimeoutError: say where and how far it moved
            raise AssertionError(f"the tab bar moved at {where}: at {self.page.evaluate(BAR_TOP)} px, "
                                 f"not {self.home} px") from None
        self.checked.append(where)


def page_errors(page) -> list[str]:
    """The page's uncaught script errors, recorded from now on."""
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    return errors


def every_tab(page, bar: TabBar, app: str) -> None:
    """Each tab in turn, the tab bar where it was; a screenshot of each."""
    for name in (*TABS[1:], TABS[0]):
        page.get_by_role("tab", name=name, exact=True).click()
        page.wait_for_function("n => [...document.querySelectorAll('.lm-TabBar-tab.lm-mod-current')]"
                               ".some(t => t.innerText.trim() === n)", arg=name, timeout=30_000)
        bar.check(f"the {name} tab")
        page.wait_for_function(SHOWN_PANE, timeout=60_000)         # a pane built on first opening
        shot(page, f"{app}-tab-{name.replace(' ', '-').lower()}")


def shown_first(next_first: str) -> str:
    """Who starts the next round as the form's button says it ("nobody: the game ends" when the
    game ends with the round)."""
    return text("quiz.game-ends") if next_first == GAME_ENDS else next_first


def _answer(page, q, answer) -> None:
    """Click and type a full answer into the quiz form, as a learner would."""
    garden = dict(q.garden_cards())
    for player in answer.winners:
        page.locator(".af-quiz-winners button", has_text=f"{player}'s {garden[player]}").click()
    page.locator(".af-quiz-next-first button", has_text=shown_first(answer.next_first)).first.click()
    inputs = page.locator(".af-quiz-prestige input")
    for k, (_, value) in enumerate(answer.prestige):
        inputs.nth(k).fill(str(value))
        inputs.nth(k).press("Tab")
    left = list(answer.scored)
    buttons = page.locator(".af-quiz-scored button")
    for k in range(buttons.count()):
        value = buttons.nth(k).inner_text().rsplit(" (", 1)[0]
        if value in left:
            left.remove(value)
            buttons.nth(k).click()
    assert not left
    for player in answer.free_convokes:
        page.locator(".af-quiz-free-convokes button", has_text=player).click()
    for player in answer.exiled:
        page.locator(".af-quiz-exiled button", has_text=player).click()


def read_path(page, titles: list[str], cards: list[str], bar: TabBar | None = None, app: str = "",
              laid_out: bool = False) -> None:
    """Read the app's reading path as a learner does: every rules page (with its reading time,
    its live example and its rulings) with Next page, then every card of the Cards tab with
    Next card (each with its reading time and its notes as ruled); with ``bar``, each new page
    leaves the tab bar where it was, and the first page and card are photographed; with
    ``laid_out``, each rules page is laid out as the width wants (:func:`laid_out_well`)."""
    for k, title in enumerate(titles):
        page.wait_for_function("t => document.querySelector('.af-rules-page').innerText.includes(t)",
                               arg=title, timeout=30_000)
        assert "Example (a lesson played out)" in page.locator(".af-rules .af-example").inner_text()
        assert "Reading time: " in page.locator(".af-rules").inner_text()
        if laid_out:
            laid_out_well(page, title)
        if bar is not None:
            bar.check(f"rules page {k + 1}")
        if k < len(titles) - 1:
            page.locator(".af-rules-next").click()
    page.get_by_role("tab", name="Cards").click()
    for k, card in enumerate(cards):
        view = page.locator(".af-card-view:visible").first
        view.wait_for(timeout=LOAD_MS)
        page.wait_for_function("c => [...document.querySelectorAll('.af-card-view')].some("
                               "e => e.offsetParent && e.innerText.startsWith(c))", arg=card, timeout=30_000)
        assert "As ruled" in view.inner_text()
        if bar is not None:
            bar.check(f"card {card}")
        if k < len(cards) - 1:
            page.locator(".af-card-next:visible").click()


def take_one(page, q, answer=None) -> str:
    """Answer one question in full (the engine's answer unless given), check it; the feedback."""
    page.wait_for_function("p => p.every(n => document.querySelector('.af-quiz-question')"
                           ".innerText.includes(n))", arg=q.players, timeout=30_000)
    page.wait_for_function("() => document.querySelector('.af-quiz-next').innerText"      # says why it waits
                           ".includes('check your answer first')", timeout=30_000)
    _answer(page, q, answer or q.answer())
    page.locator(".af-quiz-check").click()
    page.wait_for_function("() => document.querySelector('.af-quiz-feedback').innerText.includes('Why')",
                           timeout=60_000)
    return page.locator(".af-quiz-feedback").inner_text()


def quiz_step(page, bar: TabBar, state: Quiz, progress: str) -> None:
    """Once the quiz's progress reads ``progress``: the tab bar where it was, and ``state``'s
    question answered in full, checked fully right and recorded in ``state``."""
    page.wait_for_function("t => document.querySelector('.af-quiz-progress').innerText.includes(t)",
                           arg=progress, timeout=60_000)
    bar.check(progress)
    q = state.question()
    assert "Fully right" in take_one(page, q)
    state.answer(q.answer())


def phone_screens(page, app: str) -> None:
    """At phone width: every tab, a next rules page, a next card and (after the checked question
    the quiz is at) the next quiz question, the tab bar where the page had it at that width;
    screenshots of each."""
    page.set_viewport_size(PHONE)
    page.get_by_role("tab", name="Rules", exact=True).click()
    bar = TabBar(page)
    shot(page, f"{app}-rules")
    every_tab(page, bar, app)
    turn = page.locator(".af-rules-next")
    (turn if turn.is_enabled() else page.locator(".af-rules-prev")).click()    # at the last page: back
    bar.check("another rules page, on a phone")
    page.get_by_role("tab", name="Cards", exact=True).click()
    page.locator(".af-card-next:visible").click()
    bar.check("the next card, on a phone")
    page.get_by_role("tab", name="Quiz", exact=True).click()          # its last question is checked
    page.wait_for_function("() => document.querySelector('.af-quiz-feedback').innerText.includes('Why')",
                           timeout=60_000)
    shot(page, f"{app}-quiz-checked")
    page.locator(".af-quiz-next").click()
    bar.check("the next question, on a phone")
    shot(page, f"{app}-quiz-question")


def test_reading_path_quizzes_of_every_level_and_a_reload(app_server, page):
    errors = page_errors(page)
    page.set_viewport_size(LAPTOP)
    page.goto(f"{app_server.rstrip('/')}{APP}?seed={SEED}", timeout=LOAD_MS)
    page.wait_for_selector(".af-rules", timeout=LOAD_MS)
    assert page.locator(".af-error").is_hidden()
    bar = TabBar(page)
    shot(page, "learn-rules")
    # the reading path: the rules pages, in play order, each with its reading time, a live
    # example and rulings that open in the page; then every card, as ruled
    read_path(page, [p.title for p in learn_pages()], BASE_CARDS, bar, laid_out=True)
    every_tab(page, bar, "learn")
    ref = page.locator(".af-rules-page .af-ruling-ref summary").first
    ruling = ref.inner_text()
    ref.click()
    assert f"{ruling} " in page.locator(".af-rules-page .af-ruling-ref[open]").first.inner_text()
    # the quiz: five unseen rounds, each answered in full; the second with a wrong next starter
    page.get_by_role("tab", name="Quiz").click()
    page.wait_for_selector(".af-quiz-question", timeout=LOAD_MS)
    state = Quiz(seed=SEED)
    for k in range(5):
        q = state.question()
        page.wait_for_function("t => document.querySelector('.af-quiz-progress').innerText.includes(t)",
                               arg=f"question {k + 1} of 5", timeout=60_000)
        bar.check(f"quiz question {k + 1}")
        answer = q.answer()
        if k == 1:
            answer = replace(answer, next_first=next(p for p in q.players if p != answer.next_first))
        feedback = take_one(page, q, answer)
        if k == 1:
            assert "Not quite: Starts the next round wrong" in feedback
            assert "earliest winning card" in feedback              # the rule behind the field
            assert f"answer: {shown_first(q.answer().next_first)}" in feedback
            assert "the engine" not in feedback
            shot(page, "learn-quiz-feedback")
        else:
            assert "Fully right" in feedback, feedback[:300]
        state.answer(answer)
        state.next()
        page.locator(".af-quiz-next").click()
    page.wait_for_function("() => document.querySelector('.af-quiz-summary').innerText.includes('Quiz done')",
                           timeout=60_000)
    bar.check("the quiz's summary")
    summary = page.locator(".af-quiz-summary").inner_text()
    assert "4 of 5 fully right" in summary and "What to review" in summary
    shot(page, "learn-quiz-summary")
    page.wait_for_function("() => location.search.includes('progress=')", timeout=30_000)
    # a reload keeps the progress: level, score, topics missed
    page.reload(timeout=LOAD_MS)
    page.wait_for_selector(".af-quiz-progress", timeout=LOAD_MS)
    page.wait_for_function("() => document.querySelector('.af-quiz-progress').innerText.includes('4/5')",
                           timeout=60_000)
    progress = page.locator(".af-quiz-progress").inner_text()
    assert "1. The Garden decides" in progress and "all quizzes 4/5" in progress
    assert "What to review" in page.locator(".af-quiz-summary").inner_text()
    assert page.locator(".af-error").is_hidden()
    # Next question goes on after the summary: a quiz of the next level; then one question of
    # each level after it, from the level picker
    page.locator(".af-quiz-next", has_text="a new quiz: 2. Balcony effects").click()
    state.new_quiz(1)
    for title in ("2. Balcony effects", "3. Jester and Bishop", "4. The Exiled expansion"):
        if not title.startswith("2."):
            page.locator(".widget-toggle-buttons button", has_text=title).first.click()
            state.set_level(int(title[0]) - 1)
        quiz_step(page, bar, state, f"{title} · question 1 of 5")
    phone_screens(page, "learn")
    every_rules_page_laid_out(page)                       # ... at phone width
    assert errors == []


#: the ruling references on a rules page whose "(" or ")" sits on another line than the ID
STRAY_PARENS = """() => {
  const bad = [];
  for (const d of document.querySelectorAll('.af-rules-page .af-ruling-ref')) {
    const id = d.querySelector('summary').getBoundingClientRect();
    for (const [node, at] of [[d.previousSibling, -1], [d.nextSibling, 0]]) {
      if (!node || node.nodeType !== 3 || !node.textContent.length) continue;
      const i = at < 0 ? node.textContent.length - 1 : 0;
      if (!'()'.includes(node.textContent[i])) continue;
      const r = document.createRange();
      r.setStart(node, i); r.setEnd(node, i + 1);
      const apart = Math.abs(r.getBoundingClientRect().bottom - id.bottom) > 6;
      if (apart) bad.push(node.textContent[i] + ' ' + d.querySelector('summary').innerText);
    }
  }
  return bad;
}"""


#: True once the shown rules page's text and live example are placed as the width wants.
PLACED = """wide => {
  const shown = sel => [...document.querySelectorAll(sel)].find(e => e.offsetParent !== null);
  const text = shown('.af-rules-page'), example = shown('.af-rules-example');
  if (!text || !example) return false;
  const t = text.getBoundingClientRect(), e = example.getBoundingClientRect();
  return wide ? e.left > t.right - 1 && e.width > 250 : e.top >= t.bottom - 1;
}"""


def laid_out_well(page, title: str) -> None:
    """The rules page shown (``title``): no "(" or ")" of a ruling reference alone on a line;
    its text and its live example side by side on a laptop, using the panel, one above the
    other on a phone (waited for: the example is laid out after the page's text)."""
    assert page.evaluate(STRAY_PARENS) == [], title
    page.wait_for_function(PLACED, arg=page.viewport_size["width"] >= 1000, timeout=30_000)


def every_rules_page_laid_out(page) -> None:
    """Back to the first rules page, then each in turn with Next page, each laid out well at the
    page's width (the laptop's are checked while the reading path is read)."""
    pages = learn_pages()
    page.get_by_role("tab", name="Rules", exact=True).click()
    first = "t => document.querySelector('.af-rules-page').innerText.includes(t)"
    shown = page.locator(".af-rules-page").inner_text()
    at = max(k for k, p in enumerate(pages) if p.title in shown)     # the page the reader is at
    for k in range(at - 1, -1, -1):
        page.locator(".af-rules-prev").click()
        page.wait_for_function(first, arg=pages[k].title, timeout=30_000)
    for k, rules_page in enumerate(pages):
        page.wait_for_function(first, arg=rules_page.title, timeout=30_000)
        laid_out_well(page, rules_page.title)
        if k < len(pages) - 1:
            page.locator(".af-rules-next").click()


def test_learn_predict_a_lesson(app_server, page):
    page.goto(f"{app_server.rstrip('/')}{APP}?lesson=b5-merchant-knight-anyway", timeout=LOAD_MS)
    page.wait_for_selector(".af-app", timeout=LOAD_MS)
    page.get_by_role("tab", name="A round", exact=True).click()
    page.locator(".af-predict", has_text="Edu").click()
    page.locator(".af-predict-check").click()
    page.wait_for_selector("text=You predicted", timeout=LOAD_MS)
    page.wait_for_function("document.body.innerText.includes('by any route')", timeout=15_000)
    assert "right" in page.locator(".af-verdict").inner_text()   # Edu's card wins B5
    page.locator(".af-last:visible").first.click()
    page.wait_for_function("document.querySelector('.af-winners').innerText.includes('Edu')")


def test_learn_bad_lesson_shows_a_message(app_server, page):
    page.goto(f"{app_server.rstrip('/')}{APP}?lesson=no-such-lesson", timeout=LOAD_MS)
    page.wait_for_selector(".af-app", timeout=LOAD_MS)
    error = page.locator(".af-error")
    assert error.is_visible() and "unknown lesson" in error.inner_text()


def test_learn_opens_the_lesson_in_the_lab(app_server, page):
    page.goto(f"{app_server.rstrip('/')}{APP}?lesson=b13-bishop-chain", timeout=LOAD_MS)
    page.wait_for_selector(".af-app", timeout=LOAD_MS)
    page.get_by_role("tab", name="A round", exact=True).click()
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
    title = scenario.load(LESSONS_DIR / "b13-bishop-chain.toml").title
    page.wait_for_function("t => (document.querySelector('.af-lesson-head') || {}).innerText"
                           "?.includes(t)", arg=title, timeout=30_000)   # the Lab names the lesson
