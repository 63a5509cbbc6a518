"""Whole games of Aristofarsa: set-up, rounds from Draw to Score, end of game, ranking.

    from aristofarsa.game import play_game
    game = play_game(4, seed=7, bots=["greedy", "random", "random", "search"], trace=True)
    print(game.to_text())
    game.summary()        # the `play --json` contract (plus seats, bots, card_stats)

Everything random comes from ONE ``random.Random(seed)`` (ruling M10), used in this order:

1. set-up: each family's 7 Peasants are shuffled, in seat order (the deck, top first);
2. round 1's starting player: ``rng.randrange(players)`` (M2);
3. one 64-bit seed per seat (``rng.getrandbits(64)``) for that seat's bot, so that bots
   never draw from the game's generator and a game replayed from its decisions uses the
   generator exactly as the original did;
4. the deal (3 cards each, from the top of the deck, seat order) and every later reshuffle
   of a discard pile (D1), in the order they happen.

The same seed and the same decisions therefore give the same game, step for step. A
round is played by :class:`aristofarsa.round.Round` on the players' real zones; the Draw
step (D1, D2, X6) by :func:`aristofarsa.draw.draw_step`. One :class:`~aristofarsa.trace.Trace`
collects set-up, draws, shuffles, every round's events (with a ``round`` marker event
before each) and the end of the game; hidden information carries ``visible_to``.
"""
from __future__ import annotations

import json
import random
from collections import Counter

from . import decisions as D
from .cards import (EXILED_ORDER, PARLOR_NOBLES, PROVISIONAL_CROWNS, STARTING_DECK,
                    CrownsError, card_names, family, merge_crowns)
from .decisions import DecisionError, Request
from .draw import draw_one, draw_step
from .ranking import crowns_of, rank_key, ranking
from .round import Round
from .state import Card, PlayerState
from .trace import Trace, render_text
from .variants import check_variants

__all__ = ["DEFAULT_NAMES", "END_REASONS", "MAX_ROUNDS", "Game", "GameResult", "GameError",
           "play_game", "check_invariants"]

#: Seat names used when none are given (seat order, M1).
DEFAULT_NAMES = ("Ana", "Bruno", "Caio", "Dora", "Edu", "Fia")
#: The end reasons of the public contract.
END_REASONS = ("aristocrat-scored", "cannot-refill", "parlor-empty", "aristocrat-worst")
#: Safety cap: a game that has not ended after this many rounds is an engine bug.
MAX_ROUNDS = 200
MIN_PLAYERS, MAX_PLAYERS = 3, 6
CARD_EVENTS = ("won", "scored", "convoked", "exiled")


class GameError(ValueError):
    """Invalid arguments for a game (player count, bots, names, ...)."""


class RoundCapError(RuntimeError):
    """The safety cap on rounds was hit (should never happen: games terminate)."""


# --------------------------------------------------------------------------- deciders
class SeatDecider:
    """Routes each request to the decider of the seat that must answer it (``request.player``).

    With ``record`` it appends every answer to ``log`` as ``(kind, player, card, value)``;
    with ``history`` it also keeps the current round's decisions for the bots' views,
    with the identity (uid) of the card a decision moved or showed.
    """

    auto = False

    def __init__(self, game, seat_deciders: dict, record: bool, history: bool):
        self.game = game
        self.seats = seat_deciders
        self.record = record
        self.history = history
        self.log: list[tuple] = []

    def decide(self, req: Request):
        value = self.seats[req.player].decide(req)
        if self.record:
            self.log.append((req.kind, req.player, req.card, value))
            if self.history:
                self.game._note(req, value)
        elif self.history:
            self.game._note(req, value)
        return value


# --------------------------------------------------------------------------- the game
class Game:
    """One whole game. ``Game(...)`` does the set-up; :meth:`run` plays it to the end.

    Between the two the players' zones may be changed (tests build end conditions so).
    The object has ``players``, ``rng``, ``t``, ``log`` and ``ask``, so the Draw step
    (:func:`aristofarsa.draw.draw_step`) works on it directly.
    """

    def __init__(self, players: int = 4, seed: int = 0, bots=None, expansion: bool = False,
                 variants=(), trace: bool = False, names=None, decider_overrides=None,
                 record: bool = True, crowns: dict | None = None, first: int | str | None = None):
        if isinstance(players, bool) or not isinstance(players, int):
            raise GameError(f"players must be a whole number from {MIN_PLAYERS} to {MAX_PLAYERS} "
                            f"(ruling M8), got {players!r}")
        if not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise GameError(f"players must be {MIN_PLAYERS} to {MAX_PLAYERS} (ruling M8), got {players}")
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise GameError(f"seed must be an integer, got {seed!r}")
        from .bots import BOTS, make_bot
        self.n = players
        self.seed = seed
        self.expansion = bool(expansion)
        try:
            self.variants = check_variants(list(variants))
        except ValueError as exc:
            raise GameError(str(exc)) from None
        self.variant_list = sorted(self.variants)
        self.names = list(names) if names is not None else list(DEFAULT_NAMES[:players])
        if len(self.names) != players or len(set(self.names)) != players or \
                not all(isinstance(x, str) and x for x in self.names):
            raise GameError(f"names must be {players} different non-empty names, got {names!r}")
        self.bot_names = _normalize_bots(bots, players, BOTS)
        if crowns is not None:
            try:
                crowns = merge_crowns(crowns)
            except CrownsError as exc:
                raise GameError(str(exc)) from None
        self.crowns = crowns
        self.crown_table = self.crowns or PROVISIONAL_CROWNS
        self.trace = Trace(bool(trace))
        self.t = self.trace.enabled
        self.phase = "setup"
        self.record = record
        self.rng = random.Random(seed)
        rng = self.rng

        # --- set-up (M10: one generator, in the documented order)
        self.players: list[PlayerState] = []
        uid = 0
        for k, name in enumerate(self.names):
            pl = PlayerState(k, name)
            for card in STARTING_DECK:
                uid += 1
                pl.deck.append(Card(uid, card, k))
            for card in PARLOR_NOBLES:
                uid += 1
                pl.parlor.append(Card(uid, card, k))
            if self.expansion:
                for card in EXILED_ORDER:
                    uid += 1
                    pl.exiled.append(Card(uid, card, k))
            rng.shuffle(pl.deck)
            self.players.append(pl)
        if first is None:
            self.first = rng.randrange(players)
            first_rule = "drawn with the game's generator"
        else:
            self.first = first if isinstance(first, int) else self.names.index(first)
            first_rule = "given"
        bot_seeds = [rng.getrandbits(64) for _ in range(players)]

        # --- deciders: one bot per seat (overrides replace bots; replay uses that)
        self.views = [GameView(self, k) for k in range(players)]
        overrides = decider_overrides or {}
        seat_deciders = {}
        self.smart = False
        for k, name in enumerate(self.names):
            d = overrides.get(name, overrides.get(k))
            if d is None:
                d = make_bot(self.bot_names[k], random.Random(bot_seeds[k]), self.views[k])
            self.smart = self.smart or getattr(d, "needs_history", False)
            seat_deciders[name] = d
        self.decider = SeatDecider(self, seat_deciders, record, self.smart)

        if self.t:
            self.log("setup", "M1", f"Seats, in order: {', '.join(self.names)}"
                     + ("; Exiled expansion in play" if self.expansion else "")
                     + (f"; variants: {', '.join(self.variant_list)}" if self.variants else "")
                     + f"; seed {seed}.")
            for pl in self.players:
                self.log("setup", "M10", f"{pl.name} takes a family: Parlor of "
                         f"{', '.join(PARLOR_NOBLES)}; the 7 Peasants are shuffled into the deck"
                         + (f"; Exiled deck {', '.join(EXILED_ORDER)} (top first, face up, X1)"
                            if self.expansion else "") + ".", actor=pl.name)
            self.log("setup", "M2", f"{self.names[self.first]} starts round 1 ({first_rule}).",
                     actor=self.names[self.first])
        for pl in self.players:
            for _ in range(3):
                draw_one(self, pl.index)
            if self.t:
                self.log("deal", "D1", f"{pl.name} draws 3 cards.", actor=pl.name)
                self.log("deal-secret", "D1", f"{pl.name}'s hand: {', '.join(pl.hand_names())}.",
                         actor=pl.name, visible_to=[pl.name])

        # --- state of play
        self.round_no = 0
        self.rounds: list = []  # RoundResult per round (record=True)
        self.round_firsts: list[str] = []  # who started each recorded round
        self.round_starts: list[int] = []  # trace step of each round marker
        self.end_reason: str | None = None
        self.final_round = False
        self.oracle: list[int] = []
        self.current = None  # the Round being played
        self.round_first = self.first
        self.round_start_state: list[PlayerState] = []
        self.history: list[tuple] = []  # this round's decisions (for the bots' views)
        self.card_stats = {c: [0, 0, 0, 0] for c in card_names(self.expansion)}
        self.finished = False

    # ---------------------------------------------------------------- Draw-step API
    def log(self, kind, rule, text, **kw) -> None:
        if self.t:
            self.trace.add(self.phase, kind, rule, text, **kw)

    def ask(self, kind: str, chooser: int, card, source: str, owner: int, options: list,
            optional: bool = False, prompt: str = "", context=None):
        req = Request(kind, self.players[chooser].name, card, source, self.players[owner].name,
                      options, optional, prompt, context)
        value = self.decider.decide(req)
        if not req.legal(value):
            raise DecisionError(req, f"player {req.player!r}: {kind} = {value!r} is not allowed "
                                     f"for the {card or source}; allowed: {req.describe_options()}")
        return value

    def _note(self, req: Request, value) -> None:
        """Keep this round's decisions for the bots' views (see :class:`GameView`)."""
        uid = None
        if isinstance(value, str) and req.kind in _CARD_KINDS:
            p = self.names.index(req.player)
            for c in self.players[p].hand:
                if c.name == value:
                    uid = c.uid
                    break
        self.history.append((req.kind, req.player, req.card, value, uid))

    # ---------------------------------------------------------------- playing
    def run(self) -> "GameResult":
        """Play rounds until the game ends; return the :class:`GameResult`."""
        if self.finished:
            raise RuntimeError("this game has already been played")
        names = self.names
        players = self.players
        first = self.first
        # what the invariants compare the card statistics with (tests may arrange zones)
        self.start_counts = (Counter(c.name for pl in players for c in pl.scored),
                             Counter(c.name for pl in players for c in pl.parlor))
        while True:
            if self.round_no >= MAX_ROUNDS:
                raise RoundCapError(f"seed {self.seed}: the game did not end within {MAX_ROUNDS} rounds")
            self.round_no += 1
            self.phase = "draw"
            if self.t:
                self.round_starts.append(len(self.trace) + 1)
                self.log("round", "M2", f"Round {self.round_no}: {names[first]} starts"
                         + (" (the extra round after a Parlor emptied, E3)" if self.final_round else "")
                         + ".", actor=names[first])
            short = draw_step(self, first, self.oracle)
            if short:
                self.round_no -= 1  # the round is not played (D2)
                self.end_reason = "cannot-refill"
                self.phase = "end"
                self.log("end", "E2", f"{names[short[0]]} cannot refill to 3 cards: the game "
                         "ends before this round is played.", actor=names[short[0]])
                break
            self.round_first = first
            if self.smart:
                self.round_start_state = [p.copy() for p in players]
                self.history = []
            r = Round(players, first, self.decider, variants=self.variants,
                      expansion=self.expansion, rng=self.rng, trace=self.trace,
                      final_round=self.final_round, crowns=self.crowns)
            self.current = r
            result = r.play()
            self.current = None
            if self.record:
                self.rounds.append(result)
                self.round_firsts.append(names[first])
            self._count(result)
            if result.game_over:
                self.end_reason = result.end_reason
                break
            if result.final_round_next:
                self.final_round = True
            first = names.index(result.next_first)
            self.oracle = [names.index(x) for x in result.oracle_draw] if result.oracle_draw else []
        self.phase = "end"
        self.finished = True
        rank = ranking(players, self.crowns)
        if self.t:
            rule = {"aristocrat-scored": "E1", "cannot-refill": "E2", "parlor-empty": "E3",
                    "aristocrat-worst": "X2"}[self.end_reason]
            self.log("end", rule, f"The game ends after {self.round_no} round"
                     f"{'s' if self.round_no != 1 else ''} ({self.end_reason}).")
            self.log("ranking", "E4", "Final ranking (crowns, then an Aristocrat scored, Nobles "
                     "scored, cards scored): " + "; ".join(
                         f"{k + 1}. {' = '.join(place)}" for k, place in enumerate(rank)) + ".")
        return GameResult(self, rank)

    def _count(self, result) -> None:
        stats = self.card_stats
        for name in result.won_cards:
            stats[name][0] += 1
        for table, k in ((result.scored, 1), (result.convoked, 2), (result.exiled, 3)):
            for cards in table.values():
                for name in cards:
                    stats[name][k] += 1


_CARD_KINDS = frozenset((D.GARDEN, D.CONSPIRE, D.REVEAL, D.DISCARD, D.EXCHANGE, D.GIVE,
                         D.ALSO_SCORE))


def _normalize_bots(bots, players: int, registry) -> list[str]:
    allowed = ", ".join(registry)
    if bots is None:
        names = ["random"]
    elif isinstance(bots, str):
        names = [b.strip() for b in bots.split(",")]
    else:
        names = list(bots)
    if not names or names == [""]:
        raise GameError(f"bots: give 1 bot name (for every seat) or {players} (one per seat); "
                        f"got none. Allowed bots: {allowed}")
    for name in names:
        if name not in registry:
            raise GameError(f"unknown bot {name!r}: allowed bots are {allowed}")
    if len(names) == 1:
        return names * players
    if len(names) != players:
        raise GameError(f"bots: give 1 bot name (for every seat) or {players} (one per seat, "
                        f"{players} players); got {len(names)}: {','.join(names)}")
    return names


def play_game(players: int = 4, seed: int = 0, bots=None, expansion: bool = False,
              variants=(), trace: bool = False, names=None, decider_overrides=None,
              record: bool = True, crowns: dict | None = None) -> "GameResult":
    """Play one whole game with a bot (or an override decider) in every seat.

    ``bots``: one name for every seat or one per seat (``random``, ``greedy``, ``search``;
    default random). ``trace``: collect the full trace. ``record``: keep every decision
    and every round's result (needed for ``records.save``; off saves a little time).
    ``decider_overrides``: {seat name or index: decider} replacing those seats' bots.
    """
    return Game(players, seed, bots, expansion=expansion, variants=variants, trace=trace,
                names=names, decider_overrides=decider_overrides, record=record,
                crowns=crowns).run()


# --------------------------------------------------------------------------- result
class GameResult:
    """The outcome of a whole game (see :meth:`summary` and :meth:`to_json`)."""

    def __init__(self, game: Game, rank: list[list[str]]):
        self.seed = game.seed
        self.players = game.n
        self.names = game.names
        self.bots = game.bot_names
        self.expansion = game.expansion
        self.variants = game.variant_list
        self.crowns_table = game.crowns
        self.first = game.names[game.first]
        self.rounds = game.round_no
        self.end_reason = game.end_reason
        self.ranking = rank
        self.states = game.players
        self.round_results = game.rounds
        self.round_firsts = game.round_firsts
        self.round_starts = game.round_starts
        self.trace = game.trace
        self.start_counts = game.start_counts
        self._log = game.decider.log
        self.card_stats = {name: dict(zip(CARD_EVENTS, counts))
                           for name, counts in game.card_stats.items()}

    @property
    def decisions(self) -> list[dict]:
        """Every decision in order, as ``{kind, player, card, value}`` (record=True)."""
        return [{"kind": k, "player": p, "card": c, "value": v} for k, p, c, v in self._log]

    @property
    def crowns(self) -> dict[str, int]:
        return {pl.name: crowns_of(pl, self.crowns_table) for pl in self.states}

    @property
    def winners(self) -> list[str]:
        return list(self.ranking[0])

    def summary(self) -> dict:
        """The ``play --json`` contract object plus ``seats``, ``bots`` and ``card_stats``."""
        table = self.crowns_table or PROVISIONAL_CROWNS
        players = {}
        for pl in self.states:
            players[pl.name] = {
                "crowns": sum(table[c.name] for c in pl.scored),
                "scored": [c.name for c in pl.scored],
                "hand": [c.name for c in pl.hand],
                "deck": [c.name for c in pl.deck],
                "discard_pile": [c.name for c in pl.discard],
                "parlor": [c.name for c in pl.parlor],
                "exiled": [c.name for c in pl.exiled],
            }
        return {
            "seed": self.seed,
            "rounds": self.rounds,
            "end_reason": self.end_reason,
            "ranking": [list(place) for place in self.ranking],
            "seats": list(self.names),
            "bots": dict(zip(self.names, self.bots)),
            "players": players,
            "card_stats": {k: dict(v) for k, v in self.card_stats.items()},
        }

    def to_json(self, trace: bool = True) -> dict:
        """:meth:`summary` plus the set-up, every round's result and (if kept) the trace."""
        out = self.summary()
        out["expansion"] = self.expansion
        out["variants"] = list(self.variants)
        out["first"] = self.first
        out["crowns_provisional"] = self.crowns_table is None
        out["round_results"] = [_round_json(k + 1, f, r) for k, (f, r) in
                                enumerate(zip(self.round_firsts, self.round_results))]
        if trace and self.trace.enabled:
            out["trace"] = self.trace.to_list()
        return out

    def trace_json(self) -> list[dict]:
        return self.trace.to_list()

    def to_text(self, trace: bool = False) -> str:
        """A readable round-by-round account and the final ranking."""
        lines = [f"Aristofarsa, {self.players} players"
                 + (", Exiled expansion" if self.expansion else "")
                 + (f", variants: {', '.join(self.variants)}" if self.variants else "")
                 + f", seed {self.seed}.",
                 "Seats: " + ", ".join(f"{n} ({b})" for n, b in zip(self.names, self.bots))
                 + f". {self.first} starts.", ""]
        for k, r in enumerate(self.round_results):
            lines.append(f"Round {k + 1} ({self.round_firsts[k]} starts"
                         + (", the extra round after a Parlor emptied)"
                            if k and self.round_results[k - 1].final_round_next else ")"))
            lines.append("  Garden: " + ", ".join(f"{p} {c} {v}" for p, c, v in r.garden))
            if r.balcony:
                lines.append("  Balcony: " + ", ".join(
                    f"{p} {c}{' (cancelled)' if x else ''}" for p, c, x in r.balcony))
            conv = [f"{p} {', '.join(c)}" for p, c in r.convoked.items() if c]
            if conv:
                lines.append("  Convoked: " + "; ".join(conv))
            lines.append(("  Lowest Prestige wins (Jester). " if r.lowest_wins else "  ")
                         + f"Winner: {r.next_first}"
                         + (f" (tied: {', '.join(r.winners)})" if len(r.winners) > 1 else ""))
            sc = [f"{p} {', '.join(c)}" for p, c in r.scored.items() if c]
            lines.append("  Scored: " + ("; ".join(sc) if sc else "nothing"))
            ex = [f"{p} {', '.join(c)}" for p, c in r.exiled.items() if c]
            if ex:
                lines.append("  Exiled: " + "; ".join(ex))
            if r.final_round_next:
                lines.append("  A Parlor is empty: one more round, then the game ends (E3).")
        if len(self.round_results) < self.rounds:
            lines.append(f"({self.rounds} rounds played; round details were not recorded.)")
        lines.append("")
        lines.append(f"The game ends after {self.rounds} round{'s' if self.rounds != 1 else ''}: "
                     f"{_END_TEXT[self.end_reason]}.")
        crowns = self.crowns
        lines.append("Final ranking (E4)" + ("" if self.crowns_table else
                                            ", crowns provisional (M9)") + ":")
        for k, place in enumerate(self.ranking):
            for name in place:
                pl = self.states[self.names.index(name)]
                _, aristo, nobles, cards = rank_key(pl, self.crowns_table)
                lines.append(f"  {k + 1}. {name:<8} {crowns[name]:>3} crown{'s' if crowns[name] != 1 else ' '}  "
                             f"({cards} card{'s' if cards != 1 else ''} scored, "
                             f"{nobles} Noble{'s' if nobles != 1 else ''}"
                             + (", the Aristocrat" if aristo else "")
                             + (", shared place" if len(place) > 1 else "") + ")"
                             + (f": {', '.join(c.name for c in pl.scored)}" if pl.scored else ""))
        if trace and self.trace.enabled:
            lines += ["", "Step by step:", render_text(self.trace)]
        return "\n".join(lines)

    def __repr__(self) -> str:
        return (f"<GameResult seed={self.seed} players={self.players} rounds={self.rounds} "
                f"end={self.end_reason} ranking={self.ranking}>")


_END_TEXT = {
    "aristocrat-scored": "an Aristocrat scored (E1)",
    "cannot-refill": "a player could not refill to 3 cards (E2)",
    "parlor-empty": "the extra round after a Parlor emptied was played (E3)",
    "aristocrat-worst": "an Aristocrat was in the worst position (X2)",
}


def _round_json(number: int, first: str, r) -> dict:
    return {
        "round": number,
        "first": first,
        "phase2_order": r.phase2_order,
        "litter": r.litter,
        "garden": [{"player": p, "card": c, "prestige": v} for p, c, v in r.garden],
        "balcony": [{"player": p, "card": c, "cancelled": x} for p, c, x in r.balcony],
        "lowest_wins": r.lowest_wins,
        "winners": r.winners,
        "scored": r.scored,
        "convoked": r.convoked,
        "exiled": r.exiled,
        "next_first": r.next_first,
        "game_over": r.game_over,
        "end_reason": r.end_reason,
    }


# --------------------------------------------------------------------------- invariants
def check_invariants(game) -> list[str]:
    """Problems found in a finished game (a :class:`GameResult`); ``[]`` when all hold.

    Every card of every family exactly once across its owner's zones (by identity and by
    name), crowns equal to the scored cards' crowns, ranking in crown order with the E4
    tie-breaks, a contract end reason, and a consistent summary.
    """
    problems = []
    table = game.crowns_table or PROVISIONAL_CROWNS
    want = Counter(family(game.expansion))
    seen_uids = set()
    for k, pl in enumerate(game.states):
        cards = [c for zone in PlayerState.ZONES for c in getattr(pl, zone)]
        names = Counter(c.name for c in cards)
        if names != want:
            problems.append(f"{pl.name}: cards {dict(names)} differ from the family {dict(want)}")
        for c in cards:
            if c.uid in seen_uids:
                problems.append(f"{pl.name}: card {c!r} appears twice")
            seen_uids.add(c.uid)
            if c.owner != k:
                problems.append(f"{pl.name}: holds {c!r} of another family")
        if any(c.name not in PARLOR_NOBLES for c in pl.parlor):
            problems.append(f"{pl.name}: the Parlor holds a non-Parlor card")
        if len(pl.hand) > 5:
            problems.append(f"{pl.name}: {len(pl.hand)} cards in hand")
    s = game.summary()
    for name, data in s["players"].items():
        if data["crowns"] != sum(table[c] for c in data["scored"]):
            problems.append(f"{name}: crowns {data['crowns']} != crowns of scored cards")
    if game.round_results and game.round_results[-1].crowns != {n: d["crowns"] for n, d in s["players"].items()}:
        problems.append(f"crowns {s['players']} differ from the last round's count "
                        f"{game.round_results[-1].crowns}")
    scored_before, parlor_before = game.start_counts
    scored_cards = Counter(c for d in s["players"].values() for c in d["scored"])
    for name, ev in s["card_stats"].items():
        new = scored_cards.get(name, 0) - scored_before.get(name, 0)
        if ev["scored"] != new:
            problems.append(f"card_stats: {name} scored {ev['scored']} times, but {new} "
                            "joined the scored areas")
        left = parlor_before.get(name, 0) - sum(d["parlor"].count(name) for d in s["players"].values())
        if ev["convoked"] != left:
            problems.append(f"card_stats: {name} convoked {ev['convoked']} times, but "
                            f"{left} left the Parlors")
    ranked = [x for place in s["ranking"] for x in place]
    if sorted(ranked) != sorted(s["seats"]):
        problems.append(f"ranking {s['ranking']} does not list every seat once")
    keys = {pl.name: rank_key(pl, game.crowns_table) for pl in game.states}
    for a, b in zip(s["ranking"], s["ranking"][1:]):
        if not keys[a[0]] > keys[b[0]]:
            problems.append(f"ranking: place {a} is not strictly ahead of {b}")
    for place in s["ranking"]:
        if len({keys[x] for x in place}) != 1:
            problems.append(f"ranking: place {place} holds players that E4 separates")
    if s["end_reason"] not in END_REASONS:
        problems.append(f"end_reason {s['end_reason']!r} is not a contract value")
    if not 0 <= s["rounds"] <= MAX_ROUNDS:
        problems.append(f"rounds {s['rounds']} out of range")
    if json.loads(json.dumps(s)) != s:
        problems.append("summary does not survive a JSON round trip")
    if game.expansion is False and any(game.card_stats.get(c) for c in ("Bard", "Scribe", "Elder", "Oracle")):
        problems.append("card_stats lists expansion cards in a base game")
    return problems


# --------------------------------------------------------------------------- the bots' view
class GameView:
    """What one seat may know: the information boundary every bot goes through.

    A seat sees its own hand and face-down Balcony card, every public zone (Garden with
    current Prestige, revealed Balcony cards, every discard pile, Parlor, scored area and
    Exiled deck), the size of every hand and deck, the public decisions of the round
    (Garden plays, targets, reveals, exchanges, discards, Convokes), and what its own
    Oracle peeked at. It never sees another player's hand or face-down Balcony card, or the
    order of any deck (its own included). :meth:`determinize` fills what is hidden with a
    random arrangement consistent with what the seat knows.
    """

    def __init__(self, game: Game, seat: int):
        self.game = game
        self.seat = seat
        self.name = game.names[seat]

    # --- public facts
    @property
    def n(self) -> int:
        return self.game.n

    @property
    def names(self) -> list[str]:
        return self.game.names

    @property
    def expansion(self) -> bool:
        return self.game.expansion

    @property
    def variants(self) -> frozenset:
        return self.game.variants

    @property
    def crowns_table(self) -> dict:
        return self.game.crown_table

    @property
    def final_round(self) -> bool:
        return self.game.final_round

    @property
    def round_first(self) -> int:
        return self.game.round_first

    def hand(self) -> list[str]:
        return self.game.players[self.seat].hand_names()

    def scores(self) -> list[int]:
        """Everyone's crowns so far (public: scored areas are face up)."""
        table = self.game.crown_table
        return [sum(table[c.name] for c in pl.scored) for pl in self.game.players]

    def parlor(self, seat: int) -> list[str]:
        return [c.name for c in self.game.players[seat].parlor]

    def hand_size(self, seat: int) -> int:
        return len(self.game.players[seat].hand)

    # --- hidden information, filled at random
    def _known_uids(self) -> set[int]:
        g = self.game
        me = self.seat
        known = set()
        for k, pl in enumerate(g.players):
            for zone in (pl.discard, pl.parlor, pl.scored, pl.exiled):
                for c in zone:
                    known.add(c.uid)
            if k == me:
                for c in pl.hand:
                    known.add(c.uid)
        r = g.current
        if r is not None:
            for s in r.garden:
                known.add(s.card.uid)
            for c in r.played_card:
                if c is not None:
                    known.add(c.uid)
            for e in r.balcony:
                if e.revealed or e.owner == me:
                    known.add(e.card.uid)
        for kind, player, card, value, uid in g.history:
            if uid is not None and (kind != D.CONSPIRE or player == self.name):
                known.add(uid)
            elif kind == D.PEEK and player == self.name and value is not None and r is not None:
                q = g.names.index(value)
                if r.entry_of[q] >= 0:
                    known.add(r.balcony[r.entry_of[q]].card.uid)
        return known

    def determinize(self, rng: random.Random):
        """A world consistent with this seat's knowledge, at the start of the current round.

        Returns ``(players, history)``: fresh :class:`PlayerState` copies of every player as
        they were after this round's Draw step, in which every card this seat cannot
        identify has been given a name drawn at random from what that player's hidden cards
        can be (per player: the family minus everything known), and the round's decisions
        so far, in which a hidden Conspire answer is replaced by the world's name of the card
        that went face down (``uid`` kept so the replay can look it up).
        """
        g = self.game
        known = self._known_uids()
        out = []
        rename: dict[int, str] = {}
        for k, pl in enumerate(g.round_start_state):
            # Cards drawn from the deck during this round (a Scribe) joined the hand: the
            # hand and those cards form one pool whose order nobody knows. Hidden slots:
            # the cards of that pool this seat cannot identify, and the rest of the deck.
            # Their names, as a multiset, are public (the family minus the public zones
            # minus the identified cards); they are dealt to the slots at random.
            cur = g.players[k].deck
            now = {c.uid for c in cur}
            deck, discard = pl.deck, pl.discard
            if not deck and cur:
                # the deck was empty and the discard pile was shuffled in for a draw (D1):
                # the world starts from that shuffled deck (its order still hidden below)
                drawn_cards = [c for c in discard if c.uid not in now]
                deck = drawn_cards + cur
                discard = []
                drawn = len(drawn_cards)
            else:
                drawn = 0
                for c in deck:
                    if c.uid in now:
                        break
                    drawn += 1
            slots = [c for c in pl.hand if c.uid not in known]
            slots += [c for c in deck[:drawn] if c.uid not in known]
            slots += deck[drawn:]
            if slots:
                names = sorted(c.name for c in slots)  # the multiset only, not its order
                rng.shuffle(names)
                for c, nm in zip(slots, names):
                    rename[c.uid] = nm
            cp = PlayerState(k, pl.name)
            cp.hand = [Card(c.uid, rename[c.uid], k) if c.uid in rename else c for c in pl.hand]
            cp.deck = [Card(c.uid, rename[c.uid], k) if c.uid in rename else c for c in deck]
            cp.discard = list(discard)
            cp.parlor = list(pl.parlor)
            cp.scored = list(pl.scored)
            cp.exiled = list(pl.exiled)
            out.append(cp)
        return out, rename, list(g.history)
