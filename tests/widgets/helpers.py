"""What the widget tests share."""
from __future__ import annotations

from collections.abc import Callable

import ipywidgets as ipw


def made_by(build: Callable[[], object]) -> int:
    """How many widget models ``build()`` creates (each one is sent to the page)."""
    made: list[ipw.Widget] = []
    ipw.Widget.on_widget_constructed(made.append)
    try:
        build()
    finally:
        ipw.Widget.on_widget_constructed(lambda _: None)
    return len(made)
