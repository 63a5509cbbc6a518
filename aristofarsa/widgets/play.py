"""*Play a game*: a thin ipywidgets skin over :class:`aristofarsa.controllers.play.PlayController`.

``PlayApp.from_query("players=4&seed=7&bots=greedy&human=1")``. Hooks: ``af-actions`` (one
button per legal option of your current decision; "Next round" with ``human=0``),
``af-hand`` (your hand as ``af-card`` views), ``af-ranking`` (the final ranking), the
stepper's hooks over each round (``af-first`` … ``af-step``, ``af-garden``, ``af-balcony``,
``af-winners``, ``af-viewer``) and ``af-error``.
"""
from __future__ import annotations

from functools import partial
from html import escape
from typing import Any

import ipywidgets as ipw  # type: ignore[import-untyped]

from ..controllers.learn import card_info
from ..controllers.play import SEED_MAX, PlayController
from ..core.messages import Join, Msg, text
from ..games.game import DEFAULT_NAMES
from ..render import seats
from .common import WRAP, CardView, ErrorBox, button, button_row, styles
from .stepper import StepperView


class PlayApp(ipw.VBox):
    """You against the bots, round by round; every decision a button."""

    def __init__(self, controller: PlayController) -> None:
        super().__init__(layout=ipw.Layout(width="100%"))
        self.add_class("af-app")
        self.add_class("af-play")
        self.controller = controller
        self._busy = False
        self.error = ErrorBox()
        self.error.show(controller.errors)
        self.head = ipw.HTML()
        self.status = ipw.HTML()
        self.status.add_class("af-status")
        self.prompt = ipw.HTML()
        self.actions = ipw.Box(layout=ipw.Layout(display="flex", flex_flow=WRAP, width="100%"))
        self.actions.add_class("af-actions")
        self.actions.add_class("af-buttons")
        self.undo = button(text("play-page.undo"), self._undo, "af-undo")
        self.hand_title = ipw.HTML()
        self.hand = ipw.Box(layout=ipw.Layout(display="flex", flex_flow=WRAP, width="100%"))
        self.hand.add_class("af-hand")
        self.hand.add_class("af-buttons")
        self.crowns = ipw.HTML()
        self.summary = ipw.HTML(layout=ipw.Layout(flex="1 1 20em", max_width="100%"))
        self.summary.add_class("af-round-summary")
        self.seat_ring = ipw.HTML(layout=ipw.Layout(flex="0 0 auto"))
        self.seat_ring.add_class("af-seat-ring")
        self.table = ipw.Box([self.summary, self.seat_ring],
                             layout=ipw.Layout(display="flex", flex_flow=WRAP, align_items="flex-start",
                                               width="100%"))
        self.ranking = ipw.HTML()
        self.ranking.add_class("af-ranking")
        self.round_pick = ipw.Dropdown(description=text("play-page.round"), layout=ipw.Layout(width="auto"))
        self.round_pick.observe(self._on_round, names="value")
        self.stepper = StepperView(controller.stepper)
        self._syncing = False
        self.new_game = self._settings()
        self.children = [styles(), self.error, self.head, self.new_game, self.status,
                         self.ranking, self.table, self.prompt, self.actions, self.hand_title, self.hand,
                         self.crowns,
                         ipw.HTML("<h4 style='margin:.6em 0 .2em'>" + text("play-page.steps") + "</h4>"
                                  "<div class='af-note'>" + text("play-page.steps-note") + "</div>"),
                         self.round_pick, self.stepper, button_row([self.undo])]
        self.refresh()

    def _settings(self) -> ipw.Accordion:
        """A folded form for a new game: players, your seat, bots, expansion, seed."""
        s = self.controller
        self._players = ipw.Dropdown(options=[3, 4, 5, 6], value=s.players,
                                     description=text("play-page.players"))
        self._human = ipw.Dropdown(description=text("play-page.you-play"))
        self._bot = ipw.Dropdown(options=[(text("play-page.bot-random"), "random"),
                                          (text("play-page.bot-greedy"), "greedy"),
                                          (text("play-page.bot-search"), "search")],
                                 value=s.bots[0] if s.bots[0] in ("random", "greedy", "search") else "random",
                                 description=text("play-page.bots"))
        self._expansion = ipw.Checkbox(value=s.expansion, description=text("play-page.expansion"))
        self._seed = ipw.BoundedIntText(value=s.seed, min=0, max=SEED_MAX, description=text("play-page.seed"))
        self._players.observe(lambda _c: self._seats(), names="value")
        self._seats(s.human)
        start = button(text("play-page.start"), self._start, "af-new-game")
        for w in (self._players, self._human, self._bot, self._seed):
            w.layout = ipw.Layout(width="auto", max_width="26em")
        form = ipw.VBox([self._players, self._human, self._bot, self._expansion, self._seed, start])
        acc = ipw.Accordion(children=[form], layout=ipw.Layout(width="100%"))
        acc.set_title(0, text("play-page.new-game"))
        acc.selected_index = None
        return acc

    def _seats(self, value: int | None = None) -> None:
        n = self._players.value
        options = [(text("play-page.seat", seat=k, name=name), k)
                   for k, name in enumerate(DEFAULT_NAMES[:n], 1)]
        self._human.options = [*options, (text("play-page.watch"), 0)]
        current = value if value is not None else self._human.value
        self._human.value = current if current is not None and 0 <= current <= n else 1

    def _start(self) -> None:
        if self._busy:
            return
        self.controller = PlayController(self._players.value, int(self._seed.value),
                                         bool(self._expansion.value), [self._bot.value],
                                         int(self._human.value))
        self.error.show([])
        self.new_game.selected_index = None
        self.refresh()

    def _head_html(self) -> str:
        state = self.controller
        bots = Join(Msg("play-page.bot", {"name": n, "bot": b})
                    for k, (n, b) in enumerate(zip(state.names, state.bots, strict=True))
                    if k != state.human - 1)
        you = (text("play-page.you", name=escape(state.you), seat=state.human) if state.you
               else text("play-page.bots-only"))
        settings = text("play-page.settings-expansion" if state.expansion else "play-page.settings",
                        you=you, players=state.players, seed=state.seed, bots=escape(str(bots)))
        return ("<h2 style='margin:.2em 0'>" + text("play-page.title") + "</h2>"
                f"<div class='af-note'>{settings}</div>")

    @classmethod
    def from_query(cls, query: str) -> PlayApp:
        return cls(PlayController.from_query(query))

    def __repr__(self) -> str:                         # stable text/plain for nbval
        s = self.controller
        return (f"PlayApp(players={s.players}, seed={s.seed}, expansion={s.expansion}, "
                f"bots={','.join(s.bots)!r}, human={s.human})")

    # ---------------------------------------------------------------- clicks
    def _token(self) -> tuple[int, int, int]:
        """What a button was made for: a click from an older set of buttons is ignored."""
        return (id(self.controller), self.controller.moves, len(self.controller.session.rounds))

    def _act(self, token: tuple[int, int, int], action: Any) -> None:
        if self._busy or token != self._token():
            return  # a double click, or a click on buttons already replaced
        self._busy = True
        for b in self.actions.children:
            b.disabled = True
        try:
            action()
        except ValueError as exc:
            self.error.show([str(exc)])
        finally:
            self._busy = False
            self.refresh()

    def _undo(self) -> None:
        if not self._busy:
            self.controller.undo()
            self.refresh()

    def _on_round(self, change: dict[str, Any]) -> None:
        if not self._syncing and change["new"] is not None and change["new"] != self.controller.round_no:
            self.controller.select_round(change["new"])
            self.stepper.use(self.controller.stepper)

    # ---------------------------------------------------------------- drawing
    @staticmethod
    def _card(name: str, seat: int) -> CardView:
        """A hand card without the per-card crowns note (the hand's title says it once)."""
        return CardView(card_info(name), seat, crowns_note=False)

    def refresh(self) -> None:
        state = self.controller
        self.head.value = self._head_html()
        self.status.value = f"<b>{escape(state.status())}</b>"
        token = self._token()
        decision = state.decision()
        buttons: list[ipw.Button] = []
        if decision is not None:
            self.prompt.value = f"<div style='margin-top:.4em'><b>{escape(decision.question)}</b></div>"
            for k, option in enumerate(decision.options):
                buttons.append(button(option.label, partial(self._act, token, partial(state.choose, k)),
                                       "af-action"))
        elif state.bots_only and not state.over:
            self.prompt.value = ""
            buttons.append(button(text("play-page.next-round"), (lambda: self._act(token, state.next)),
                                   "af-action", "af-next-round"))
        else:
            self.prompt.value = ""
        self.actions.children = buttons
        self.actions.layout.display = "flex" if buttons else "none"
        self.undo.disabled = not state.can_undo()
        self.undo.layout.display = None if state.human and not state.over else "none"

        hand = state.hand()
        if state.human:
            title = text("play-page.hand", count=len(hand))
            self.hand_title.value = (f"<h4 style='margin:.6em 0 .2em'>{title}</h4>"
                                     "<div class='af-note'>" + text("play-page.crowns-note") + "</div>")
            self.hand.children = [self._card(name, state.human - 1) for name in hand]
        else:
            self.hand_title.value = ""
            self.hand.children = []
        crowns = state.crowns()
        summary = state.round_summary()
        # the round just finished, above the next decision; the crowns so far are in it
        self.summary.value = ("<div class='af-round-summary-box' style='margin:.4em 1em .4em 0;"
                              "padding:.4em .7em;border-left:4px solid var(--af-summary-rule);"
                              "background:var(--af-summary-paper)'>"
                              + "<br>".join(f"<b>{escape(line)}</b>" if k == 0 else escape(line)
                                            for k, line in enumerate(summary)) + "</div>") if summary else ""
        self.summary.layout.display = None if summary else "none"
        first = state.first_player()
        said = text("play-page.table-first-last" if state.over else "play-page.table-first",
                    name=escape(first or ""))
        self.seat_ring.value = (f"<div class='af-note' style='max-width:180px'>{said}</div>"
                                + seats.seat_ring_svg(state.names, first, size=180)) if first else ""
        self.crowns.value = "" if summary else (
            "<div class='af-note'>" + text("play-page.crowns-so-far", crowns=Join(
                Msg("play.crowns", {"player": escape(p), "crowns": n}) for p, n in crowns.items()))
            + "</div>")
        ranking = state.ranking()
        if ranking is not None:
            self.ranking.value = ("<h3 style='margin:.4em 0'>" + text("play-page.ranking") + "</h3>"
                                  + seats.ranking_html(ranking, crowns))
            self.ranking.layout.display = None
        else:
            self.ranking.value = ""
            self.ranking.layout.display = "none"

        rounds = state.rounds()
        options: list[tuple[str, int]] = []
        if state.bots_only and not rounds:
            options.append((text("play-page.set-up"), 0))
        for r in rounds:
            options.append((r.label, r.number))
        self._syncing = True
        try:
            if list(self.round_pick.options) != options:
                self.round_pick.options = options
            self.round_pick.value = state.round_no if any(v == state.round_no for _, v in options) \
                else (options[-1][1] if options else None)
        finally:
            self._syncing = False
        self.stepper.use(self.controller.stepper)
