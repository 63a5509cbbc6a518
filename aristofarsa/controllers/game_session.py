"""A whole game played by clicks: :class:`GameSession`, human seats and bot seats.

Same pattern as :class:`~aristofarsa.controllers.session.RoundSession`, over the game's
decision record. The state is the list of decisions made so far (a human's answers and
every bot's answers, each recorded when made); each step plays the game again from its
seed, answering from the record, and stops at the first decision nobody has made yet::

    s = GameSession(players=4, seed=7, bots=["greedy"], human_seats={0})
    s.pending                 # the Request seat 0 must answer (s.ask: labelled options)
    s.answer("Knight")        # bots play on until seat 0 is asked again (or the game ends)
    s.undo()                  # back to seat 0's previous decision
    s.rounds[-1].winners      # finished rounds, each a RoundResult
    s.over, s.result          # the GameResult once the game has ended

Replaying never runs a bot twice: a recorded answer is fed back, and the bot objects stay
alive between replays (only their window onto the game, the :class:`GameView`, follows the
new replay), so every bot is called exactly once per decision, in the order of an
uninterrupted game, and its own generator is where an uninterrupted game would have it.
Before a human decision is first asked, the bots' state is kept; :meth:`undo` restores it,
so an undone and re-made decision continues the game exactly as before. With no human
seat the game is exactly ``aristofarsa play --players N --seed S --bots ... --json``, and
:meth:`GameSession.step_round` plays it on round by round in one game (no replay: a game of
N rounds is played once, not N times).
"""
from __future__ import annotations

import copy
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from ..analysis.board import Board, boards
from ..core.decisions import Request
from ..core.messages import Join, text
from ..core.result import RoundResult
from ..core.trace import TraceEvent
from ..games.game import Game, GameError, GameResult
from .asks import Ask, SessionError, ask_of, litter_holder

__all__ = ["Decision", "GameSession", "SeatView"]


@dataclass(frozen=True, slots=True)
class Decision:
    """One decision of the game, as recorded (the ``records`` format plus who made it)."""
    kind: str
    player: str
    card: str | None
    value: Any
    human: bool

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "player": self.player, "card": self.card, "value": self.value}


@dataclass(frozen=True, slots=True)
class SeatView:
    """What one seat may see now: its own hand, every public zone, hand and deck sizes."""
    seat: str
    round: int                          # rounds started so far (the current one included)
    hand: tuple[str, ...]
    hand_sizes: dict[str, int]
    deck_sizes: dict[str, int]
    discard_piles: dict[str, tuple[str, ...]]
    parlors: dict[str, tuple[str, ...]]
    scored: dict[str, tuple[str, ...]]
    exiled: dict[str, tuple[str, ...]]
    crowns: dict[str, int]
    to_answer: bool                     # this seat must answer the pending request


class _Stop(Exception):
    """Raised inside the game at the first decision the session does not make yet."""

    def __init__(self, request: Request) -> None:
        super().__init__(request.kind)
        self.request = request


# how far live (new) decisions may go in one call
_NONE, _ONE, _ROUND, _HUMAN = "none", "one", "round", "human"


class _Seat:
    """One seat's decider in a replay: the record first, then the live bot or a stop."""

    auto = False

    def __init__(self, session: GameSession, name: str) -> None:
        self.session = session
        self.name = name
        bot = session._bots.get(name)
        self.needs_history = bool(getattr(bot, "needs_history", False))

    def decide(self, request: Request) -> Any:
        return self.session._decide(self.name, request)


class GameSession:
    """A whole game with some human seats and some bots, answer by answer, with undo.

    ``human_seats``: seat indices (0-based) or names; empty for a bots-only game.
    ``bots``: one bot name for every seat, one per seat, or one per bot seat (the human
    seats' entries are then filled with ``random``; they never play). The other arguments
    are :class:`~aristofarsa.game.Game`'s; bad ones raise :class:`~aristofarsa.game.GameError`.
    On creation the bots play until a human seat is asked (``advance``, the default when
    there is a human seat); a bots-only game waits for :meth:`step` / :meth:`step_round`.
    """

    def __init__(self, players: int = 4, seed: int = 0, bots: Iterable[str] | str | None = None,
                 human_seats: Iterable[int | str] = frozenset({0}), expansion: bool = False,
                 variants: Iterable[str] = (), names: Iterable[str] | None = None,
                 crowns: dict[str, int] | None = None, advance: bool | None = None) -> None:
        seats = list(names) if names is not None else None
        probe_bots = bots
        bot_list = [b.strip() for b in bots.split(",")] if isinstance(bots, str) else \
            (list(bots) if bots is not None else None)
        humans_given = list(human_seats)
        if bot_list is not None and isinstance(players, int) and len(bot_list) not in (1, players) \
                and len(bot_list) == players - len(humans_given):
            # one bot per bot seat: put placeholders in the human seats
            it = iter(bot_list)
            human_idx = {h for h in humans_given if isinstance(h, int)}
            probe_bots = ["random" if k in human_idx else next(it) for k in range(players)]
        self._args: dict[str, Any] = {"players": players, "seed": seed, "bots": probe_bots,
                                      "expansion": expansion, "variants": tuple(variants),
                                      "names": seats, "crowns": crowns}
        probe = Game(players, seed, probe_bots, expansion=expansion, variants=tuple(variants),
                     names=seats, crowns=crowns)
        self.names: list[str] = list(probe.names)
        self.humans: frozenset[str] = frozenset(self._seat_name(h) for h in humans_given)
        self.bot_names: dict[str, str] = {n: ("human" if n in self.humans else b)
                                          for n, b in zip(self.names, probe.bot_names, strict=True)}
        # the bots live as long as the session; each replay only re-points their views
        self._bots: dict[str, Any] = {n: d for n, d in probe.decider.seats.items()
                                      if n not in self.humans}
        self.decisions: list[Decision] = []
        self._saved: dict[int, dict[str, Any]] = {}   # bots' state before human decision i
        self._cursor = 0
        self._mode = _NONE
        self._rounds_at_start = 0
        self._live = 0
        self.game: Game | None = None
        self.replays = 0                               # games played again from the seed
        self._live_game: Game | None = None            # bots only: the game played on, round by round
        self.pending: Request | None = None            # a human seat's open request
        self.waiting: Request | None = None            # the next request when the game stopped
        self.result: GameResult | None = None
        if advance is None:
            advance = bool(self.humans)
        self._replay(_HUMAN if advance else _NONE)

    def _seat_name(self, seat: int | str) -> str:
        if isinstance(seat, bool) or not isinstance(seat, (int, str)):
            raise GameError(text("session.seat-kind", seat=repr(seat), last=len(self.names) - 1,
                                 players=Join(self.names)))
        if isinstance(seat, int):
            if not 0 <= seat < len(self.names):
                raise GameError(text("session.seat-range", seat=seat, last=len(self.names) - 1))
            return self.names[seat]
        if seat not in self.names:
            raise GameError(text("session.seat-name", seat=repr(seat), players=Join(self.names)))
        return seat

    # ---------------------------------------------------------------- replaying
    def _new_game(self, mode: str) -> Game:
        """The game set up again from its seed, its seats answering from the record first,
        then live as far as ``mode`` allows; the bots' views follow it."""
        a = self._args
        seats = {n: _Seat(self, n) for n in self.names}
        game = Game(a["players"], a["seed"], a["bots"], expansion=a["expansion"],
                    variants=a["variants"], trace=True, names=a["names"],
                    decider_overrides=seats, record=True, crowns=a["crowns"])
        for bot in self._bots.values():
            view = getattr(bot, "view", None)
            if view is not None:
                view.game = game
        self.replays += 1
        self._live_game = None
        self.game = game
        self._cursor = 0
        self._mode = mode
        self._live = 0
        self._rounds_at_start = -1
        self.pending = self.waiting = self.result = None
        return game

    def _replay(self, mode: str) -> None:
        """Play the game again from its seed with the recorded decisions, then go on live
        as far as ``mode`` allows."""
        game = self._new_game(mode)
        try:
            self.result = game.run()
        except _Stop as stop:
            self.waiting = stop.request
            if stop.request.player in self.humans:
                self.pending = stop.request
                if len(self.decisions) not in self._saved:
                    self._saved[len(self.decisions)] = self._bot_state()

    def _decide(self, seat: str, request: Request) -> Any:
        i = self._cursor
        if i < len(self.decisions):                          # replaying the record
            d = self.decisions[i]
            if (d.kind, d.player, d.card) != (request.kind, request.player, request.card):
                raise RuntimeError(f"replay diverged at decision {i + 1}: the game asks "  # i18n: developer
                                   f"{request!r}, the record holds {d!r}")
            self._cursor = i + 1
            return d.value
        game = self.game
        assert game is not None
        if self._rounds_at_start < 0:
            self._rounds_at_start = len(game.rounds)
        mode = self._mode
        if seat in self.humans or mode == _NONE or (mode == _ONE and self._live >= 1) or \
                (mode == _ROUND and len(game.rounds) > self._rounds_at_start):
            raise _Stop(request)
        value = self._bots[seat].decide(request)             # a live bot: once, recorded
        self.decisions.append(Decision(request.kind, request.player, request.card, value, False))
        self._cursor = i + 1
        self._live += 1
        return value

    def _bot_state(self) -> dict[str, Any]:
        """A copy of every bot (its generators, counters), sharing the views and the game."""
        memo: dict[int, Any] = {id(self.game): self.game}
        for bot in self._bots.values():
            view = getattr(bot, "view", None)
            if view is not None:
                memo[id(view)] = view
        return copy.deepcopy(self._bots, memo)

    # ---------------------------------------------------------------- the human's side
    @property
    def ask(self) -> Ask | None:
        """The pending request described for buttons (None when no human seat is asked)."""
        return self.ask_for(None)

    def ask_for(self, you: str | None) -> Ask | None:
        """The pending request described for ``you``'s screen (None: everyone's; the chooser
        is then named), the Litter counted in a Convoke's sum when the chooser holds it."""
        if self.pending is None or self.game is None:
            return None
        return ask_of(self.pending, you, litter_holder(self.game.trace.events))

    @property
    def over(self) -> bool:
        return self.result is not None

    @property
    def bots_to_move(self) -> bool:
        """The game waits for a bot: :meth:`step`, :meth:`step_round` or :meth:`advance_bots`."""
        return self.result is None and self.pending is None

    def answer(self, value: Any, play_on: bool = True) -> Request | GameResult | None:
        """Answer the pending request of a human seat. An illegal value raises the engine's
        DecisionError and changes nothing. Then the bots play on until a human seat is asked
        again or the game ends (``play_on=False``: they wait for :meth:`step`)."""
        request = self.pending
        if request is None:
            raise SessionError(text("session.game-over" if self.over else "session.bots-play"))
        if not request.legal(value):
            raise request.illegal(value)
        self.decisions.append(Decision(request.kind, request.player, request.card, value, True))
        self._replay(_HUMAN if play_on else _NONE)
        return self.pending or self.result

    def undo(self) -> Request:
        """Back to the previous human decision: it is asked again, the bots as they were."""
        last = max((i for i, d in enumerate(self.decisions) if d.human), default=None)
        if last is None:
            raise SessionError(text("session.no-human-undo"))
        del self.decisions[last:]
        self._saved = {i: s for i, s in self._saved.items() if i <= last}
        self._bots = copy.deepcopy(self._saved[last], {id(v): v for v in self._views()})
        self._replay(_NONE)
        assert self.pending is not None
        return self.pending

    def _views(self) -> list[Any]:
        return [v for v in (getattr(b, "view", None) for b in self._bots.values()) if v is not None]

    @property
    def can_undo(self) -> bool:
        return any(d.human for d in self.decisions)

    # ---------------------------------------------------------------- the bots' side
    def step(self) -> Decision | None:
        """One bot decision (None when a human seat is asked or the game is over)."""
        if not self.bots_to_move:
            return None
        n = len(self.decisions)
        self._replay(_ONE)
        return self.decisions[n] if len(self.decisions) > n else None

    def step_round(self) -> RoundResult | None:
        """Bots play until the current round is finished (its RoundResult), a human seat is
        asked (None) or the game ends."""
        if not self.bots_to_move:
            return None
        before = len(self.rounds)
        if self.humans:
            self._replay(_ROUND)
        else:
            self._live_round()
        return self.rounds[before] if len(self.rounds) > before else None

    def _live_round(self) -> None:
        """Bots only: play on, round by round, in one game kept between calls (the engine's
        ``Game.begin``/``start_round``/``play_round``/``finish``), so a game of N rounds is
        played once, not replayed N times. Each call ends where a replay in round mode stops:
        after the round holding the first new decision and the next round's Draw step. The
        first call (and the first after :meth:`step`) plays the record again first."""
        game = self._live_game
        if game is None:
            game = self._new_game(_HUMAN)
            game.begin()
            if not game.start_round():
                self.result = game.finish()
                return
            self._live_game = game
        self._live = 0
        while True:
            if not game.play_round() or not game.start_round():
                self._live_game = None
                self.result = game.finish()
                return
            if self._live:                   # a round with new decisions was played
                return

    def advance_bots(self) -> Request | GameResult | None:
        """Bots play until a human seat is asked (its Request) or the game ends (the result)."""
        if self.bots_to_move and self.humans:
            self._replay(_HUMAN)
        while self.bots_to_move and not self.humans:
            self._live_round()
        return self.pending or self.result

    def play_to_end(self) -> GameResult:
        """Every remaining decision by the bots (SessionError if a human seat is asked)."""
        self.advance_bots()
        if self.result is None:
            raise SessionError(text("session.answer-first", player=self.pending and self.pending.player))
        return self.result

    # ---------------------------------------------------------------- what there is to see
    @property
    def rounds(self) -> list[RoundResult]:
        """The finished rounds' results, in order."""
        return list(self.game.rounds) if self.game is not None else []

    @property
    def trace(self) -> list[TraceEvent]:
        """The game's trace so far (set-up, every round, and the current round up to now)."""
        return list(self.game.trace.events) if self.game is not None else []

    def round_events(self, k: int) -> list[TraceEvent]:
        """The trace of round ``k`` (0-based), from its ``round`` marker; the current round
        (k = number of finished rounds) up to now."""
        game = self.game
        if game is None or not 0 <= k < len(game.round_starts):
            raise SessionError(text("game-session.no-round", round=k,
                                    last=len(game.round_starts) - 1 if game else -1))
        events = game.trace.events
        start = game.round_starts[k] - 1
        end = game.round_starts[k + 1] - 1 if k + 1 < len(game.round_starts) else len(events)
        return list(events[start:end])

    def boards(self, k: int, viewer: int | str | None = None) -> list[Board]:
        """Round ``k``'s boards, step by step, through ``viewer``'s eyes (None: everyone)."""
        who = None if viewer is None else self._seat_name(viewer)
        return boards(self.round_events(k), who)

    def view(self, seat: int | str) -> SeatView:
        """What ``seat`` (index or name) may see now."""
        name = self._seat_name(seat)
        game = self.game
        assert game is not None
        pls = {pl.name: pl for pl in game.players}

        def names(cards: list[Any]) -> tuple[str, ...]:
            return tuple(c.name for c in cards)

        table = game.crown_table
        return SeatView(
            seat=name, round=len(game.round_starts),
            hand=names(pls[name].hand),
            hand_sizes={n: len(p.hand) for n, p in pls.items()},
            deck_sizes={n: len(p.deck) for n, p in pls.items()},
            discard_piles={n: names(p.discard) for n, p in pls.items()},
            parlors={n: names(p.parlor) for n, p in pls.items()},
            scored={n: names(p.scored) for n, p in pls.items()},
            exiled={n: names(p.exiled) for n, p in pls.items()},
            crowns={n: sum(table[c.name] for c in p.scored) for n, p in pls.items()},
            to_answer=self.pending is not None and self.pending.player == name)

    def hand(self, seat: int | str) -> list[str]:
        """That seat's hand now (for the seat itself; others see only its size)."""
        return list(self.view(seat).hand)

    def crowns(self) -> dict[str, int]:
        """Everyone's crowns so far (scored areas are public)."""
        return dict(self.view(self.names[0]).crowns)

    @property
    def answers(self) -> list[Any]:
        """The human seats' answers so far, in order."""
        return [d.value for d in self.decisions if d.human]

    def record(self) -> list[dict[str, Any]]:
        """The decisions so far in the ``records`` format (``{kind, player, card, value}``)."""
        return [d.to_json() for d in self.decisions]
