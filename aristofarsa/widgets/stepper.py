"""The stepper: |◀ ◀ ▶ ▶| (``af-first af-prev af-next af-last``), a slider, the current
event (``af-step``) with its ruling, the board with the touched cards highlighted, and the
viewer dropdown (``af-viewer``). Every step and every sentence comes from the Stepper."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

import ipywidgets as ipw  # type: ignore[import-untyped]

from ..controllers.stepper import Frame, Stepper
from ..core.messages import text
from ..render import html
from .board import BoardView
from .common import Guard, wrap_row


def everyone() -> str:
    """The viewer dropdown's choice of no one's eyes: every card shown."""
    return text("stepper.everyone")


class StepperView(ipw.VBox):
    """Buttons and a slider over a Stepper; ``on_step`` callbacks get each new frame."""

    def __init__(self, stepper: Stepper, viewer_choice: bool = True, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._stepper = stepper
        self._callbacks: list[Callable[[Frame], None]] = []
        self._guard = Guard()
        self._switching = False
        self.step = ipw.HTML()
        self.step.add_class("af-step")
        self.board = BoardView()
        self.slider = ipw.IntSlider(min=0, max=max(len(stepper) - 1, 0), readout=False,
                                    continuous_update=False, description="",
                                    layout=ipw.Layout(flex="1 1 10em", min_width="8em", max_width="100%"))
        self.slider.observe(self._on_slider, names="value")
        self.slider.add_class("af-slider")
        self.buttons = {hook: self._button(label, tip, hook, action) for label, tip, hook, action in (
            ("|◀", text("stepper.first"), "af-first", lambda: self._stepper.first()),
            ("◀", text("stepper.previous"), "af-prev", lambda: self._stepper.back()),
            ("▶", text("stepper.next"), "af-next", lambda: self._stepper.next()),
            ("▶|", text("stepper.last"), "af-last", lambda: self._stepper.last()))}
        # the guard only keeps the slider's echo from moving twice; the buttons stay enabled,
        # so a quick second click on ▶ is one more step, never a click lost on a disabled button
        self._guard.after = self._enable
        self.viewer = ipw.Dropdown(options=self._viewer_options(), value=stepper.viewer or "",
                                   description=text("stepper.seen-by"),
                                   layout=ipw.Layout(width="auto", max_width="100%"),
                                   style={"description_width": "auto"})
        self.viewer.add_class("af-viewer")
        self.viewer.observe(self._on_viewer, names="value")
        controls = wrap_row([*self.buttons.values(), self.slider])
        self.children = [controls, self.step, self.board] + ([self.viewer] if viewer_choice else [])
        if viewer_choice:   # the viewer sits right under the buttons
            self.children = [controls, self.viewer, self.step, self.board]
        self.layout.max_width = "100%"
        self._show()

    @property
    def stepper(self) -> Stepper:
        return self._stepper

    def use(self, stepper: Stepper) -> None:
        """Step through another round (e.g. the next lesson, or another round of a game)."""
        self._stepper = stepper
        self._switching = True     # the slider and dropdown echo these changes: ignore them
        try:
            self.slider.max = max(len(stepper) - 1, 0)
            options = self._viewer_options()
            if list(self.viewer.options) != options:
                self.viewer.options = options
            self.viewer.value = stepper.viewer or ""
        finally:
            self._switching = False
        self._show()

    def on_step(self, callback: Callable[[Frame], None]) -> None:
        self._callbacks.append(callback)

    def _viewer_options(self) -> list[tuple[str, str]]:
        return [(everyone(), "") if name is None else (text("stepper.eyes", name=name), name)
                for name in self._stepper.viewers]

    def _button(self, label: str, tip: str, hook: str, action: Callable[[], None]) -> ipw.Button:
        button = ipw.Button(description=label, tooltip=tip, layout=ipw.Layout(width="3em", height="2.4em"))
        button.add_class(hook)
        def clicked(_: ipw.Button) -> None:
            action()
            self._show()

        button.on_click(self._guard(clicked))
        return button

    def _on_slider(self, change: dict[str, Any]) -> None:
        quiet = self._guard.busy or self._switching        # _show()'s or use()'s echo
        if change["new"] != self._stepper.index and not quiet:
            self._guard(self._go)(change["new"])

    def _go(self, k: int) -> None:
        self._stepper.go(k)
        self._show()

    def _on_viewer(self, change: dict[str, Any]) -> None:
        viewer = change["new"] or None
        if viewer != self._stepper.viewer and not self._switching:
            self._stepper.viewer = viewer
            self._show()

    def _enable(self) -> None:
        """Every button stays clickable (a move past either end changes nothing), so a test
        or a person may press ⏮ at the first step; only a pending update disables them."""
        for button in self.buttons.values():
            button.disabled = False

    def _show(self) -> None:
        frame = self._stepper.frame()            # pure data, tested without Jupyter
        self.slider.value = frame.index
        self.board.show(frame)
        for callback in self._callbacks:
            callback(frame)
        # the step's sentence last: the page receives the updates in this order, so once it
        # shows "Step k of n" the board and every view hooked on the step (graph, ...) show k
        self.step.value = html.step(frame)
        if not self._guard.busy:
            self._enable()
