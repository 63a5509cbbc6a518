"""The scenario builder: one box per player (name, Garden card, Phase-2 action and its
choices, hand), the table's settings, and each validator message under its field."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

import ipywidgets as ipw  # type: ignore[import-untyped]

from ..controllers.builder import ACTIONS, MAX_PLAYERS, MIN_PLAYERS, Builder
from ..render import html
from ..variants import VARIANTS
from .common import Guard, wrap_row

NONE = "— choose —"
ACTION_LABELS = {"conspire": "Conspire", "convoke": "Convoke", "passes": "Pass"}
CHOICE_LABELS = {"target": "target player", "delta": "change", "exchange": "swap with",
                 "discard": "discard", "reveal": "reveals", "give": "gives", "peek": "peek at",
                 "also_score": "also score", "keep": "keeps"}
FIELD = {"layout": ipw.Layout(width="auto", min_width="9em", max_width="100%"),
         "style": {"description_width": "initial"}}


def _label(value: Any) -> str:
    if value is False:
        return "no swap"
    if value is True:
        return "yes"
    if isinstance(value, int):
        return f"{value:+d}"
    return str(value)


def _variant_setter(b: Builder, name: str) -> Callable[[bool], None]:
    def set_(on: bool) -> None:
        b.set_variants([*b.variants, name] if on else [v for v in b.variants if v != name])
    return set_


def _choice_setter(b: Builder, k: int, source: str, key: str) -> Callable[[Any], None]:
    def set_(value: Any) -> None:
        b.set_choice(k, source, key, value)
    return set_


def _slot_setter(setter: Callable[[list[str]], None], cards: list[str], j: int) -> Callable[[Any], None]:
    """Replace card j of the list (None: remove it)."""
    def set_(value: Any) -> None:
        if value is None:
            setter([c for i, c in enumerate(cards) if i != j])
        else:
            setter([value if i == j else c for i, c in enumerate(cards)])
    return set_


def _adder(setter: Callable[[list[str]], None], cards: list[str]) -> Callable[[Any], None]:
    def add(value: Any) -> None:
        if value is not None:
            setter([*cards, value])
    return add


class BuilderView(ipw.VBox):
    """Draws the Builder and forwards edits; ``on_change`` runs after every edit."""

    def __init__(self, builder: Builder, on_change: Callable[[], None] | None = None,
                 **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.builder = builder
        self._on_change = on_change
        self._guard = Guard()
        self.add_class("af-builder")
        self.layout.max_width = "100%"
        self.render()

    def set_builder(self, builder: Builder) -> None:
        self.builder = builder
        self.render()

    # ------------------------------------------------------------- drawing
    def render(self) -> None:
        b = self.builder
        check = b.check()
        parts: list[ipw.Widget] = [self._settings(), *self._summary(check.messages()),
                                   *self._errors("players", "first", "variants", "expansion", "title",
                                                 "scenario")]
        parts += [self._player(k) for k in range(len(b.players))]
        if check.ok:
            parts.append(ipw.HTML("<div class='af-muted'>✓ A valid round: step through it above.</div>"))
        self.children = parts

    @staticmethod
    def _summary(messages: list[str]) -> list[ipw.Widget]:
        """How many problems there are (each is shown under its own field)."""
        if len(messages) < 2:
            return []
        w = ipw.HTML(f"<div class='af-warning-box'>{len(messages)} problems to fix; each is shown "
                     "under its field below.</div>", layout=ipw.Layout(max_width="100%"))
        w.add_class("af-problem-count")
        return [w]

    def _errors(self, *keys: str) -> list[ipw.Widget]:
        out: list[ipw.Widget] = []
        check = self.builder.check()
        for key in keys:
            for message in check.problems.get(key, []):
                w = ipw.HTML(html.error(message), layout=ipw.Layout(max_width="100%"))
                w.add_class("af-error")
                w.add_class("af-field-error")
                out.append(w)
            for message in check.warnings.get(key, []):
                out.append(ipw.HTML(html.warning(message), layout=ipw.Layout(max_width="100%")))
        return out

    def _settings(self) -> ipw.Widget:
        b = self.builder
        count = ipw.Dropdown(options=list(range(MIN_PLAYERS, MAX_PLAYERS + 1)), value=len(b.players),
                             description="Players", **FIELD)
        count.add_class("af-players")
        self._bind(count, b.set_player_count)
        first = ipw.Dropdown(options=[(f"{n} plays first", n) for n in b.names if n] or [("—", "")],
                             value=b.first if b.first in b.names else (b.names[0] if b.names else ""),
                             **FIELD)
        first.add_class("af-first-player")
        self._bind(first, b.set_first)
        expansion = ipw.Checkbox(value=b.expansion, description="Exiled expansion", indent=False,
                                 layout=ipw.Layout(width="auto"))
        expansion.add_class("af-expansion")
        self._bind(expansion, b.set_expansion)
        boxes = []
        for name in VARIANTS:
            box = ipw.Checkbox(value=name in b.variants, description=name, indent=False,
                               layout=ipw.Layout(width="auto"))
            box.add_class(f"af-variant-{name}")
            self._bind(box, _variant_setter(b, name))
            boxes.append(box)
        title = ipw.Text(value=str(b.top.get("title", "")), description="Title", continuous_update=False,
                         layout=ipw.Layout(width="auto", max_width="100%"),
                         style={"description_width": "initial"})
        title.add_class("af-title")
        self._bind(title, lambda v: b.set_title((v or "").strip()))
        return ipw.VBox([title, wrap_row([count, first, expansion]),
                         wrap_row([ipw.HTML("<span class='af-muted'>House rules:</span>"), *boxes])])

    def _player(self, k: int) -> ipw.Widget:
        b = self.builder
        seat = html.colour(k)
        name = ipw.Text(value=b.names[k], description="Name", continuous_update=False, **FIELD)
        name.add_class("af-field-name")
        self._bind(name, lambda v: b.set_name(k, (v or "").strip()))
        garden = self._card_dropdown("Garden card", b.garden(k), b.available(k, "garden"),
                                     lambda v: b.set_garden(k, v), "af-field-garden")
        rows: list[ipw.Widget] = [
            ipw.HTML(f"<b style='color:{seat}'>Player {k + 1}</b>"), *self._errors(f"{k}.player"),
            wrap_row([name, garden]), *self._errors(f"{k}.name", f"{k}.garden")]
        rows += self._choices(k, "garden")
        action = ipw.ToggleButtons(options=[(ACTION_LABELS[a], a) for a in ACTIONS], value=b.action(k),
                                   description="Phase 2", style={"button_width": "auto",
                                                                 "description_width": "initial"})
        action.add_class("af-field-action")
        self._bind(action, lambda v: b.set_action(k, v))
        rows += [action, *self._errors(f"{k}.action", f"{k}.passes")]
        if b.action(k) == "conspire":
            rows.append(wrap_row([self._card_dropdown("Conspire card", b.conspire(k),
                                                      b.available(k, "conspire"),
                                                      lambda v: b.set_conspire(k, v), "af-field-conspire")]))
            rows += self._errors(f"{k}.conspire")
            rows += self._choices(k, "conspire")
        elif b.action(k) == "convoke":
            c = b.convoke(k)
            rows.append(self._cards_row("Discard (whole hand)", k, "discard", list(c.get("discard") or []),
                                        lambda cards: b.set_convoke(k, discard=cards), "af-field-discard"))
            takes = b.take_options(k)
            rows.append(wrap_row([self._card_dropdown("Take Noble", c.get("take"), takes,
                                                      lambda v: b.set_convoke(k, take=v), "af-field-take")]))
            rows += self._errors(f"{k}.convoke", f"{k}.convoke.discard", f"{k}.convoke.take")
        rows.append(self._cards_row("Hand after Phase 2", k, "hand", b.hand(k),
                                    lambda cards: b.set_hand(k, cards), "af-field-hand"))
        rows += self._errors(f"{k}.hand", *[f"{k}.{z}" for z in ("parlor", "deck", "discard_pile",
                                                                  "scored", "exiled", "scenario")])
        box = ipw.VBox(rows, layout=ipw.Layout(border=f"2px solid {seat}", padding="4px 6px",
                                               margin="4px 0", max_width="100%"))
        box.add_class(f"af-player-{k}")
        return box

    def _choices(self, k: int, source: str) -> list[ipw.Widget]:
        b = self.builder
        out: list[ipw.Widget] = []
        current = b.choices(k, source)
        widgets = []
        for key in b.choice_keys(k, source):
            options, optional = b.choice_options(k, source, key)
            value = current.get(key)
            opts: list[tuple[str, Any]] = [(NONE if not optional else "— none —", "")]
            opts += [(_label(o), o) for o in options if not isinstance(o, list)]
            if value is not None and value not in [o for _, o in opts]:
                opts.append((f"{_label(value)} (not allowed)", value))
            dd = ipw.Dropdown(options=opts, value=value if value in [o for _, o in opts] else "",
                              description=CHOICE_LABELS.get(key, key), **FIELD)
            dd.add_class(f"af-field-{source}-{key}")
            self._bind(dd, _choice_setter(b, k, source, key))
            widgets.append(dd)
        if widgets:
            out.append(wrap_row(widgets))
        out += self._errors(*[f"{k}.{source}.{key}" for key in b.choice_keys(k, source)])
        return out

    def _card_dropdown(self, label: str, value: str | None, options: list[str],
                       setter: Callable[[Any], None], hook: str) -> ipw.Dropdown:
        opts: list[tuple[str, str]] = [(NONE, "")] + [(o, o) for o in options]
        if value is not None and value not in options:
            opts.append((f"{value} (not available)", value))
        dd = ipw.Dropdown(options=opts, value=value or "", description=label, **FIELD)
        dd.add_class(hook)
        self._bind(dd, setter)
        return dd

    def _cards_row(self, label: str, k: int, where: str, cards: list[str],
                   setter: Callable[[list[str]], None], hook: str) -> ipw.Widget:
        """A list of cards: one dropdown per card ("—" removes it) and a "+ card" button, each
        offering only the cards the family still has (the list's other cards counted)."""
        b = self.builder
        items: list[ipw.Widget] = [ipw.HTML(f"<span>{label}:</span>")]
        for j, card in enumerate(cards):
            choices = list(dict.fromkeys([*b.slot_options(k, where, j), card]))
            dd = ipw.Dropdown(options=[("— remove —", "")] + [(o, o) for o in choices], value=card,
                              layout=ipw.Layout(width="auto", max_width="100%"))
            dd.add_class(f"{hook}-{j}")
            self._bind(dd, _slot_setter(setter, cards, j))
            items.append(dd)
        free = b.slot_options(k, where)
        if free:
            add = ipw.Dropdown(options=[("+ add a card", "")] + [(o, o) for o in free],
                               value="", layout=ipw.Layout(width="auto", max_width="100%"))
            add.add_class(f"{hook}-add")
            self._bind(add, _adder(setter, cards))
            items.append(add)
        row = wrap_row(items)
        row.add_class(hook)
        return row

    # ------------------------------------------------------------- editing
    def _bind(self, widget: ipw.ValueWidget, setter: Callable[[Any], Any]) -> None:
        def changed(change: dict[str, Any]) -> None:
            if change["new"] == change["old"]:
                return
            value = change["new"]
            self._guard(self._edit)(setter, None if value == "" else value)

        widget.observe(changed, names="value")

    def _edit(self, setter: Callable[[Any], Any], value: Any) -> None:
        try:
            setter(value)
        except ValueError as exc:      # a refused edit is a message, never a traceback
            self.children = [*self._errors(), ipw.HTML(html.error(str(exc))), *self.children]
            return
        if self._on_change is not None:
            self._on_change()
        self.render()
