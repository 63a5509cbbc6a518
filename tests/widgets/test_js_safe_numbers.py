"""Every number a widget sends to the page reaches it as a plain JavaScript number: Pyodide (the
static site) hands an int from 2**53 - 1 up to the page as a BigInt (measured, Pyodide 0.29), which
cannot be serialized there ("Do not know how to serialize a BigInt") and the widget fails to show,
as Play's Seed field did on the static site."""
from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import ipywidgets.widgets.widget as widget_module  # type: ignore[import-untyped]

from aristofarsa.controllers.play import SEED_MAX
from aristofarsa.widgets.dispute import DisputeApp
from aristofarsa.widgets.exiled import ExiledApp
from aristofarsa.widgets.graphs import GraphsApp
from aristofarsa.widgets.lab import LabApp
from aristofarsa.widgets.learn import LearnApp
from aristofarsa.widgets.play import PlayApp

JS_SAFE = 2**53 - 2          # the largest int Pyodide sends as a Number


def numbers(value: Any) -> Iterator[int]:
    if isinstance(value, bool):
        return
    if isinstance(value, int):
        yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from numbers(v)
    elif isinstance(value, (list, tuple)):
        for v in value:
            yield from numbers(v)


def test_no_widget_of_any_app_holds_a_number_javascript_cannot():
    assert SEED_MAX == JS_SAFE
    apps = [LearnApp.from_query(""), LabApp.from_query("lesson=b13-bishop-chain"),
            PlayApp.from_query(f"players=3&seed={SEED_MAX}&human=1"),
            DisputeApp.from_query("lesson=b13-bishop-chain"), GraphsApp.from_query("ruling=B13"),
            ExiledApp.from_query("")]
    play = apps[2]
    assert isinstance(play, PlayApp)
    assert play.controller.errors == [] and play.controller.seed == SEED_MAX   # the largest seed plays
    assert play._seed.max == SEED_MAX and play._seed.value == SEED_MAX
    too_big = [(type(w).__name__, name, n) for w in list(widget_module._instances.values())
               for name, value in w.get_state().items() for n in numbers(value) if abs(n) > JS_SAFE]
    assert too_big == []


def test_a_seed_above_the_bound_is_a_message_and_a_default_game():
    app = PlayApp.from_query(f"players=3&seed={SEED_MAX + 1}&human=1")
    assert app.controller.seed == 0
    assert app.controller.errors == [f"seed must be 0 to {SEED_MAX}, got {SEED_MAX + 1}"]
    assert f"seed must be 0 to {SEED_MAX}" in app.error.value
