"""Scenario data (the shape of a scenario TOML file) -> TOML text.

``tomllib.loads(dumps(data)) == data`` for any table of text, whole numbers, floats,
booleans, lists and tables; ``aristofarsa.scenario.loads(dumps(data))`` validates whatever
the data held. The layout follows the bundled lessons: top-level keys first, then one
``[[player]]`` table per player (choices as inline tables), then the other tables
(``[expect]``, ``[crowns]``). Pure Python, no dependencies.
"""
from __future__ import annotations

import math
import re
from collections.abc import Mapping

__all__ = ["dumps", "TomlWriteError"]

_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")
_ESCAPES = {'"': '\\"', "\\": "\\\\", "\b": "\\b", "\t": "\\t", "\n": "\\n", "\f": "\\f",
            "\r": "\\r"}
# the order a person reads a player's table in; unknown keys keep their place after these
_PLAYER_ORDER = ("name", "garden", "conspire", "convoke", "passes", "hand", "parlor", "deck",
                 "discard_pile", "scored", "exiled")


class TomlWriteError(ValueError):
    """A value TOML cannot hold (e.g. None, a set, a non-text key). Only a caller's misuse:
    the apps write only data the validator took, which TOML holds."""


def dumps(data: Mapping[str, object]) -> str:
    """The TOML text of one scenario (or any table)."""
    if not isinstance(data, Mapping):
        raise TomlWriteError(f"a scenario is a table (dict), not {type(data).__name__}")  # i18n: developer
    simple: list[str] = []
    arrays: list[str] = []
    tables: list[str] = []
    for key, value in data.items():
        if _is_table_array(value):
            for item in value:  # type: ignore[attr-defined]
                body = _body(_ordered(item) if key == "player" else item)
                arrays.append(f"[[{_key(key)}]]\n{body}")
        elif isinstance(value, Mapping):
            tables.append(f"[{_key(key)}]\n{_body(value)}")
        else:
            simple.append(f"{_key(key)} = {_value(value)}\n")
    parts = ["".join(simple), *arrays, *tables]
    return "\n".join(p for p in parts if p)


def _is_table_array(value: object) -> bool:
    return isinstance(value, list) and bool(value) and all(isinstance(v, Mapping) for v in value)


def _ordered(table: Mapping[str, object]) -> dict[str, object]:
    known = {k: table[k] for k in _PLAYER_ORDER if k in table}
    return known | {k: v for k, v in table.items() if k not in known}


def _body(table: Mapping[str, object]) -> str:
    return "".join(f"{_key(k)} = {_value(v)}\n" for k, v in table.items())


def _key(key: object) -> str:
    if not isinstance(key, str):
        raise TomlWriteError(f"TOML keys are text, not {key!r}")  # i18n: developer
    return key if _BARE_KEY.fullmatch(key) else _string(key)


def _string(text: str) -> str:
    out = []
    for ch in text:
        if ch in _ESCAPES:
            out.append(_ESCAPES[ch])
        elif ord(ch) < 0x20 or ord(ch) == 0x7F:
            out.append(f"\\u{ord(ch):04X}")
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


def _multiline(text: str) -> str:
    """A readable multi-line basic string: newlines kept, everything else escaped."""
    out = []
    for ch in text:
        if ch == "\n":
            out.append("\n")
        elif ch in _ESCAPES:
            out.append(_ESCAPES[ch])
        elif ord(ch) < 0x20 or ord(ch) == 0x7F:
            out.append(f"\\u{ord(ch):04X}")
        else:
            out.append(ch)
    return '"""\n' + "".join(out) + '"""'   # the newline right after the opening is trimmed


def _value(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if math.isnan(value):
            return "nan"
        if math.isinf(value):
            return "inf" if value > 0 else "-inf"
        return repr(value)
    if isinstance(value, str):
        return _multiline(value) if "\n" in value else _string(value)
    if isinstance(value, Mapping):
        if not value:
            return "{}"
        return "{ " + ", ".join(f"{_key(k)} = {_value(v)}" for k, v in value.items()) + " }"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_value(v) for v in value) + "]"
    raise TomlWriteError(f"TOML cannot hold {value!r} ({type(value).__name__})")  # i18n: developer
