"""Type mutations: every value of the bundled lessons replaced by values of other types.

Each mutant must either resolve (and render in every format, and compare with `[expect]`)
or raise ScenarioError with a message starting with the file name — never another
exception. A fixed seed and a bounded count keep the test deterministic and quick.
"""
from __future__ import annotations

import copy
import datetime
import random
import tomllib
from typing import Any

import pytest

from aristofarsa import SCENARIOS_DIR, scenario

LESSONS = {p.name: tomllib.loads(p.read_text(encoding="utf-8")) for p in sorted(SCENARIOS_DIR.glob("*.toml"))}

#: Values of every TOML type, and the shapes the format uses, in wrong places.
POOL: list[Any] = [
    -5.0, 5.0, 0.5, float("inf"), float("nan"), True, False, 0, -1, 5, 10**30, -(10**30),
    "", "Ana", "ana", "Jester", "Witch", "x" * 500, "\n", "Ana\x1b[31m", "a|b", "<b>",
    [], ["Ana"], ["Jester"], [["Ana"]], [1, 2], [{"card": "Witch"}], [[]],
    {}, {"card": "Witch"}, {"Ana": 1}, {"Ana": ["Jester"]}, {"Ana": "x"}, {"player": "Ana"},
    datetime.date(1979, 5, 27), datetime.time(7, 32), datetime.datetime(1979, 5, 27, 7, 32),
]


def paths(value: Any, prefix: tuple = ()) -> list[tuple]:
    """Every path to a value inside a parsed TOML document (the root excluded), and the
    top-level and player keys it could have but does not (a mutation adds them)."""
    out = []
    items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
    for key, sub in items:
        out.append(prefix + (key,))
        out += paths(sub, prefix + (key,))
    if prefix == ():
        out += [(key,) for key in scenario.TOP_KEYS if key not in value]
    elif len(prefix) == 2 and prefix[0] == "player":
        out += [prefix + (key,) for key in scenario.PLAYER_KEYS if key not in value]
    return out


def replaced(data: dict, path: tuple, new: Any) -> dict:
    data = copy.deepcopy(data)
    holder = data
    for key in path[:-1]:
        holder = holder[key]
    holder[path[-1]] = copy.deepcopy(new)
    return data


def mutants(count: int, seed: int) -> list[tuple[str, tuple, Any, dict]]:
    rng = random.Random(seed)
    every = [(name, path) for name, data in LESSONS.items() for path in paths(data)]
    out = []
    for _ in range(count):
        name, path = rng.choice(every)
        new = rng.choice(POOL)
        out.append((name, path, new, replaced(LESSONS[name], path, new)))
    return out


def resolve_fully(data: dict, name: str) -> None:
    """What `check` does and what `resolve` does in each format."""
    try:
        sc = scenario.validate(data, name)
        quick = scenario.run(sc, trace=False)
        scenario.check_expect(sc, quick)
        result = scenario.run(sc)
        result.to_json()
        result.to_text()
        result.to_markdown()
        result._repr_html_()
    except scenario.ScenarioError as exc:
        assert str(exc).startswith(f"{name}: "), str(exc)
        assert len(str(exc)) < 2000, str(exc)[:300]


@pytest.mark.parametrize("chunk", range(6))
def test_type_mutations_resolve_or_raise_scenario_error(chunk):
    crashes = []
    for name, path, new, data in mutants(3000, seed=9)[chunk * 500:(chunk + 1) * 500]:
        try:
            resolve_fully(data, name)
        except AssertionError:
            raise
        except Exception as exc:  # noqa: BLE001 - any other exception is the failure
            crashes.append(f"{name}: {'.'.join(map(str, path))} = {new!r}: {type(exc).__name__}: {exc}")
    assert not crashes, "\n".join(crashes[:20])


def test_every_top_level_and_player_key_is_mutated():
    """The sample reaches every kind of key, so no key escapes the type checks."""
    keys = {path[0] if path[0] != "player" else "player." + str(path[2])
            for _, path, _, _ in mutants(3000, seed=9) if path[0] != "player" or len(path) > 2}
    for key in ("title", "description", "seed", "rulings", "expect", "player.name", "player.garden",
                "player.conspire", "player.hand"):
        assert key in keys, key
