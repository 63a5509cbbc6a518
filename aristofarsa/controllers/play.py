"""The *Play a game* app's state, in plain Python (no Jupyter).

``PlayController.from_query("players=4&seed=7&expansion=1&bots=greedy,random,random&human=1")``:
3–6 players, a seed, the Exiled expansion, one bot name for every seat or one per seat,
and your seat (1-based; ``human=0``: every seat is a bot and :meth:`PlayController.next` plays
the game on, round by round — the game is exactly ``aristofarsa play --players N --seed S
--bots ... --json``). Bad values are reported in ``errors`` (plain sentences naming what is
allowed) and replaced by their defaults.

The current decision (:meth:`PlayController.decision`) is an
:class:`~aristofarsa.controllers.asks.Ask`: its question and one labelled option per legal
answer, in the words every app uses; :meth:`PlayController.choose` takes the option's number.
Each finished round (and the round being played, up to now) can be stepped through
(:attr:`PlayController.stepper`); the final ranking is :meth:`PlayController.ranking` once the game is
over.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..analysis.outcome import who_wins
from ..core.messages import Join, Msg, text
from ..core.rulings import END_RULES
from ..games.bots import BOTS
from ..games.game import DEFAULT_NAMES, MAX_PLAYERS, MIN_PLAYERS
from ..render.text import end_text as render_end_text
from .asks import Ask
from .game_session import GameSession
from .query import QueryError, parse_query, whole
from .stepper import Stepper

#: The largest seed: the Seed field's bound, which the page's JavaScript must hold as a plain number.
#: Pyodide (the static site) hands an int to JavaScript as a BigInt, which the widgets cannot
#: serialize ("Do not know how to serialize a BigInt": the field fails to show), from 2**53 - 1 up
#: (measured, Pyodide 0.29), so the bound is one below. A ``?seed=`` above it is refused with a
#: message, in the served and the static apps alike.
SEED_MAX = 2**53 - 2


def end_text(reason: str) -> str:
    """Why a game ended, in words with its ruling (from the one table of end reasons):
    "an Aristocrat scored (E1)"; an unknown reason as it is."""
    return render_end_text(reason) if reason in END_RULES else reason


@dataclass(frozen=True)
class RoundSummary:
    number: int
    winners: list[str]
    scored: dict[str, list[str]]
    finished: bool
    cards: tuple[str, ...] = ()        # the winning cards, "Ana's Knight" (finished rounds)

    @property
    def label(self) -> str:
        """"Round 2: winning card Ana's Knight" (the same words as the stepper's)."""
        if not self.finished:
            return text("play.round-playing", number=self.number)
        if not self.cards:
            return text("play.round-no-winner", number=self.number)
        return text("play.round-won", number=self.number, count=len(self.cards), cards=Join(self.cards))


class PlayController:
    """One game of the Play app: its settings, the session, the round on screen."""

    QUERY = ("players", "seed", "expansion", "bots", "human")

    def __init__(self, players: int = 4, seed: int = 0, expansion: bool = False,
                 bots: list[str] | None = None, human: int = 1) -> None:
        if not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise QueryError(text("query.players", low=MIN_PLAYERS, high=MAX_PLAYERS, value=players))
        if not 0 <= seed <= SEED_MAX:
            raise QueryError(text("query.seed", high=SEED_MAX, value=seed))
        if not 0 <= human <= players:
            raise QueryError(text("query.human", players=players, value=human))
        self.players = players
        self.seed = seed
        self.expansion = expansion
        self.human = human
        self.names = list(DEFAULT_NAMES[:players])
        self.you = self.names[human - 1] if human else None
        self.bots = _seat_bots(bots, players, human)
        self.errors: list[str] = []
        self.session = GameSession(players, seed, self.bots, human_seats={human - 1} if human else (),
                                   expansion=expansion)
        self.bots_only = human == 0
        self.round_no = 0 if human == 0 else 1
        self.stepper = self._stepper(self.round_no)
        self._follow()

    # ---------------------------------------------------------------- query
    @classmethod
    def from_query(cls, query: str) -> PlayController:
        errors: list[str] = []
        values: dict[str, Any] = {"players": 4, "seed": 0, "expansion": False, "bots": None, "human": 1}
        try:
            params = parse_query(query, cls.QUERY)
        except QueryError as exc:
            params = {}
            errors.append(str(exc))
        checks = (("players", lambda v: whole(v, "players", MIN_PLAYERS, MAX_PLAYERS)),
                  ("seed", lambda v: whole(v, "seed", 0, SEED_MAX)),
                  ("expansion", _flag))
        for name, parse in checks:
            if name in params:
                try:
                    values[name] = parse(params[name])
                except QueryError as exc:
                    errors.append(str(exc))
        if "human" in params:
            try:
                values["human"] = whole(params["human"], text("query.human-name"), 0, values["players"])
            except QueryError as exc:
                errors.append(str(exc))
        if "bots" in params:
            try:
                names = [b.strip() for b in params["bots"].split(",")]
                _seat_bots(names, values["players"], values["human"])
                values["bots"] = names
            except QueryError as exc:
                errors.append(str(exc))
        state = cls(**values)
        state.errors = errors
        return state

    # ---------------------------------------------------------------- the decision
    @property
    def over(self) -> bool:
        return self.session.over

    def decision(self) -> Ask | None:
        """Your open decision described for buttons (controllers.asks: the same words as the
        Lab's), or None while nobody human is asked."""
        return self.session.ask_for(self.you)

    def choose(self, k: int) -> None:
        """Answer the current decision with its option number ``k`` (0-based)."""
        d = self.decision()
        if d is None:
            raise ValueError(text("play.no-decision"))
        if not 0 <= k < len(d.options):
            raise ValueError(text("play.option-range", last=len(d.options) - 1, k=k))
        self.session.answer(d.options[k].value)
        self._follow()

    def can_undo(self) -> bool:
        """Your last choice can be taken back while the game is on (not once it is over)."""
        return self.human != 0 and not self.session.over and self.session.can_undo

    @property
    def moves(self) -> int:
        """Decisions made so far (humans' and bots'): changes with every move."""
        return len(self.session.decisions)

    def undo(self) -> None:
        if self.can_undo():
            self.session.undo()
            self._follow()

    def next(self) -> None:
        """Bots only: the bots play the next round (or the game's end)."""
        if not self.bots_only:
            raise ValueError(text("play.next-bots-only"))
        if not self.session.over:
            self.session.step_round()
            self._follow()

    # ---------------------------------------------------------------- what is on screen
    def hand(self) -> list[str]:
        if not self.human:
            return []
        return list(self.session.view(self.human - 1).hand)

    def crowns(self) -> dict[str, int]:
        """Everyone's crowns so far."""
        return dict(self.session.view(0).crowns)

    def visible_rounds(self) -> int:
        """How many rounds can be stepped through (finished ones and, in a game with a human
        seat, the one being played)."""
        done = len(self.session.rounds)
        return done if self.session.over or self.bots_only else done + 1

    def rounds(self) -> list[RoundSummary]:
        out = []
        finished = self.session.rounds
        for k in range(self.visible_rounds()):
            if k < len(finished):
                r = finished[k]
                garden = {p: c for p, c, _ in r.garden}
                cards = tuple(text("card.owned", owner=p, card=garden[p]) if p in garden else p
                              for p in r.winners)
                out.append(RoundSummary(k + 1, list(r.winners), dict(r.scored), True, cards))
            else:
                out.append(RoundSummary(k + 1, [], {}, False))
        return out

    def select_round(self, number: int) -> None:
        if not 0 <= number <= max(1, self.visible_rounds()):
            raise ValueError(text("play.round-range", last=self.visible_rounds(), number=number))
        viewer = self.stepper.viewer if self.stepper is not None else self.you
        self.round_no = number
        self.stepper = self._stepper(number)
        if viewer in self.stepper.viewers:
            self.stepper.viewer = viewer

    def first_player(self) -> str | None:
        """Who plays first in the round being played (the last one, once the game is over):
        the player its M2 step names."""
        return next((e.actor for e in reversed(self.session.trace) if e.kind == "round"), None)

    def round_summary(self) -> list[str]:
        """The round just finished, in the words every tool uses (analysis.outcome): "Round 1
        is over.", its winning card(s) and who starts the next round (or "The game is over."),
        who scores, and the crowns so far. Empty before the first round ends."""
        finished = self.session.rounds
        if not finished:
            return []
        r = finished[-1]
        over = self.session.over
        lines = [text("play.round-over-last" if over else "play.round-over", number=len(finished)),
                 who_wins(r.garden, r.winners, None if over else r.next_first, r.lowest_wins)]
        scored = [Msg("play.scored", {"player": p, "cards": Join(cards)})
                  for p, cards in r.scored.items() if cards]
        lines.append(text("play.scores", scored=Join(scored)) if scored else text("play.nobody-scores"))
        crowns = Join(Msg("play.crowns", {"player": p, "crowns": n}) for p, n in self.crowns().items())
        lines.append(text("play.crowns-final" if over else "play.crowns-so-far", crowns=crowns))
        if over:
            lines.append(text("play.game-over"))
        return lines

    def ranking(self) -> list[list[str]] | None:
        result = self.session.result
        return [list(p) for p in result.ranking] if result is not None else None

    def result_json(self) -> dict[str, Any] | None:
        """The finished game as ``aristofarsa play --json`` prints it."""
        result = self.session.result
        return result.to_json(trace=False) if result is not None else None

    def status(self) -> str:
        result = self.session.result
        if result is not None:
            places = self.ranking() or []
            crowns = result.crowns
            winners = Join((Msg("play.winner", {"player": p, "crowns": Msg(
                "play.crowns-count", {"count": crowns[p]})}) for p in places[0]), "list.and")
            return text("play.status-over", reason=end_text(str(result.end_reason)), winners=winners)
        d = self.decision()
        if d is not None:
            return text("play.your-move", number=len(self.session.rounds) + 1, player=self.you)
        if self.bots_only:
            done = len(self.session.rounds)
            return text("play.bots-played", count=done) if done else text("play.bots-first")
        return ""

    # ---------------------------------------------------------------- helpers
    def _stepper(self, number: int) -> Stepper:
        """Round ``number``'s events (0: the set-up before round 1) as a stepper."""
        trace = list(self.session.trace)
        starts = [i for i, e in enumerate(trace) if e.kind == "round"]
        if not starts:
            events = trace or []
        elif number == 0:
            events = trace[:starts[0]]
        else:
            number = min(number, len(starts))
            start = starts[number - 1]
            stop = starts[number] if number < len(starts) else len(trace)
            events = trace[start:stop]
        finished = self.session.rounds
        done = finished[number - 1] if 1 <= number <= len(finished) else None
        winners = list(done.winners) if done is not None else None
        if not events:
            events = trace[:1]
        stepper = Stepper.from_events(events, winners, viewer=self.you, players=self.names,
                                      next_first=done.next_first if done is not None else None,
                                      game_over=self.session.over and number == len(finished))
        if self.you is not None and not self.session.over:
            stepper.restrict((self.you,))   # hidden information: your eyes only until the game ends
        stepper.last()
        return stepper

    def _follow(self) -> None:
        """After a move: show the latest round at its latest step."""
        latest = self.visible_rounds()
        if self.bots_only and latest == 0:
            return
        self.select_round(max(1, latest))
        self.stepper.last()


def _flag(value: str) -> bool:
    v = value.strip().lower()
    if v in ("1", "true", "yes", "on"):
        return True
    if v in ("0", "false", "no", "off", ""):
        return False
    raise QueryError(text("query.expansion", value=repr(value)))


def _seat_bots(bots: list[str] | None, players: int, human: int) -> list[str]:
    """One bot name per seat: one name for all, one per seat, or (with a human seat) one per
    other seat. The human's seat gets a placeholder the game never asks."""
    allowed = Join(BOTS)
    names = list(bots) if bots else ["random"]
    for name in names:
        if name not in BOTS:
            raise QueryError(text("query.unknown-bot", name=repr(name), allowed=allowed))
    if len(names) == 1:
        return names * players
    if len(names) == players:
        return names
    if human and len(names) == players - 1:
        return names[:human - 1] + ["random"] + names[human - 1:]
    raise QueryError(text("query.bots-human" if human else "query.bots", players=players,
                          others=players - 1, count=len(names), names=",".join(names),
                          allowed=allowed))


__all__ = ["PlayController", "RoundSummary"]
