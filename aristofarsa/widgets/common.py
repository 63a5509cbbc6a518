"""Shared bits of every app view: the stylesheet, CSS hooks, and the click guard."""
from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import ipywidgets as ipw  # type: ignore[import-untyped]

from ..render import html


def styles() -> ipw.HTML:
    """The apps' stylesheet (local, no CDN); put it once in each app."""
    return ipw.HTML(html.CSS, layout=ipw.Layout(height="0px", overflow="hidden", margin="0"))


def hook(widget: ipw.DOMWidget, *classes: str) -> ipw.DOMWidget:
    for name in classes:
        widget.add_class(name)
    return widget


def wrap_row(children: Iterable[ipw.Widget] = (), **layout: Any) -> ipw.Box:
    """A row that wraps onto the next line on a phone."""
    return ipw.Box(list(children), layout=ipw.Layout(display="flex", flex_flow="row wrap",
                                                     align_items="center", max_width="100%", **layout))


class Guard:
    """Ignore clicks that arrive while an update is pending, and disable the given buttons
    during it, so a double click or an impatient click changes nothing twice."""

    def __init__(self) -> None:
        self.busy = False
        self.buttons: list[ipw.Button] = []
        self.after: Callable[[], None] = _nothing   # recomputes button states after an update

    def __call__(self, action: Callable[..., Any]) -> Callable[..., Any]:
        def guarded(*args: Any) -> None:
            if self.busy:
                return
            self.busy = True
            states = [(b, b.disabled) for b in self.buttons]
            for b, _ in states:
                b.disabled = True
            try:
                action(*args)
            finally:
                for b, was in states:
                    if b.disabled and not was:
                        b.disabled = False
                self.busy = False
                self.after()

        return guarded


def _nothing() -> None:
    return None
