"""The scenario builder and its problems as messages (docs/architecture.md, "Sentences").

- Each problem of a round built by tapping is filed under its field from its message's ID
  and fields, never from its words: under a pseudo-translation and under a catalog whose
  every template says its fields in another order with other words, every problem of a
  battery of broken rounds lands under the same field as in English.
- What the builder pane shows (the Lab's and the Dispute resolver's: empty, partly filled
  with problems, a whole 4-player round with the Exiled expansion) is catalog templates: no
  plain English word outside ⟦…⟧ but names, cards and the game's identifiers.
"""
from __future__ import annotations

import copy
import string
import tomllib
from collections.abc import Iterator
from typing import Any

import pytest

from aristofarsa.controllers.builder import Builder
from aristofarsa.core.messages import Catalog, catalog, pseudo, using
from tests.test_messages import LESSONS

_FORMATTER = string.Formatter()


def reordered(base: Catalog | None = None) -> Catalog:
    """A catalog in another "language": each template says its fields last first, between
    words of its own (``Ẑó {b} ẑá {a} ẑó``), so a field's place and its neighbours differ."""
    def change(template: str) -> str:
        fields = [(name, spec, conv) for _, name, spec, conv in _FORMATTER.parse(template)
                  if name is not None]
        said = "".join(" {" + name + ("!" + conv if conv else "") + (":" + spec if spec else "")
                       + "} ẑá" for name, spec, conv in reversed(fields))
        return "Ẑó" + said + " ẑó"
    return (base or catalog()).map(change)


BAD_PLAYER = [("garden", "zz"), ("garden", "Scribe"), ("conspire", {"card": "Witch", "target": 3}),
              ("conspire", {"card": "Witch", "zz": 1}), ("conspire", {"card": "Bishop", "replay": {"zz": 1}}),
              ("hand", ["zz"]), ("hand", ["Aristocrat", "Aristocrat"]), ("parlor", ["Witch"]),
              ("exiled", ["Bard"]), ("convoke", {"discard": [], "take": "Knight"}),
              ("convoke", {"discard": ["Witch"], "take": "Witch"}), ("passes", True), ("name", ""),
              ("name", "Wx|"), ("zz", 1), ("deck", ["Witch", "Witch"]), ("scored", ["zz"])]
BAD_TOP = [("first", "Zed"), ("variants", ["nope"]), ("seed", -1), ("title", "a\x07"),
           ("expansion", "yes"), ("zz", 1)]


def broken_rounds() -> Iterator[dict[str, Any]]:
    """Lessons broken one key at a time (a player's, a top-level one), a choice left out or
    no longer legal, a player too few, a pass where an action is possible."""
    for path in LESSONS[::14]:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        data.pop("expect", None)
        for key, value in BAD_TOP:
            yield {**data, key: value}
        for p in (0, len(data["player"]) - 1):
            for key, value in BAD_PLAYER:
                d = copy.deepcopy(data)
                if key in ("convoke", "passes"):      # the Phase-2 action instead of the file's
                    for action in ("conspire", "convoke", "passes"):
                        d["player"][p].pop(action, None)
                d["player"][p][key] = value
                yield d
            for source in ("conspire", "garden"):
                table = data["player"][p].get(source)
                for choice in (c for c in (table if isinstance(table, dict) else {}) if c != "card"):
                    for value in (None, "Zed"):
                        d = copy.deepcopy(data)
                        if value is None:
                            del d["player"][p][source][choice]
                        else:
                            d["player"][p][source][choice] = value
                        yield d
        yield {**data, "player": data["player"][:2]}


def _filed(data: dict[str, Any]) -> dict[str, list[str]]:
    lab = Builder.from_data(copy.deepcopy(data))
    dispute = Builder.from_data(copy.deepcopy(data))
    dispute.empty = True
    return {**{f"lab {k}": v for k, v in lab.check().problems.items()},
            **{f"dispute {k}": v for k, v in dispute.check().problems.items()},
            **{f"warning {k}": v for k, v in lab.check().warnings.items()}}


@pytest.mark.parametrize("translation", [pseudo, reordered])
def test_every_builder_problem_is_filed_the_same_in_any_language(translation) -> None:
    rounds = list(broken_rounds())
    english = [_filed(d) for d in rounds]
    with using(translation()):
        translated = [_filed(d) for d in rounds]
    fields: set[str] = set()
    for data, said, other in zip(rounds, english, translated, strict=True):
        assert set(said) == set(other), (data, said, other)
        for key in said:
            assert len(said[key]) == len(other[key]) and said[key] != other[key], (key, said, other)
        fields |= {key.split(" ", 1)[1].split(".", 1)[-1] for key in said}
    # the battery reaches the top-level keys and the players' fields alike
    assert {"players", "first", "variants", "seed", "title", "scenario", "name", "garden",
            "conspire.target", "garden.discard", "deck", "hand", "parlor", "convoke.take", "action",
            "player"} <= fields, sorted(fields)
    assert len(fields) >= 20, sorted(fields)
