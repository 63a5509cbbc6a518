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
from ..game import DEFAULT_NAMES, MAX_PLAYERS, MIN_PLAYERS
from ..rulings import END_RULES
from .game_session import GameSession
from .stepper import Stepper
from .tour import QueryError, parse_query, whole


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


def convoke_total(hand: list[str], litter: bool) -> int:
    """P5: the hand's printed Prestige, each Servant counting 3, + 2 with the Litter."""
    return sum(3 if c == "Servant" else CARDS[c].prestige for c in hand if c in CARDS) + (2 if litter else 0)


def describe(request: Request, you: str | None = None, litter: bool = False) -> Decision:
    """A request as a prompt and one labelled option per legal answer (``litter``: the
    chooser holds the Litter this round, shown in a Convoke's total)."""
    kind, card = request.kind, request.card or ""
    own = request.owner == request.player
    whose = "Your" if own else f"{request.owner}'s"
    opts: list[Option]
    if kind == "garden":
        prompt = "Phase 1: play a card into the Garden."
        opts = [Option(f"Play {_card(c)}", c) for c in request.options]
    elif kind == "action":
        prompt = "Phase 2: Conspire (a card face down on the Balcony) or Convoke (a Noble)?"
        hand = [str(c) for c in request.context] if isinstance(request.context, list) else []
        total = convoke_total(hand, litter)
        parts = " + ".join(f"{c} {3 if c == 'Servant' else CARDS[c].prestige}" for c in hand if c in CARDS)
        labels = {"conspire": "Conspire (a card face down)",
                  "convoke": f"Convoke ({parts}{' + Litter 2' if litter else ''} = {total}: "
                             f"a Noble up to {total})"}
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
#: Why a game ended, in words with its ruling (from the one table of end reasons).
END_TEXT = {reason: f"{text} ({rule})" for reason, (rule, text) in END_RULES.items()}


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
        self.session = GameSession(players, seed, self.bots, human_seats={human - 1} if human else (),
                                   expansion=expansion)
        self.bots_only = human == 0
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
        return self.session.over

    def decision(self) -> Decision | None:
        req = self.session.pending
        if req is None:
            return None
        litter = None
        for e in reversed(self.session.trace):      # this round's Litter (P3), if given yet
            if e.kind == "round":
                break
            if e.kind == "litter":
                litter = e.actor
                break
        return describe(req, self.you, litter == req.player)

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
        return self.human != 0 and self.session.can_undo

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
            raise ValueError("'next' is for a game of bots only (human=0); answer your decision")
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
        self.walk.viewer = viewer

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
            reason = END_TEXT.get(str(result.end_reason), str(result.end_reason))
            return (f"Game over: {reason}. Winner: "
                    + " and ".join(f"{p} ({crowns[p]} crowns)" for p in places[0]) + ".")
        d = self.decision()
        if d is not None:
            return f"Round {len(self.session.rounds) + 1}: your move, {self.you}."
        if self.bots_only:
            done = len(self.session.rounds)
            return (f"Bots only: {done} round{'s' if done != 1 else ''} played; press Next round."
                    if done else "Bots only: press Next round to play the first round.")
        return ""

    # ---------------------------------------------------------------- helpers
    def _walk(self, number: int) -> Stepper:
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
        walk = Stepper.from_events(events, winners, viewer=self.you, players=self.names)
        walk.last()
        return walk

    def _follow(self) -> None:
        """After a move: show the latest round at its latest step."""
        latest = self.visible_rounds()
        if self.bots_only and latest == 0:
            return
        self.select_round(max(1, latest))
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
