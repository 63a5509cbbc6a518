"""The round's input, shared by the Scenario Lab and the Dispute resolver (one component each,
not a copy): :class:`BuilderView`, the round built by tapping (``af-builder`` inside the app's
``af-build`` section), and :class:`OpenRoundView`, the round opened from a lesson
(``af-lesson-list``), an upload or pasted TOML.

Built for a phone: every card, action and choice is a row of chips (one tap each) offering
only what can happen — the cards the player's family has (a tap on a card held elsewhere swaps
the two), the hand and Convoke sizes the Phase-2 action leaves (``Builder.slots``), the
targets and amounts the engine accepts — and each validator message sits under its field.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

import ipywidgets as ipw  # type: ignore[import-untyped]

from ..controllers.builder import ACTIONS, MAX_PLAYERS, MIN_PLAYERS, Builder, chip_label
from ..controllers.sources import MAX_UPLOAD_BYTES, RoundOpener, lesson_choices
from ..render import html, seats
from ..variants import VARIANTS
from .common import Guard, wrap_row
from .line import LineBox

ACTION_LABELS = {"conspire": "Conspire", "convoke": "Convoke", "passes": "Pass"}
CHOICE_LABELS = {"target": "target", "delta": "change", "exchange": "swap with",
                 "discard": "discard", "reveal": "reveals", "give": "gives", "peek": "peeks at",
                 "also_score": "also scores", "keep": "keeps"}
NONE = "none"
#: Shared by every chip row: a widget's layout and style are models of their own, and a
#: 4-player round has some 40 rows (made at import, so a preheated kernel's warm-up keeps them).
CHIP_LAYOUT = ipw.Layout(width="auto", max_width="100%")
CHIP_STYLE = ipw.ToggleButtonsStyle(button_width="auto")
LABEL_LAYOUT = ipw.Layout()
LABEL_STYLE = ipw.widgets.widget_string.HTMLStyle()
ROW_LAYOUT = ipw.Layout(display="flex", flex_flow="row wrap", align_items="center", max_width="100%")


def chips(options: list[tuple[str, Any]], value: Any, hook: str, label: str = "") -> ipw.Widget:
    """A row of chips (toggle buttons that wrap on a phone): one tap picks one option."""
    values = [v for _, v in options]
    toggle = ipw.ToggleButtons(options=options, value=value if value in values else None,
                               style=CHIP_STYLE, layout=CHIP_LAYOUT)
    toggle.add_class("af-chips")
    toggle.add_class(hook)
    if not label:
        return toggle
    return ipw.Box([ipw.HTML(f"<span class='af-chips-label'>{label}</span>", layout=LABEL_LAYOUT,
                             style=LABEL_STYLE), toggle], layout=ROW_LAYOUT)


def _toggle(widget: ipw.Widget) -> ipw.ToggleButtons:
    return widget if isinstance(widget, ipw.ToggleButtons) else widget.children[1]


class BuilderView(ipw.VBox):
    """Draws the Builder as chips and forwards each tap; ``on_change`` runs after every edit."""

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
            parts.append(ipw.HTML("<div class='af-muted'>✓ A valid round.</div>"))
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
        count = chips([(str(n), n) for n in range(MIN_PLAYERS, MAX_PLAYERS + 1)], len(b.players),
                      "af-players", "Players")
        self._bind(_toggle(count), b.set_player_count)
        names = [n for n in b.names if n]
        first = chips([(n, n) for n in names], b.first if b.first in names else (names[0] if names else None),
                      "af-first-player", "Plays first")
        self._bind(_toggle(first), b.set_first)
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
        more = ipw.Accordion(children=[ipw.VBox([title, expansion, wrap_row(
            [ipw.HTML("<span class='af-muted'>House rules:</span>"), *boxes])])],
            layout=ipw.Layout(width="100%", max_width="100%"))
        more.set_title(0, "Title, expansion, house rules")
        more.selected_index = 0 if b.expansion or b.variants else None
        more.add_class("af-more-settings")
        return ipw.VBox([count, first, more], layout=ipw.Layout(max_width="100%"))

    def _player(self, k: int) -> ipw.Widget:
        b = self.builder
        seat = seats.colour(k)
        name = ipw.Text(value=b.names[k], description="Name", continuous_update=False,
                        layout=ipw.Layout(width="auto", max_width="14em"),
                        style={"description_width": "initial"})
        name.add_class("af-field-name")
        self._bind(name, lambda v: b.set_name(k, (v or "").strip()))
        cards = [(c, c) for c in b.card_names()]
        rows: list[ipw.Widget] = [
            ipw.HTML(f"<b style='color:{seat}'>Player {k + 1}</b> "
                     f"<span class='af-muted'>{_summary_line(b, k)}</span>"),
            *self._errors(f"{k}.player"), name, *self._errors(f"{k}.name")]
        rows += self._pick_row(k, "garden", None, b.garden(k), cards, "af-field-garden", "Garden")
        rows += self._choices(k, "garden")
        action = chips([(ACTION_LABELS[a], a) for a in ACTIONS], b.action(k), "af-field-action", "Phase 2")
        self._bind(_toggle(action), lambda v: b.set_action(k, v))
        rows += [action, *self._errors(f"{k}.action", f"{k}.passes")]
        if b.action(k) == "conspire":
            rows += self._pick_row(k, "conspire", None, b.conspire(k), cards, "af-field-conspire",
                                   "Conspires")
            rows += self._choices(k, "conspire")
        elif b.action(k) == "convoke":
            discard = list(b.convoke(k).get("discard") or [])
            for j in range(max(len(discard), b.slots(k)["discard"])):
                rows += self._pick_row(k, "discard", j, discard[j] if j < len(discard) else None, cards,
                                       f"af-field-discard-{j}", f"Discards ({j + 1})")
            take = b.convoke(k).get("take")
            row = chips([(n, n) for n in b.take_options(k)], take, "af-field-take", "Takes")
            self._bind(_toggle(row), lambda v: b.set_convoke(k, take=v))
            rows += [row, *self._errors(f"{k}.convoke", f"{k}.convoke.discard", f"{k}.convoke.take")]
        hand = b.hand(k)
        for j in range(max(len(hand), b.slots(k)["hand"])):
            rows += self._pick_row(k, "hand", j, hand[j] if j < len(hand) else None, cards,
                                   f"af-field-hand-{j}", "Keeps in hand")
        if len(hand) > b.slots(k)["hand"]:
            remove = ipw.Button(description="Remove the last hand card", layout=ipw.Layout(width="auto"))
            remove.add_class("af-field-hand-remove")
            remove.on_click(lambda _: self._guard(self._edit)(lambda _v: b.set_hand(k, hand[:-1]), None))
            rows.append(remove)
        rows += self._errors(f"{k}.hand", *[f"{k}.{z}" for z in ("parlor", "deck", "discard_pile",
                                                                  "scored", "exiled", "scenario")])
        box = ipw.VBox(rows, layout=ipw.Layout(border=f"2px solid {seat}", padding="4px 6px",
                                               margin="4px 0", max_width="100%"))
        box.add_class(f"af-player-{k}")
        return box

    def _pick_row(self, k: int, where: str, j: int | None, value: str | None,
                  cards: list[tuple[str, str]], hook: str, label: str) -> list[ipw.Widget]:
        row = chips(cards, value, hook, label)
        b = self.builder
        self._bind(_toggle(row), lambda v: b.pick(k, where, v, j) if v else None)
        keys = {"garden": [f"{k}.garden"], "conspire": [f"{k}.conspire"]}.get(where, [])
        return [row, *self._errors(*keys)]

    def _choices(self, k: int, source: str) -> list[ipw.Widget]:
        b = self.builder
        out: list[ipw.Widget] = []
        current = b.choices(k, source)
        for key in b.choice_keys(k, source):
            options, optional = b.choice_options(k, source, key)
            value = current.get(key)
            opts: list[tuple[str, Any]] = [(NONE, "")] if optional else []
            opts += [(chip_label(o), o) for o in options if not isinstance(o, list)]
            if value is not None and value not in [o for _, o in opts]:
                opts.append((f"{chip_label(value)} (not allowed)", value))
            row = chips(opts, value if value is not None else ("" if optional else None),
                        f"af-field-{source}-{key}", CHOICE_LABELS.get(key, key))
            self._bind(_toggle(row), _choice_setter(b, k, source, key))
            out.append(row)
            out += self._errors(f"{k}.{source}.{key}")
        return out

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


def _summary_line(b: Builder, k: int) -> str:
    """Player k's round in a few words: "Knight · Conspires Witch → Caio −5 · keeps Jester"."""
    from html import escape

    parts = [b.garden(k) or "no Garden card"]
    action = b.action(k)
    if action == "conspire":
        choices = " ".join(chip_label(v) for v in b.choices(k, "conspire").values())
        parts.append(f"Conspires {b.conspire(k) or '?'}" + (f" → {choices}" if choices else ""))
    elif action == "convoke":
        c = b.convoke(k)
        parts.append(f"Convokes {' + '.join(c.get('discard') or []) or '?'} for {c.get('take') or '?'}")
    else:
        parts.append("passes")
    if b.hand(k):
        parts.append("keeps " + ", ".join(b.hand(k)))
    return escape(" · ".join(parts))


def _variant_setter(b: Builder, name: str) -> Callable[[bool], None]:
    def set_(on: bool) -> None:
        b.set_variants([*b.variants, name] if on else [v for v in b.variants if v != name])
    return set_


def _choice_setter(b: Builder, k: int, source: str, key: str) -> Callable[[Any], None]:
    def set_(value: Any) -> None:
        b.set_choice(k, source, key, value)
    return set_


class OpenRoundView(ipw.VBox):
    """Open a round: a bundled lesson (``af-lesson-list``: each entry its stage and title), an
    uploaded file (``af-upload``) or pasted TOML (``af-paste`` + ``af-resolve``). The same in
    the Lab and the Dispute resolver; ``on_open`` runs after each attempt (the controller's
    ``error`` says what was wrong)."""

    def __init__(self, opener: RoundOpener, on_open: Callable[[], None], paste: bool = True) -> None:
        super().__init__(layout=ipw.Layout(max_width="100%"))
        self.opener = opener
        self._on_open = on_open
        self._guard = Guard()
        self.lessons = ipw.Dropdown(options=[("— open a bundled lesson —", ""), *lesson_choices()], value="",
                                    layout=ipw.Layout(width="auto", max_width="100%", flex="1 1 16em"))
        self.lessons.add_class("af-lessons")
        self.lessons.add_class("af-lesson-list")
        self.lessons.observe(self._on_lesson, names="value")
        self.upload = ipw.FileUpload(accept=".toml,text/plain", multiple=False,
                                     description="Upload a scenario file", layout=ipw.Layout(width="auto"))
        self.upload.add_class("af-upload")
        self.upload.observe(self._on_upload, names="value")
        self.paste = ipw.Textarea(placeholder="… or paste a scenario file's text",
                                  layout=ipw.Layout(width="auto", max_width="100%", height="6em"))
        self.paste.add_class("af-paste")
        self.resolve = ipw.Button(description="Open pasted round", button_style="primary",
                                  layout=ipw.Layout(width="auto"))
        self.resolve.add_class("af-resolve")
        self.resolve.on_click(self._guard(lambda _: self._done(opener.open_toml(self.paste.value,
                                                                                "pasted scenario"))))
        self.line = LineBox(self._open_line, self._line_error)   # af-line, af-line-go: one line
        self.children = [wrap_row([self.lessons]), wrap_row([self.upload]),
                         *([self.paste, self.resolve] if paste else []), self.line]

    def _done(self, _opened: bool) -> None:
        self._on_open()

    def _open_line(self, text: str, origin: str) -> bool:
        """A round typed in one line (:class:`LineBox` gives its TOML): opened like a pasted one."""
        opened = self.opener.open_toml(text, origin)
        if opened and self.paste is not None:
            self.paste.value = text
        self._done(opened)
        return opened

    def _line_error(self, message: str) -> None:
        self.opener.error = message
        self._done(False)

    def _on_lesson(self, change: dict[str, Any]) -> None:
        if change["new"]:
            self._guard(self._done)(self.opener.open_lesson(change["new"]))

    def _on_upload(self, change: dict[str, Any]) -> None:
        items = change.get("new") or ()
        if not items:
            return
        f = items[0]
        get = f.get if isinstance(f, dict) else (lambda key, default=None: getattr(f, key, default))
        name = str(get("name", "upload.toml") or "upload.toml")
        size = int(get("size", 0) or 0)
        if size > MAX_UPLOAD_BYTES:
            self.opener.error = (f"{name}: {size:,} bytes is too big for a scenario "
                                 f"(at most {MAX_UPLOAD_BYTES:,} bytes)")
            self._done(False)
            return
        self._guard(self._done)(self.opener.open_upload(bytes(get("content") or b""), name))
