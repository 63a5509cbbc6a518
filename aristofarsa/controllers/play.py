"""The *Play a game* app's state, in plain Python (no Jupyter).

``PlayState.from_query("players=4&seed=7&expansion=1&bots=greedy,random,random&human=1")``:
3–6 players, a seed, the Exiled expansion, one bot name for every seat or one per seat,
and your seat (1-based; ``human=0``: every seat is a bot and :meth:`PlayState.next` plays
the game on, round by round — the game is exactly ``aristofarsa play --players N --seed S
--bots ... --json``). Bad values are reported in ``errors`` (plain sentences naming what is
allowed) and replaced by their defaults.

The current decision (:meth:`PlayState.decision`) comes with one labelled option per legal
answer; :meth:`PlayState.choose` takes the option's number. Each finished round (and the
round being played, up to now) can be stepped through (:attr:`PlayState.walk`); the final
ranking is :meth:`PlayState.ranking` once the game is over.
"""
from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import Any

from ..bots import BOTS
from ..cards import CARDS
from ..decisions import Request
from ..game import DEFAULT_NAMES, MAX_PLAYERS, MIN_PLAYERS, Game
from .tour import QueryError, parse_query, whole
from .walk import RoundWalk


# ------------------------------------------------------------------ the game session
class _Pending(Exception):
    def __init__(self, request: Request) -> None:
        super().__init__(request.kind)
        self.request = request


class _Answers:
    """The human seats' decider: the recorded answers in order, then a stop at the next one."""

    auto = False

    def __init__(self, answers: list[Any]) -> None:
        self.answers = answers
        self.used = 0

    def decide(self, request: Request) -> Any:
        if self.used < len(self.answers):
            self.used += 1
            return self.answers[self.used - 1]
        raise _Pending(request)


class _ReplaySession:
    """A whole game that stops at each human decision (the GameSession interface).

    Every advance plays the game again from its seed with the answers given so far, so the
    same seed and answers always give the same game (M10), and undo is dropping an answer.
    """

    def __init__(self, players: int = 4, seed: int = 0, bots: list[str] | None = None,
                 human_seats: set[int] | frozenset[int] = frozenset(), expansion: bool = False) -> None:
        self.players = players
        self.seed = seed
        self.bots = list(bots) if bots else ["random"]
        self.human_seats = frozenset(human_seats)
        self.expansion = expansion
        self.answers: list[Any] = []
        self.pending: Request | None = None
        self.result: Any = None
        self._game: Game | None = None
        self._advance()

    def _advance(self) -> None:
        decider = _Answers(self.answers)
        game = Game(self.players, self.seed, self.bots, expansion=self.expansion, trace=True,
                    decider_overrides={k: decider for k in self.human_seats})
        self._game = game
        try:
            self.result = game.run()
            self.pending = None
        except _Pending as stop:
            self.result = None
            self.pending = stop.request

    def answer(self, value: Any) -> None:
        if self.pending is None:
            raise ValueError("nothing to answer: no decision is waiting")
        if not self.pending.legal(value):
            raise self.pending.illegal(value)
        self.answers.append(value)
        self._advance()

    def undo(self) -> None:
        del self.answers[-1:]
        self._advance()

    @property
    def over(self) -> bool:
        return self.result is not None

    @property
    def rounds(self) -> list[Any]:
        assert self._game is not None
        return list(self._game.rounds)

    @property
    def trace(self) -> Any:
        assert self._game is not None
        return self._game.trace

    def hand(self, seat: int) -> list[str]:
        assert self._game is not None
        return self._game.players[seat].hand_names()

    def crowns(self) -> dict[str, int]:
        assert self._game is not None
        table = self._game.crown_table
        return {pl.name: sum(table[c.name] for c in pl.scored) for pl in self._game.players}


# ------------------------------------------------------------------ decisions as buttons
@dataclass(frozen=True)
class Option:
    label: str
    value: Any


@dataclass(frozen=True)
class Decision:
    player: str
    kind: str
    prompt: str
    options: tuple[Option, ...]


def _card(name: str) -> str:
    spec = CARDS.get(name)
    return f"{name} ({spec.prestige})" if spec else name


def describe(request: Request, you: str | None = None) -> Decision:
    """A request as a prompt and one labelled option per legal answer."""
    kind, card = request.kind, request.card or ""
    own = request.owner == request.player
    whose = "Your" if own else f"{request.owner}'s"
    opts: list[Option]
    if kind == "garden":
        prompt = "Phase 1: play a card into the Garden."
        opts = [Option(f"Play {_card(c)}", c) for c in request.options]
    elif kind == "action":
        prompt = "Phase 2: Conspire (a card face down on the Balcony) or Convoke (a Noble)?"
        labels = {"conspire": "Conspire", "convoke": "Convoke"}
        opts = [Option(labels.get(str(v), str(v)), v) for v in request.options]
    elif kind == "conspire":
        prompt = "Conspire: which card goes face down on the Balcony?"
        opts = [Option(f"{_card(c)} to the Balcony", c) for c in request.options]
    elif kind == "take":
        prompt = "Convoke: which Noble do you take from your Parlor?"
        opts = [Option(f"Take the {_card(c)}", c) for c in request.options]
    elif kind == "target":
        what = "whose Balcony card to cancel" if card == "Bishop" else "which player's Garden card"
        prompt = f"{whose} {card}: choose {what}."
        opts = [Option(str(p), p) for p in request.options]
    elif kind == "delta":
        prompt = f"{whose} {card}: +5 or -5?"
        opts = [Option(f"{v:+d}" if isinstance(v, int) else str(v), v) for v in request.options]
    elif kind == "reveal":
        prompt = f"{request.owner}'s {card}: reveal a card from your hand (it stays in your hand)."
        opts = [Option(f"Reveal {_card(c)}", c) for c in request.options]
    elif kind == "discard":
        prompt = f"{whose} {card}: discard a card from your hand."
        opts = [Option(f"Discard {_card(c)}", c) for c in request.options]
    elif kind == "exchange":
        prompt = f"{whose} {card}: swap your Garden card for a card from your hand?"
        opts = [Option(f"Swap in {_card(c)}", c) for c in request.options]
    elif kind == "give":
        prompt = f"{request.owner}'s {card} forces you: which card of your hand goes into the Garden?"
        opts = [Option(f"Put in {_card(c)}", c) for c in request.options]
    elif kind == "peek":
        prompt = f"{whose} {card}: peek at one face-down Balcony card?"
        opts = [Option(f"Peek at {p}'s card", p) for p in request.options]
    elif kind == "also_score":
        prompt = f"{whose} {card} scored: also score a Peasant from your hand?"
        opts = [Option(f"Score {_card(c)} too", c) for c in request.options]
    elif kind == "keep":
        pool, n = request.options
        prompt = f"{whose} {card}: keep which {n} cards? (the rest are discarded)"
        combos = sorted({tuple(sorted(c)) for c in itertools.combinations(pool, n)})
        opts = [Option("Keep " + ", ".join(c), list(c)) for c in combos]
    else:
        prompt = f"{request.player}: choose ({kind})."
        opts = [Option(str(v), v) for v in request.options]
    if request.optional:
        none_label = {"exchange": "Keep your Garden card", "peek": "Don't peek",
                      "also_score": "Score nothing more"}.get(kind, "None")
        opts.append(Option(none_label, None))
    if you is not None and request.player != you:
        prompt = f"{request.player}: {prompt}"
    return Decision(request.player, kind, prompt, tuple(opts))


# ------------------------------------------------------------------ the app's state
@dataclass(frozen=True)
class RoundSummary:
    number: int
    winners: list[str]
    scored: dict[str, list[str]]
    finished: bool


class PlayState:
    """One game of the Play app: its settings, the session, the round on screen."""

    QUERY = ("players", "seed", "expansion", "bots", "human")

    def __init__(self, players: int = 4, seed: int = 0, expansion: bool = False,
                 bots: list[str] | None = None, human: int = 1) -> None:
        if not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise QueryError(f"players must be {MIN_PLAYERS} to {MAX_PLAYERS}, got {players}")
        if not 0 <= human <= players:
            raise QueryError(f"human must be a seat from 1 to {players} (or 0: bots only), got {human}")
        self.players = players
        self.seed = seed
        self.expansion = expansion
        self.human = human
        self.names = list(DEFAULT_NAMES[:players])
        self.you = self.names[human - 1] if human else None
        self.bots = _seat_bots(bots, players, human)
        self.errors: list[str] = []
        self.session = _ReplaySession(players, seed, self.bots,
                                      {human - 1} if human else set(), expansion)
        self.shown = 0 if human == 0 else None  # bots only: rounds shown so far ("next")
        self.round_no = 0 if human == 0 else 1
        self.walk = self._walk(self.round_no)
        self._follow()

    # ---------------------------------------------------------------- query
    @classmethod
    def from_query(cls, query: str) -> PlayState:
        errors: list[str] = []
        values: dict[str, Any] = {"players": 4, "seed": 0, "expansion": False, "bots": None, "human": 1}
        try:
            params = parse_query(query, cls.QUERY)
        except QueryError as exc:
            params = {}
            errors.append(str(exc))
        checks = (("players", lambda v: whole(v, "players", MIN_PLAYERS, MAX_PLAYERS)),
                  ("seed", lambda v: whole(v, "seed")),
                  ("expansion", _flag))
        for name, parse in checks:
            if name in params:
                try:
                    values[name] = parse(params[name])
                except QueryError as exc:
                    errors.append(str(exc))
        if "human" in params:
            try:
                values["human"] = whole(params["human"], "human", 0, values["players"])
            except QueryError as exc:
                errors.append(str(exc).replace("human must be", "human (your seat; 0 = bots only) must be"))
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
        return self.session.over and (self.shown is None or self.shown >= len(self.session.rounds))

    def decision(self) -> Decision | None:
        req = self.session.pending
        return describe(req, self.you) if req is not None else None

    def choose(self, k: int) -> None:
        """Answer the current decision with its option number ``k`` (0-based)."""
        d = self.decision()
        if d is None:
            raise ValueError("no decision is waiting for you")
        if not 0 <= k < len(d.options):
            raise ValueError(f"option must be 0 to {len(d.options) - 1}, got {k}")
        self.session.answer(d.options[k].value)
        self._follow()

    def can_undo(self) -> bool:
        return self.human != 0 and bool(getattr(self.session, "answers", None))

    def undo(self) -> None:
        if self.can_undo():
            self.session.undo()
            self._follow()

    def next(self) -> None:
        """Bots only: show the next round (the game is played to its end at once)."""
        if self.shown is None:
            raise ValueError("'next' is for a game of bots only (human=0); answer your decision")
        if self.shown < len(self.session.rounds):
            self.shown += 1
            self.select_round(self.shown)
            self.walk.last()

    # ---------------------------------------------------------------- what is on screen
    def hand(self) -> list[str]:
        if not self.human:
            return []
        return self.session.hand(self.human - 1)

    def crowns(self) -> dict[str, int]:
        """Everyone's crowns so far (bots only: after the rounds shown)."""
        if self.shown is not None:
            return self._crowns_after(self.shown)
        return self.session.crowns()

    def _crowns_after(self, n: int) -> dict[str, int]:
        if n <= 0:
            return dict.fromkeys(self.names, 0)
        return dict(self.session.rounds[n - 1].crowns)

    def visible_rounds(self) -> int:
        """How many rounds can be stepped through (finished ones and the one in progress)."""
        if self.shown is not None:
            return self.shown
        done = len(self.session.rounds)
        return done if self.session.over else done + 1

    def rounds(self) -> list[RoundSummary]:
        out = []
        finished = self.session.rounds
        for k in range(self.visible_rounds()):
            if k < len(finished):
                r = finished[k]
                out.append(RoundSummary(k + 1, list(r.winners), dict(r.scored), True))
            else:
                out.append(RoundSummary(k + 1, [], {}, False))
        return out

    def select_round(self, number: int) -> None:
        if not 0 <= number <= max(1, self.visible_rounds()):
            raise ValueError(f"round must be 1 to {self.visible_rounds()}, got {number}")
        viewer = self.walk.viewer if self.walk is not None else self.you
        self.round_no = number
        self.walk = self._walk(number)
        self.walk.set_viewer(viewer)

    def ranking(self) -> list[list[str]] | None:
        return [list(p) for p in self.session.result.ranking] if self.over else None

    def result_json(self) -> dict | None:
        """The finished game as ``aristofarsa play --json`` prints it."""
        return self.session.result.to_json(trace=False) if self.over else None

    def status(self) -> str:
        if self.over:
            places = self.ranking() or []
            crowns = self.session.result.crowns
            return ("Game over: " + self.session.result.end_reason.replace("-", " ") + ". Winner: "
                    + " and ".join(f"{p} ({crowns[p]} crowns)" for p in places[0]) + ".")
        d = self.decision()
        if d is not None:
            return f"Round {len(self.session.rounds) + 1}: your move, {self.you}."
        if self.shown is not None:
            total = len(self.session.rounds)
            return (f"Bots only: {self.shown} of {total} rounds shown; press Next round."
                    if self.shown else "Bots only: press Next round to play the first round.")
        return ""

    # ---------------------------------------------------------------- helpers
    def _walk(self, number: int) -> RoundWalk:
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
        winners = list(finished[number - 1].winners) if 1 <= number <= len(finished) else None
        if not events:
            events = trace[:1]
        walk = RoundWalk(events, winners, self.names, viewer=self.you)
        walk.last()
        return walk

    def _follow(self) -> None:
        """After a move: show the latest round at its latest step."""
        if self.shown is not None:
            if self.shown:
                self.select_round(self.shown)
            return
        self.select_round(max(1, self.visible_rounds()))
        self.walk.last()


def _flag(value: str) -> bool:
    v = value.strip().lower()
    if v in ("1", "true", "yes", "on"):
        return True
    if v in ("0", "false", "no", "off", ""):
        return False
    raise QueryError(f"expansion must be 1 (with the Exiled expansion) or 0 (without), got {value!r}")


def _seat_bots(bots: list[str] | None, players: int, human: int) -> list[str]:
    """One bot name per seat: one name for all, one per seat, or (with a human seat) one per
    other seat. The human's seat gets a placeholder the game never asks."""
    allowed = ", ".join(BOTS)
    names = list(bots) if bots else ["random"]
    for name in names:
        if name not in BOTS:
            raise QueryError(f"unknown bot {name!r}: allowed bots are {allowed}")
    if len(names) == 1:
        return names * players
    if len(names) == players:
        return names
    if human and len(names) == players - 1:
        return names[:human - 1] + ["random"] + names[human - 1:]
    per = f"{players} (one per seat)" + (f" or {players - 1} (one per bot seat)" if human else "")
    raise QueryError(f"bots: give 1 name (for every seat) or {per}; got {len(names)}: "
                     f"{','.join(names)}. Allowed bots: {allowed}")


__all__ = ["Decision", "Option", "PlayState", "RoundSummary", "describe"]
