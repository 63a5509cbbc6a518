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
from html import escape
from typing import Any

import ipywidgets as ipw  # type: ignore[import-untyped]

from ..controllers.builder import (
    ACTIONS,
    COUNTED_ZONES,
    MAX_PLAYERS,
    MIN_PLAYERS,
    Builder,
    chip_label,
    no_action,
    plainly,
    still_to_enter,
)
from ..controllers.sources import MAX_UPLOAD_BYTES, RoundOpener, lesson_choices
from ..core.messages import Join, Msg, text
from ..core.variants import VARIANTS, Variant
from ..render import html, seats
from ..render.dispute import focus_here, scroll_here
from .common import Guard, wrap_row
from .line import LineBox

#: Every label is a catalog message (data/messages-en-builder.toml, group ``builder``),
#: named here by its ID and rendered when the pane is drawn, in the catalog in use.
ACTION_LABELS = {"conspire": "builder.action-conspire", "convoke": "builder.action-convoke",
                 "passes": "builder.action-pass"}
#: A choice as the one-line summary says it ("target Caio") ...
CHOICE_LABELS = {"target": "builder.choice-target", "delta": "builder.choice-delta",
                 "exchange": "builder.choice-exchange", "discard": "builder.choice-discard",
                 "reveal": "builder.choice-reveal", "give": "builder.choice-give",
                 "peek": "builder.choice-peek", "also_score": "builder.choice-also-score",
                 "keep": "builder.choice-keep"}
#: ... and as its row of chips is labelled ("Target").
CHOICE_ROWS = {"target": "builder.row-target", "delta": "builder.row-delta",
               "exchange": "builder.row-exchange", "discard": "builder.row-discard",
               "reveal": "builder.row-reveal", "give": "builder.row-give", "peek": "builder.row-peek",
               "also_score": "builder.row-also-score", "keep": "builder.row-keep"}
#: The "more of this player's cards" fold: each zone's label.
ZONE_LABELS = {"deck": "builder.zone-deck", "discard_pile": "builder.zone-discard-pile",
               "scored": "builder.zone-scored", "parlor": "builder.zone-parlor",
               "exiled": "builder.zone-exiled"}
FLAG_LABELS = {"final_round": "builder.flag-final-round", "next_draw": "builder.flag-next-draw"}
#: the value of the chip that takes a card out of a zone (its label: ``builder.remove``)
REMOVE = "-remove-"
#: Shared by every chip row: a widget's layout and style are models of their own, and a
#: 4-player round has some 40 rows. Made when the first row is built, not at import: a module
#: creates no widget when imported (the site's Python snapshot holds the widget modules imported,
#: and a widget must be made by the page's kernel); made again if closed.
_SHARED: dict[str, ipw.Widget] = {}
_SHARED_MAKERS: dict[str, Callable[[], ipw.Widget]] = {
    "chip_layout": lambda: ipw.Layout(width="auto", max_width="100%"),
    "chip_style": lambda: ipw.ToggleButtonsStyle(button_width="auto"),
    "label_layout": ipw.Layout,
    "label_style": ipw.widgets.widget_string.HTMLStyle,
    "row_layout": lambda: ipw.Layout(display="flex", flex_flow="row wrap", align_items="center",  # i18n: code
                                     max_width="100%"),
}


def shared(name: str) -> Any:
    """The chip rows' shared layout or style ``name`` (one of ``_SHARED_MAKERS``)."""
    widget = _SHARED.get(name)
    if widget is None or widget.comm is None:
        widget = _SHARED[name] = _SHARED_MAKERS[name]()
    return widget


def chips(options: list[tuple[str, Any]], value: Any, hook: str, label: str = "") -> ipw.Widget:
    """A row of chips (toggle buttons that wrap on a phone): one tap picks one option."""
    values = [v for _, v in options]
    toggle = ipw.ToggleButtons(options=options, value=value if value in values else None,
                               style=shared("chip_style"), layout=shared("chip_layout"))
    toggle.add_class("af-chips")
    toggle.add_class(hook)
    if not label:
        return toggle
    return ipw.Box([ipw.HTML(f"<span class='af-chips-label'>{label}</span>", layout=shared("label_layout"),
                             style=shared("label_style")), toggle], layout=shared("row_layout"))


def _toggle(widget: ipw.Widget) -> ipw.ToggleButtons:
    return widget if isinstance(widget, ipw.ToggleButtons) else widget.children[1]


class BuilderView(ipw.VBox):
    """Draws the Builder as chips and forwards each tap; ``on_change`` runs after every edit.

    ``compact`` (the Dispute resolver, made for a phone at the table): each complete player
    folds to a one-line summary with a *Change* button, except the one being entered; a
    Witch's target and change are one row of chips ("Caio −5"); a Conspiring player's kept
    card may stay "not told"; a missing field is not marked red until :meth:`show_problems`
    (the *Resolve* tap), which also opens every player with a problem and brings the first
    message into view."""

    def __init__(self, builder: Builder, on_change: Callable[[], None] | None = None,
                 compact: bool = False, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.builder = builder
        self._on_change = on_change
        self._guard = Guard()
        self.compact = compact
        self.attempted = not compact      # missing fields marked red (compact: after Resolve)
        self.current: int | None = None   # the player being entered (compact: never folded)
        self.opened: set[int] = set()     # players opened with "Change"
        self.more: set[int] = set()       # players whose "more cards" fold is open
        self._scroll = 0                  # > 0: the next first error is brought into view
        self._focus: str | None = None    # the control just used: focused again once redrawn
        self._nonce = 0
        self.add_class("af-builder")
        self.layout.max_width = "100%"
        self.render()

    def set_builder(self, builder: Builder) -> None:
        self.builder = builder
        self.current, self.opened = None, set()
        self.attempted = not self.compact
        self.render()

    def show_problems(self) -> bool:
        """After a *Resolve* tap on a round that is not valid: every problem under its field,
        each player with one opened, the first brought into view. False if there is none."""
        check = self.builder.check()
        self.attempted = True
        if check.ok:
            self.render()
            return False
        self.opened |= {int(key.split(".")[0]) for key in check.problems if key.split(".")[0].isdigit()}
        self._scroll = 1
        self.render()
        return True

    # ------------------------------------------------------------- drawing
    def render(self) -> None:
        b = self.builder
        check = b.check()
        self._scroll_left = self._scroll
        self._scroll = 0
        parts: list[ipw.Widget] = [self._settings(), *self._summary(self._shown(check.messages())),
                                   *self._errors("players", "first", "variants", "expansion", "title",
                                                 "scenario")]
        parts += [self._player(k) for k in range(len(b.players))]
        if check.ok:
            valid = escape(text("builder.valid"))
            parts.append(ipw.HTML(f"<div class='af-muted af-valid'>{valid}</div>"))
        if self._focus:       # the rows are new widgets: the keyboard's place is kept
            self._nonce += 1
            parts.append(ipw.HTML(focus_here(self._nonce, self._focus),
                                  layout=ipw.Layout(height="0px", overflow="hidden")))
            self._focus = None
        self.children = parts

    def _shown(self, messages: list[str]) -> list[str]:
        """The messages marked now: in compact mode, before *Resolve*, not those saying only
        that something is still to be entered (the chips right there say it)."""
        if self.attempted:
            return messages
        return [m for m in messages if not still_to_enter(m)]

    def _summary(self, messages: list[str]) -> list[ipw.Widget]:
        """How many problems there are (each is shown under its own field)."""
        if len(messages) < 2:
            return []
        said = escape(text("builder.problem-count", count=len(messages)))
        w = ipw.HTML(f"<div class='af-warning-box'>{said}</div>", layout=ipw.Layout(max_width="100%"))
        w.add_class("af-problem-count")
        return [w]

    def _errors(self, *keys: str) -> list[ipw.Widget]:
        out: list[ipw.Widget] = []
        check = self.builder.check()
        for key in keys:
            for message in self._shown(check.problems.get(key, [])):
                text = html.error(self._plain(key, message) if self.compact else message)
                if self._scroll_left:       # the first message after Resolve: into view
                    self._nonce += 1
                    text += scroll_here(self._nonce, "center")
                    self._scroll_left = 0
                w = ipw.HTML(text, layout=ipw.Layout(max_width="100%"))
                w.add_class("af-error")
                w.add_class("af-field-error")
                out.append(w)
            for message in check.warnings.get(key, []):
                out.append(ipw.HTML(html.warning(message), layout=ipw.Layout(max_width="100%")))
        return out

    def _plain(self, key: str, message: str) -> str:
        """A message as the table reads it: no file syntax (the catalog's ``plain`` view);
        "needs a Phase-2 action" under a Conspire chosen with no card says which tap is missing."""
        seat = key.split(".")[0]
        if seat.isdigit() and key.endswith(".action") and no_action(message):
            k = int(seat)
            if self.builder.action(k) == "conspire" and not self.builder.conspire(k):
                return text("builder.no-action", player=self.builder.names[k])
        return plainly(message)

    def _settings(self) -> ipw.Widget:
        b = self.builder
        count = chips([(str(n), n) for n in range(MIN_PLAYERS, MAX_PLAYERS + 1)], len(b.players),
                      "af-players", text("builder.players"))
        self._bind(_toggle(count), b.set_player_count)
        names = [n for n in b.names if n]
        first = chips([(n, n) for n in names], b.first if b.first in names else (names[0] if names else None),
                      "af-first-player", text("builder.plays-first"))
        self._bind(_toggle(first), b.set_first)
        expansion = chips([(text("builder.base-game"), False), (text("builder.with-expansion"), True)],
                          b.expansion, "af-expansion", text("builder.cards"))
        self._bind(_toggle(expansion), lambda v: b.set_expansion(bool(v)))
        boxes = []
        for name in VARIANTS:
            box = ipw.ToggleButton(value=name in b.variants, description=name,
                                   tooltip=text("builder.house-rule", name=name),
                                   layout=ipw.Layout(width="auto"))
            box.add_class(f"af-variant-{name}")
            box.add_class("af-house-rule")
            self._bind(box, _variant_setter(b, name))
            boxes.append(box)
        for key, flag in FLAG_LABELS.items():
            label = text(flag)
            box = ipw.ToggleButton(value=b.flag(key), description=label, tooltip=label,
                                   layout=ipw.Layout(width="auto", max_width="100%"))
            box.add_class(f"af-flag-{key.replace('_', '-')}")
            box.add_class("af-house-rule")
            self._bind(box, _flag_setter(b, key))
            boxes.append(box)
        title = ipw.Text(value=str(b.top.get("title", "")), description=text("builder.title"),
                         continuous_update=False,
                         layout=ipw.Layout(width="auto", max_width="100%"),
                         style={"description_width": "initial"})
        title.add_class("af-title")
        self._bind(title, lambda v: b.set_title((v or "").strip()))
        n_on = len(b.variants) + sum(b.flag(key) for key in FLAG_LABELS)
        note = escape(text("builder.settings-note"))
        more = ipw.Accordion(children=[ipw.VBox([title, ipw.HTML(f"<span class='af-muted'>{note}</span>"),
                                                 wrap_row(boxes)])],
                             layout=ipw.Layout(width="100%", max_width="100%"))
        more.set_title(0, text("builder.settings-on", count=n_on) if n_on else text("builder.settings"))
        more.selected_index = 0 if n_on else None
        more.add_class("af-more-settings")
        return ipw.VBox([count, first, expansion, more], layout=ipw.Layout(max_width="100%"))

    def _folded(self, k: int) -> bool:
        return (self.compact and k != self.current and k not in self.opened
                and self.builder.complete(k))

    def _player(self, k: int) -> ipw.Widget:
        b = self.builder
        seat = seats.colour(k)
        box_layout = ipw.Layout(border=f"2px solid {seat}", padding="4px 6px", margin="4px 0",
                                max_width="100%")
        if self._folded(k):
            change = ipw.Button(description=text("builder.change", player=b.names[k]),
                                tooltip=text("builder.change-tooltip", player=b.names[k]),
                                layout=ipw.Layout(width="auto"))
            change.add_class("af-player-change")
            change.on_click(lambda _: self._guard(self._open)(k))
            said = text("builder.line-player", summary=_summary_line(b, k),
                        player=f"<b style='color:{seat}'>{escape(b.names[k])}</b>")
            line = ipw.HTML(f"<span class='af-player-line'>{said}</span>",
                            layout=ipw.Layout(flex="1 1 12em", max_width="100%"))
            box = ipw.Box([line, change], layout=box_layout)
            box.layout.display, box.layout.align_items = "flex", "center"
            box.layout.flex_flow = "row wrap"  # i18n: code
            box.add_class(f"af-player-{k}")
            box.add_class("af-player-folded")
            return box
        name = ipw.Text(value=b.names[k], description=text("builder.name"), continuous_update=False,
                        layout=ipw.Layout(width="auto", max_width="14em"),
                        style={"description_width": "initial"})
        name.add_class("af-field-name")
        self._bind(name, lambda v: b.set_name(k, (v or "").strip()))
        cards = [(c, c) for c in b.card_names()]
        heading = text("builder.player", number=k + 1)
        rows: list[ipw.Widget] = [
            ipw.HTML(f"<b style='color:{seat}'>{escape(heading)}</b> "
                     f"<span class='af-muted'>{_summary_line(b, k)}</span>"),
            *self._errors(f"{k}.player"), name, *self._errors(f"{k}.name")]
        rows += self._pick_row(k, "garden", None, b.garden(k), cards, "af-field-garden",
                               text("builder.garden"))
        if self.compact and b.garden(k) is None and b.is_empty(k):   # one step at a time
            box = ipw.VBox(rows, layout=box_layout)
            box.add_class(f"af-player-{k}")
            return box
        if b.draws(k):          # X4: a Garden Scribe draws the top card of the deck
            drawn = chips([(c, c) for c in dict.fromkeys(b.hand_options(k, "drawn"))], b.drawn(k),
                          "af-field-drawn", text("builder.draws"))
            self._bind(_toggle(drawn), lambda v: b.set_drawn(k, v))
            rows += [drawn, *self._errors(f"{k}.deck")]
        rows += self._choices(k, "garden")
        rows += self._action_row(k)
        if b.action(k) == "conspire":
            rows += self._pick_row(k, "conspire", None, b.conspire(k), cards, "af-field-conspire",
                                   text("builder.conspires"))
        elif b.action(k) == "convoke":
            discard = list(b.convoke(k).get("discard") or [])
            for j in range(max(len(discard), b.slots(k)["discard"])):
                rows += self._pick_row(k, "discard", j, discard[j] if j < len(discard) else None, cards,
                                       f"af-field-discard-{j}", text("builder.discards", number=j + 1))
            if not self.compact:        # compact: the Noble taken is the Phase-2 chip
                take = b.convoke(k).get("take")
                row = chips([(n, n) for n in b.take_options(k)], take, "af-field-take", text("builder.takes"))
                self._bind(_toggle(row), lambda v: b.set_convoke(k, take=v))
                rows.append(row)
            rows += self._errors(f"{k}.convoke", f"{k}.convoke.discard",
                                 *(() if self.compact else (f"{k}.convoke.take",)))
        if not (self.compact and b.action(k) == "conspire" and not b.conspire(k)):
            rows += self._hand_rows(k, cards)   # before the choices: a Squire swaps with it
        if b.action(k) == "conspire":
            rows += self._choices(k, "conspire")
            rows += self._replays(k)
        rows += self._more(k)
        rows += self._errors(f"{k}.scenario")
        if self.compact and b.complete(k):
            done = ipw.Button(description=text("builder.done"),
                              tooltip=text("builder.done-tooltip", player=b.names[k]),
                              layout=ipw.Layout(width="auto"))
            done.add_class("af-player-done")
            done.on_click(lambda _: self._guard(self._fold)(k))
            rows.append(wrap_row([done]))
        box = ipw.VBox(rows, layout=box_layout)
        box.add_class(f"af-player-{k}")
        return box

    def _action_row(self, k: int) -> list[ipw.Widget]:
        """Conspire, Convoke or Pass. Compact: a Convoke is one chip per Noble it may take
        ("Convoke: Courtisan"), so "Caio convoked the Courtisan" is one tap, not two."""
        b = self.builder
        errors = self._errors(f"{k}.action", f"{k}.passes")
        if not self.compact:
            action = chips([(text(ACTION_LABELS[a]), a) for a in ACTIONS], b.action(k), "af-field-action",
                           text("builder.phase-2"))
            self._bind(_toggle(action), lambda v: b.set_action(k, v))
            return [action, *errors]
        take = b.convoke(k).get("take") if b.action(k) == "convoke" else None
        nobles = b.take_options(k)
        if take and take not in nobles:
            nobles = [*nobles, take]
        bare = b.action(k) == "convoke" and not take      # no Noble: the convoke-nothing variant
        allowed = b.take_options(k)
        opts = [(text("builder.action-conspire"), "conspire"),
                *((text("builder.convoke-noble" if n in allowed else "builder.convoke-noble-not-allowed",
                        card=n), f"convoke|{n}") for n in nobles),
                *([(text("builder.convoke-no-noble"), "convoke")]
                  if bare or Variant.CONVOKE_NOTHING in b.variants else []),
                (text("builder.action-pass"), "passes")]
        value = f"convoke|{take}" if take else b.action(k)
        action = chips(opts, value, "af-field-action", text("builder.phase-2"))
        _toggle(action).add_class("af-field-take")

        def set_(v: Any) -> None:
            if v and str(v).startswith("convoke|"):
                b.set_convoke_take(k, str(v).split("|", 1)[1])
            elif v:
                b.set_action(k, v)
        self._bind(_toggle(action), set_)
        return [action, *errors, *self._errors(f"{k}.convoke.take")]

    def _more(self, k: int) -> list[ipw.Widget]:
        """The optional fold "More of Ana's cards": the zones a round rarely needs (deck below
        a Scribe's draw, discard pile, cards scored before, Parlor, Exiled deck), each a row of
        chips per card offering only what the family has left, and one more row to add a card.
        Opened with its button, or by itself when one of them is given or has a problem."""
        b = self.builder
        problems = b.check().problems
        given = [z for z in b.zones(k) if b.zone(k, z) is not None and (z != "deck" or len(b.deck(k)) > (
            1 if b.draws(k) else 0))]
        is_open = k in self.more or any(f"{k}.{z}" in problems for z in b.zones(k)) or bool(given)
        name = b.names[k] or text("builder.player-number", number=k + 1)
        label = text("builder.more-open" if is_open else "builder.more-closed-exiled" if b.expansion
                     else "builder.more-closed", player=name)
        toggle = ipw.ToggleButton(value=is_open, description=label, tooltip=label,
                                  layout=ipw.Layout(width="auto", max_width="100%"))
        toggle.add_class("af-more-cards-toggle")
        toggle.observe(lambda ch: self._guard(self._show_more)(k, bool(ch["new"])), names="value")
        if not is_open:
            return [wrap_row([toggle])]
        note = escape(text("builder.more-note"))
        rows: list[ipw.Widget] = [ipw.HTML(f"<span class='af-muted'>{note}</span>")]
        for z in b.zones(k):
            rows += self._zone_rows(k, z)
        box = ipw.VBox(rows, layout=ipw.Layout(max_width="100%", padding="0 0 0 6px",
                                              border_left="3px solid var(--af-control-rule)"))
        box.add_class("af-more-cards")
        return [wrap_row([toggle]), box]

    def _zone_rows(self, k: int, z: str) -> list[ipw.Widget]:
        b = self.builder
        cards = b.zone(k, z)
        start = 1 if z == "deck" and b.draws(k) else 0     # a Scribe's draw is asked above
        label = text("builder.deck-below" if start else ZONE_LABELS[z])
        hook = f"af-zone-{z.replace('_', '-')}"
        out: list[ipw.Widget] = []
        if z in COUNTED_ZONES:
            state = (text("builder.zone-counted", zone=label,
                          cards=Join(b.counted(k, z), empty="list.nothing"))
                     if cards is None else text("builder.zone-told", zone=label,
                                                cards=Join(cards, empty="list.empty")))
            reset = chips([(text("builder.counted"), "counted"), (text("builder.told"), "told")],
                          "counted" if cards is None else "told", f"{hook}-given", escape(state))
            self._bind(_toggle(reset), _zone_given_setter(b, k, z))
            out.append(reset)
        for j, card in enumerate(cards or []):
            if j < start:
                continue
            legal = b.zone_options(k, z, j)
            shown = [(c, c) for c in legal] + ([] if card in legal else [(_not_allowed(card), card)])
            row = chips(shown + [(text("builder.remove"), REMOVE)], card,
                        f"{hook}-{j}", text("builder.zone-card", zone=label, number=j + 1 - start))
            self._bind(_toggle(row), _zone_setter(b, k, z, j))
            out.append(row)
        if z not in COUNTED_ZONES or cards is not None:
            adds = b.zone_options(k, z)
            if adds and not (start and not cards):
                row = chips([(c, c) for c in adds], None, f"{hook}-add",
                            text("builder.zone-add", zone=label) if not cards or len(cards) <= start
                            else text("builder.add-one-more"))
                self._bind(_toggle(row), _zone_setter(b, k, z, None))
                out.append(row)
        return out + self._errors(f"{k}.{z}")

    def _show_more(self, k: int, on: bool) -> None:
        (self.more.add if on else self.more.discard)(k)
        self.current = k
        self._focus = f".af-player-{k} .af-more-cards-toggle"
        self.render()

    def _hand_rows(self, k: int, cards: list[tuple[str, str]]) -> list[ipw.Widget]:
        b = self.builder
        rows: list[ipw.Widget] = []
        hand = b.hand(k)
        untold = self.compact and b.action(k) == "conspire"    # the kept card may stay untold
        for j in range(max(len(hand), b.slots(k)["hand"])):
            options = ([(text("builder.not-told"), "")] if untold and j == 0 else []) + cards
            row = chips(options, hand[j] if j < len(hand) else ("" if untold else None),
                        f"af-field-hand-{j}", text("builder.keeps-in-hand"))
            self._bind(_toggle(row), _hand_setter(b, k, j))
            rows.append(row)
        if len(hand) > b.slots(k)["hand"]:
            remove = ipw.Button(description=text("builder.remove-last"), layout=ipw.Layout(width="auto"))
            remove.add_class("af-field-hand-remove")
            remove.on_click(lambda _: self._guard(self._edit)(lambda _v: b.set_hand(k, hand[:-1]), None))
            rows.append(remove)
        return rows + self._errors(f"{k}.hand")

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
        keys = list(b.choice_keys(k, source))
        if self.compact and source == "conspire" and keys == ["target", "delta"]:
            out += self._witch_row(k)           # one tap: "Caio −5"
            keys = []
        for key in keys:
            out += self._choice_row(k, source, key, current.get(key), _row_label(key),
                                    _choice_setter(b, k, source, key))
        return out

    def _choice_row(self, k: int, source: str, key: str, value: Any, label: str,
                    setter: Callable[[Any], None]) -> list[ipw.Widget]:
        options, optional = self.builder.choice_options(k, source, key)
        opts: list[tuple[str, Any]] = [(text("list.none"), "")] if optional else []
        opts += [(chip_label(o), _chip_value(o)) for o in options]
        value = _chip_value(value) if value is not None else None
        if value is not None and value not in [o for _, o in opts]:
            opts.append((_not_allowed(chip_label(value)), value))
        row = chips(opts, value if value is not None else ("" if optional else None),
                    f"af-field-{source}-{key.replace('.', '-')}", label)
        self._bind(_toggle(row), setter)
        return [row, *self._errors(f"{k}.{source}.{key}")]

    def _witch_row(self, k: int) -> list[ipw.Widget]:
        """A Witch's target and change in one row: each legal pair one chip."""
        b = self.builder
        targets, _ = b.choice_options(k, "conspire", "target")
        deltas, _ = b.choice_options(k, "conspire", "delta")
        current = b.choices(k, "conspire")
        value = (current.get("target"), current.get("delta"))
        opts = [(text("builder.target-change", target=t, change=chip_label(d)), f"{t}|{d}")
                for t in targets for d in deltas]
        chosen = f"{value[0]}|{value[1]}" if None not in value else None
        if chosen is not None and chosen not in [o for _, o in opts]:
            opts.append((_not_allowed(text("builder.target-change", target=value[0],
                                           change=chip_label(value[1]))), chosen))
        row = chips(opts, chosen, "af-field-conspire-target", text("builder.witch-row"))
        _toggle(row).add_class("af-field-conspire-delta")

        def set_(v: Any) -> None:
            if v:
                target, delta = str(v).rsplit("|", 1)
                b.set_choice(k, "conspire", "target", target)
                b.set_choice(k, "conspire", "delta", int(delta))
        self._bind(_toggle(row), set_)
        return [row, *self._errors(f"{k}.conspire.target", f"{k}.conspire.delta")]

    def _replays(self, k: int) -> list[ipw.Widget]:
        """B10: a choice made again when a Bishop's cancellation replays the Balcony."""
        b = self.builder
        out: list[ipw.Widget] = []
        replay = b.choices(k, "conspire").get("replay") or {}
        for key in b.replays(k):
            out += self._choice_row(k, "conspire", f"replay.{key}", replay.get(key),
                                    text("builder.replay", choice=_choice_label(key)),
                                    _replay_setter(b, k, key))
        return out

    # ------------------------------------------------------------- editing
    def _open(self, k: int) -> None:
        self.opened.add(k)
        self.current = k
        self._focus = f".af-player-{k} .af-field-name"
        self.render()

    def _fold(self, k: int) -> None:
        self.opened.discard(k)
        if self.current == k:
            self.current = None
        self._focus = f".af-player-{k} .af-player-change"
        self.render()

    def _bind(self, widget: ipw.ValueWidget, setter: Callable[[Any], Any]) -> None:
        def changed(change: dict[str, Any]) -> None:
            if change["new"] == change["old"]:
                return
            value = change["new"]
            self._guard(self._edit)(setter, None if value == "" else value, widget)

        widget.observe(changed, names="value")

    def _edit(self, setter: Callable[[Any], Any], value: Any, widget: ipw.Widget | None = None) -> None:
        try:
            setter(value)
        except ValueError as exc:      # a refused edit is a message, never a traceback
            self.children = [*self._errors(), ipw.HTML(html.error(str(exc))), *self.children]
            return
        if widget is not None:
            seat = self._seat_of(widget)
            if self.compact and seat is not None:     # the player tapped is the one entered
                self.current = seat
            hook = next((c for c in getattr(widget, "_dom_classes", ()) if c != "af-chips"), None)
            if hook and isinstance(widget, (ipw.ToggleButtons, ipw.ToggleButton)):   # not a text box:
                # it changes when left, and the focus has gone on
                self._focus = (f".af-player-{seat} " if seat is not None else "") + f".{hook}"
        if self._on_change is not None:
            self._on_change()
        self.render()

    def _seat_of(self, widget: ipw.Widget) -> int | None:
        for child in self.children:
            classes = [c for c in getattr(child, "_dom_classes", ()) if c.startswith("af-player-")
                       and c[10:].isdigit()]
            if classes and _contains(child, widget):
                return int(classes[0][10:])
        return None


def _contains(box: ipw.Widget, widget: ipw.Widget) -> bool:
    return box is widget or any(_contains(c, widget) for c in getattr(box, "children", ()))


def _summary_line(b: Builder, k: int) -> str:
    """Player k's round in a few words: "Knight · Conspires Witch → Caio −5 · keeps Jester"."""
    if b.is_empty(k):
        return escape(text("builder.line-empty"))
    garden: list[Msg] = [Msg("builder.line-choice", {"choice": _choice_label(key), "value": chip_label(v)})
                         for key, v in b.choices(k, "garden").items()]
    if b.drawn(k):
        garden.insert(0, Msg("builder.line-draws", {"card": b.drawn(k)}))
    card = b.garden(k)
    parts = [Msg("builder.line-no-garden") if card is None else
             Msg("builder.line-garden-choices", {"card": card, "choices": Join(garden)}) if garden else
             card]
    action = b.action(k)
    if action == "conspire":
        choices = [chip_label(v) for key, v in b.choices(k, "conspire").items() if key != "replay"]
        parts.append(Msg("builder.line-conspires-choices" if choices else "builder.line-conspires",
                         {"card": b.conspire(k) or "?", "choices": Join(choices, "builder.line-space")}))
    elif action == "convoke":
        c = b.convoke(k)
        parts.append(Msg("builder.line-convokes", {"discard": Join(c.get("discard") or ["?"], "list.plus"),
                                                   "take": c.get("take") or "?"}))
    else:
        parts.append(Msg("builder.line-passes"))
    if b.hand(k):
        parts.append(Msg("builder.line-keeps", {"cards": Join(b.hand(k))}))
    elif action == "conspire" and b.empty:
        parts.append(Msg("builder.line-kept-untold"))
    return escape(str(Join(parts, "builder.line-sep")))


def _choice_label(key: str) -> str:
    """A choice as the one-line summary says it ("target"); a key of no label, as the file does."""
    return text(CHOICE_LABELS[key]) if key in CHOICE_LABELS else key


def _row_label(key: str) -> str:
    """The label of a choice's row of chips ("Target")."""
    return text(CHOICE_ROWS[key]) if key in CHOICE_ROWS else key.capitalize()


def _not_allowed(value: str) -> str:
    """A chip of a value given but not allowed (kept, so that nothing entered is lost)."""
    return text("builder.not-allowed", value=value)


def _variant_setter(b: Builder, name: str) -> Callable[[bool], None]:
    def set_(on: bool) -> None:
        b.set_variants([*b.variants, name] if on else [v for v in b.variants if v != name])
    return set_


def _hand_setter(b: Builder, k: int, j: int) -> Callable[[Any], None]:
    def set_(value: Any) -> None:
        if value:
            b.pick(k, "hand", value, j)
        elif j < len(b.hand(k)):          # "not told": the kept card is left out
            b.set_hand(k, b.hand(k)[:j])
    return set_


def _replay_setter(b: Builder, k: int, key: str) -> Callable[[Any], None]:
    def set_(value: Any) -> None:
        b.set_replay(k, key, value)
    return set_


def _choice_setter(b: Builder, k: int, source: str, key: str) -> Callable[[Any], None]:
    def set_(value: Any) -> None:
        b.set_choice(k, source, key, value.split("|") if key == "keep" and isinstance(value, str)
                     else value)
    return set_


def _chip_value(value: Any) -> Any:
    """A chip's value: a list (an Oracle's 3 cards kept) as one string, "Bard|Knight|Rogue"."""
    return "|".join(map(str, value)) if isinstance(value, list) else value


def _flag_setter(b: Builder, key: str) -> Callable[[bool], None]:
    def set_(on: bool) -> None:
        b.set_flag(key, bool(on))
    return set_


def _zone_setter(b: Builder, k: int, z: str, j: int | None) -> Callable[[Any], None]:
    def set_(value: Any) -> None:
        if value:
            b.zone_pick(k, z, None if value == REMOVE else value, j)
    return set_


def _zone_given_setter(b: Builder, k: int, z: str) -> Callable[[Any], None]:
    def set_(value: Any) -> None:
        if value:
            b.set_zone(k, z, None if value == "counted" else (b.zone(k, z) or []))
    return set_


class OpenRoundView(ipw.VBox):
    """Open a round: a bundled lesson (``af-lesson-list``: each entry its stage and title), an
    uploaded file (``af-upload``) or pasted TOML (``af-paste`` + ``af-resolve``). The same in
    the Lab and the Dispute resolver; ``on_open`` runs after each attempt (the controller's
    ``error`` says what was wrong). With ``inline_errors`` (the Dispute resolver) that message
    sits under the input it is about (``af-error``) and is brought into view; :attr:`last`
    names that input."""

    def __init__(self, opener: RoundOpener, on_open: Callable[[], None], paste: bool = True,
                 inline_errors: bool = False) -> None:
        super().__init__(layout=ipw.Layout(max_width="100%"))
        self.opener = opener
        self._on_open = on_open
        self._guard = Guard()
        self.inline_errors = inline_errors
        self.last = ""                 # the input of the last attempt: lesson, upload, paste, line
        self._nonce = 0
        self.lessons = ipw.Dropdown(options=[(text("round-opener.pick-lesson"), ""), *lesson_choices()],
                                    value="", description=text("round-opener.lesson"),
                                    style={"description_width": "initial"},
                                    layout=ipw.Layout(width="auto", max_width="100%", flex="1 1 16em"))
        self.lessons.add_class("af-lessons")
        self.lessons.add_class("af-lesson-list")
        self.lessons.observe(self._on_lesson, names="value")
        self.upload = ipw.FileUpload(accept=".toml,text/plain", multiple=False,
                                     description=text("round-opener.upload"),
                                     tooltip=text("round-opener.upload"),   # its label's words (CSS)
                                     layout=ipw.Layout(width="auto"))
        self.upload.add_class("af-upload")
        self.upload.observe(self._on_upload, names="value")
        self.paste = ipw.Textarea(placeholder=text("round-opener.paste"),
                                  layout=ipw.Layout(width="auto", max_width="100%", height="6em"))
        self.paste.add_class("af-paste")
        self.resolve = ipw.Button(description=text("round-opener.open-pasted"), button_style="primary",
                                  layout=ipw.Layout(width="auto"))
        self.resolve.add_class("af-resolve")
        self.resolve.on_click(self._guard(lambda _: self._done(opener.open_toml(
            self.paste.value, text("round-opener.pasted")), "paste")))
        self.line = LineBox(self._open_line, self._line_error)   # af-line, af-line-go: one line
        self.errors = ({where: self._error_box() for where in ("lesson", "upload", "paste", "line")}
                       if inline_errors else {})
        near = self.errors.get
        self.children = [w for w in (wrap_row([self.lessons]), near("lesson"), wrap_row([self.upload]),
                                     near("upload"), *((self.paste, self.resolve, near("paste"))
                                                       if paste else ()), self.line, near("line"))
                         if w is not None]

    @staticmethod
    def _error_box() -> ipw.HTML:
        box = ipw.HTML(layout=ipw.Layout(display="none", max_width="100%"))
        box.add_class("af-source-error")
        return box

    def _done(self, opened: bool, where: str = "") -> None:
        self.last = where
        if self.inline_errors:
            message = "" if opened else self.opener.error
            for name, box in self.errors.items():
                shown = name == where and bool(message)
                if shown:
                    self._nonce += 1
                box.value = html.error(message) + scroll_here(self._nonce, "center") if shown else ""
                box.layout.display = None if shown else "none"
                if shown:
                    box.add_class("af-error")
                else:
                    box.remove_class("af-error")
        self._on_open()

    def _open_line(self, text: str, origin: str) -> bool:
        """A round typed in one line (:class:`LineBox` gives its TOML): opened like a pasted one."""
        opened = self.opener.open_toml(text, origin)
        if opened and self.paste is not None:
            self.paste.value = text
        self._done(opened, "line")
        return opened

    def _line_error(self, message: str) -> None:
        self.opener.error = message
        self._done(False, "line")

    def _on_lesson(self, change: dict[str, Any]) -> None:
        if change["new"]:
            self._guard(self._done)(self.opener.open_lesson(change["new"]), "lesson")

    def _on_upload(self, change: dict[str, Any]) -> None:
        items = change.get("new") or ()
        if not items:
            return
        f = items[0]
        get = f.get if isinstance(f, dict) else (lambda key, default=None: getattr(f, key, default))
        name = str(get("name", "upload.toml") or "upload.toml")
        size = int(get("size", 0) or 0)
        if size > MAX_UPLOAD_BYTES:
            self.opener.error = text("round-opener.too-big", name=name, size=size, limit=MAX_UPLOAD_BYTES)
            self._done(False, "upload")
            return
        self._guard(self._done)(self.opener.open_upload(bytes(get("content") or b""), name), "upload")
