"""Stepper, board and card views without a browser: clicks via Button.click()."""
from __future__ import annotations

import pytest

pytest.importorskip("ipywidgets")

from aristofarsa import SCENARIOS_DIR, scenario  # noqa: E402
from aristofarsa.controllers.stepper import Stepper  # noqa: E402
from aristofarsa.widgets.stepper import StepperView  # noqa: E402

LESSON = SCENARIOS_DIR / "b13-bishop-chain.toml"


@pytest.fixture
def view() -> StepperView:
    return StepperView(Stepper(scenario.run(scenario.load(LESSON))))


def test_hooks_are_on_the_widgets(view: StepperView) -> None:
    for hook in ("af-first", "af-prev", "af-next", "af-last"):
        assert hook in view.buttons[hook]._dom_classes
    assert "af-step" in view.step._dom_classes
    assert "af-viewer" in view.viewer._dom_classes
    assert "af-garden" in view.board.garden._dom_classes
    assert "af-balcony" in view.board.balcony._dom_classes
    assert "af-winners" in view.board.winners._dom_classes


def test_clicks_move_one_event_each(view: StepperView) -> None:
    events = view.stepper.events
    assert events[0].text.replace("'", "&#x27;") in view.step.value
    assert not any(b.disabled for b in view.buttons.values())
    view.buttons["af-prev"].click()                       # nothing before the first step
    assert view.stepper.index == 0
    for k in range(1, 6):
        view.buttons["af-next"].click()
        assert view.stepper.index == k == view.slider.value
    view.buttons["af-prev"].click()
    assert view.stepper.index == 4
    view.buttons["af-first"].click()
    assert view.stepper.index == 0


def test_winners_only_at_the_last_step(view: StepperView) -> None:
    assert view.board.winners.value == "" and view.board.winners.layout.display == "none"
    view.buttons["af-last"].click()
    assert "Dora" in view.board.winners.value
    assert not any(n in view.board.winners.value for n in ("Ana", "Bruno", "Caio"))
    view.buttons["af-next"].click()                       # nothing after the last step
    assert "Dora" in view.board.winners.value
    view.buttons["af-prev"].click()
    assert view.board.winners.value == ""


def test_slider_moves_the_stepper(view: StepperView) -> None:
    view.slider.value = 17
    assert view.stepper.index == 17
    assert "Knight" in view.board.garden.value


def test_viewer_dropdown_hides_face_down_cards(view: StepperView) -> None:
    k = next(i for i, e in enumerate(view.stepper.events) if e.kind == "conspire-secret")
    view.slider.value = k
    assert "Witch" in view.board.balcony.value
    view.viewer.value = "Bruno"
    assert "Witch" not in view.board.balcony.value and "face down" in view.board.balcony.value
    view.viewer.value = ""
    assert "Witch" in view.board.balcony.value


def test_a_click_during_an_update_changes_nothing(view: StepperView) -> None:
    seen: list[int] = []

    def click_again(frame: object) -> None:          # a click arriving mid-update
        seen.append(view.stepper.index)
        view.buttons["af-next"].click()

    view.on_step(click_again)
    view.buttons["af-next"].click()
    assert view.stepper.index == 1 and seen == [1]


def test_buttons_stay_enabled_during_a_step(view: StepperView) -> None:
    """The page gets the step's updates before any re-enable message: a button disabled
    during the update would swallow a quick second click. Every ▶ click is one step."""
    disabled_during: list[bool] = []
    view.on_step(lambda frame: disabled_during.append(any(b.disabled for b in view.buttons.values())))
    view.buttons["af-next"].click()
    view.buttons["af-next"].click()
    assert disabled_during == [False, False] and view.stepper.index == 2
