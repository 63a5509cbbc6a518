"""scenario_toml.dumps: data -> TOML text that reads back equal and validates."""
from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from aristofarsa import SCENARIOS_DIR, scenario
from aristofarsa.scenario.toml import TomlWriteError, dumps

LESSONS = sorted(SCENARIOS_DIR.glob("*.toml"))


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.stem)
def test_every_lesson_round_trips(path: Path) -> None:
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    text = dumps(data)
    assert tomllib.loads(text) == data
    original = scenario.load(path)
    again = scenario.loads(text, str(path))
    assert again == original


def test_lessons_found() -> None:
    assert len(LESSONS) >= 100


def test_players_come_as_table_arrays_with_inline_choices() -> None:
    data = {"title": "t", "player": [
        {"name": "Ana", "garden": "Knight", "conspire": {"card": "Witch", "target": "Caio", "delta": -5}},
        {"name": "Bruno", "garden": "Rogue", "convoke": {"discard": ["Servant"], "take": "Bishop"}},
        {"name": "Caio", "garden": "Aristocrat", "conspire": "Jester"}],
        "expect": {"winners": ["Caio"], "prestige": {"Ana": 5}}}
    text = dumps(data)
    assert text.index('title = "t"') < text.index("[[player]]") < text.index("[expect]")
    assert 'conspire = { card = "Witch", target = "Caio", delta = -5 }' in text
    assert "prestige = { Ana = 5 }" in text
    assert tomllib.loads(text) == data


@pytest.mark.parametrize("text", ['say "hi"', "back\\slash", "tab\there", "bell\x07", "del\x7f",
                                  "crlf\r\nline", "ünïcödé ✓ 🃏", '"""', "ends with quote\"",
                                  "\nleading newline", "trailing\\", "a'b'''c"])
def test_strings_escape(text: str) -> None:
    data = {"title": text, "description": text, "player": [{"name": text}], "k": {text: text}}
    assert tomllib.loads(dumps(data)) == data


def test_odd_keys_are_quoted() -> None:
    data = {"a b": 1, "ü": 2, "": 3, "x.y": {"q\"": [1, 2]}}
    assert tomllib.loads(dumps(data)) == data


@pytest.mark.parametrize("bad", [{"x": None}, {"x": {1, 2}}, {1: 2}, [1]])
def test_values_toml_cannot_hold_are_refused(bad: object) -> None:
    with pytest.raises(TomlWriteError):
        dumps(bad)  # type: ignore[arg-type]


_scalar = st.one_of(st.text(), st.integers(), st.booleans(),
                    st.floats(allow_nan=False))
_value = st.recursive(_scalar, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(st.text(), inner, max_size=4)), max_leaves=12)


@settings(max_examples=200, deadline=None)
@given(st.dictionaries(st.text(), _value, max_size=6),
       st.lists(st.dictionaries(st.text(), _value, max_size=4), max_size=3))
def test_any_table_round_trips(data: dict, players: list) -> None:
    data = dict(data)
    data["player"] = players
    assert tomllib.loads(dumps(data)) == data
