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
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest

from aristofarsa.controllers.builder import Builder
from aristofarsa.core.messages import Catalog, catalog, pseudo, using
from tests.test_messages import LESSONS, _visible_texts

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


def _walk(widget: Any) -> Iterator[Any]:
    yield widget
    for child in getattr(widget, "children", ()):
        yield from _walk(child)


def _shown(widget: Any, out: list[str], skip: tuple[type, ...]) -> list[str]:
    """Every text a widget tree shows (tests/test_messages.py's ``_visible_texts``) but the
    texts of the subtrees of ``skip`` and the values of chips and lists (a chip's value, not
    shown)."""
    texts = Counter(_visible_texts(widget, []))
    texts -= Counter(t for w in _walk(widget) if isinstance(w, skip) for t in _visible_texts(w, []))
    texts -= Counter(w.value for w in _walk(widget)
                     if hasattr(w, "_options_labels") and isinstance(w.value, str) and w.value)
    return out + list(texts.elements())


def test_the_builder_pane_is_told_by_the_catalog_alone() -> None:
    """The builder pane as the Lab and the Dispute resolver show it (empty; partly filled,
    with its problems marked under their fields; a whole 4-player round with the Exiled
    expansion, every fold open and a house rule on) and the round opener beside it (with an
    upload too big and a pasted text that is not a round) show catalog sentences alone:
    outside ⟦…⟧ only names, cards, the game's identifiers and numbers. The lessons' titles in
    the opener's list and the one-line box (widgets/line.py) are left out: data, and another
    module's."""
    pytest.importorskip("ipywidgets")
    from aristofarsa.controllers.dispute import DisputeController
    from aristofarsa.controllers.sources import lesson_choices
    from aristofarsa.widgets.builder import BuilderView, OpenRoundView
    from aristofarsa.widgets.line import LineBox
    from tests.test_messages import LESSONS as ALL
    from tests.test_messages import html_words

    lesson = next(p for p in ALL if p.name == "x1-exiled-deck-top-card.toml")
    whole = tomllib.loads(lesson.read_text(encoding="utf-8"))
    names = {p["name"] for p in whole["player"]} | {"Edu", "Fia"}
    titles = {label for label, _ in lesson_choices()}
    said: list[str] = []
    views: list[BuilderView] = []
    with using(pseudo()):
        for compact in (False, True):
            empty = BuilderView(Builder(players=4, empty=True), compact=compact)
            partly = Builder(players=4, empty=compact)
            partly.pick(0, "garden", "Scribe")                 # a Scribe with nothing drawn yet
            partly.set_action(1, "convoke")
            partly.set_name(2, "")
            partly.pick(3, "garden", "Witch")
            partly.set_conspire(3, "Witch")                    # a second Witch: a problem
            half = BuilderView(partly, compact=compact)
            half.more = {0, 1, 2, 3}
            half.show_problems()
            built = Builder.from_data(copy.deepcopy(whole))
            built.empty = compact
            built.set_flag("final_round", True)
            full = BuilderView(built, compact=compact)
            full.more = {0, 1, 2, 3}
            full.opened = {1}                                  # one open, the others folded
            full.render()
            views += [empty, half, full]
        assert not views[1].builder.check().ok and views[2].builder.check().ok
        assert views[5].builder.all_told()
        for view in views:
            said += _shown(view, [], (LineBox,))
        opener = OpenRoundView(DisputeController(), lambda: None, inline_errors=True)
        opener._on_upload({"new": [{"name": "big.toml", "size": 10**9, "content": b""}]})
        said += [t for t in _shown(opener.errors["upload"], [], ())]
        opener.paste.value = "title = 3"
        opener.resolve.click()
        said += [t for t in _shown(opener, [], (LineBox,)) if t not in titles and t != opener.paste.value]
    said = [s for s in said if s.strip("\u200b\n") and s != whole["title"]]   # the round's own title
    # the texts of every kind were read: headings, summary lines, problems, the opener's errors
    assert sum("⟦" in s for s in said) > 300
    for hook in ("af-problem-count", "af-field-error", "af-player-folded", "af-more-cards",
                 "af-more-settings", "af-source-error"):
        marked = [t for view in [*views, opener] for w in _with_class(view, hook)
                  for t in _shown(w, [], ()) if t.strip("\u200b\n")]
        assert any("⟦" in t for t in marked), (hook, marked)
    assert any("af-valid" in s and "⟦" in s for s in said)
    assert any("big.toml" in s and "⟦" in s for s in said)
    assert any("`title`" in s and "⟦" in s for s in said)
    leftovers = {w for s in said for w in html_words(s, names | {"big", "toml"})}
    assert sorted(leftovers) == [], [s for s in said if html_words(s, names | {"big", "toml"})]


def _with_class(widget: Any, name: str) -> list[Any]:
    return [w for w in _walk(widget) if name in getattr(w, "_dom_classes", ())]
