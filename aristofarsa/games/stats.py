"""Aggregate statistics over many whole games of Aristofarsa.

A :class:`Stats` accumulates the JSON summaries that ``GameResult.summary()``
returns (see docs/cli.md, ``play`` and ``simulate``)::

    stats = Stats()
    stats.add(summary)            # one game, in place
    total = stats.merge(other)    # a new Stats holding both
    stats.to_json()               # plain dict, deterministic key order
    print(stats.to_table())       # readable text (aristofarsa.render.text)
    stats.plot()                  # matplotlib bar charts (aristofarsa.render.plot)

Counting conventions
--------------------
* **Wins.** The first place of ``ranking`` wins. When ``k`` players share the
  first place (E4: the victory is shared), each of them is credited ``1/k`` of a
  win, so the wins of one game always add up to exactly 1 and the wins of all
  seats add up to the number of games.
* **Seats** are positions in the summary's ``seats`` list (seat order, M1):
  seat 0 is the first player listed.
* **Win rate** of a seat: its wins divided by the games in which that seat
  existed. Win rate of a bot: its wins divided by the *seat-games* it played
  (one per seat it filled in each game), so a bot as strong as the others has
  a win rate of ``1/players``.
* **Crowns** are the final crowns of each player; the means are per seat-game.
  The crown values are the engine's crown table, provisional until replaced
  (ruling M9).
* **Cards**: the game's ``card_stats`` (card name -> event counts) are summed;
  ``per_game`` divides each total by the number of games.

All totals are kept exactly (integers and :class:`fractions.Fraction`), so
adding the same games in any grouping or order gives *equal* statistics; this
is what makes ``simulate`` return identical results whatever the number of
workers. Floats only appear in :meth:`Stats.to_json`, :meth:`Stats.to_table`
and the derived properties.
"""

from __future__ import annotations

import copy
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from numbers import Rational, Real
from typing import Any

from ..core.cards import CARD_EVENTS
from ..core.messages import text
from ..core.rulings import END_REASONS

__all__ = ["Stats", "CARD_EVENTS", "END_REASONS"]


def _exact(value: Any, what: str) -> int | Fraction:
    """An exact number for ``value`` (int stays int, other reals become Fractions)."""
    if isinstance(value, bool) or not isinstance(value, Real):
        raise ValueError(f"{what} must be a number, got {value!r}")  # i18n: developer
    if isinstance(value, int):
        return value
    if isinstance(value, Rational):
        return Fraction(value)
    return Fraction(float(value))


def _num(value: int | Fraction) -> int | float:
    """JSON form of an exact number: an int when integral, else a float."""
    if isinstance(value, int):
        return value
    if value.denominator == 1:
        return int(value)
    return float(value)


def _ratio(num: int | Fraction, den: int) -> float:
    return float(Fraction(num) / den) if den else 0.0


@dataclass(frozen=True)
class _Game:
    """One game summary, checked: what :meth:`Stats.add` records."""

    seats: list[str]
    bots: Mapping[str, Any]
    ranking: list[list[str]]
    rounds: int
    end_reason: str
    crowns: dict[str, int | Fraction]
    card_stats: Mapping[str, Mapping[str, int]]
    first: Any


def _checked(summary: Mapping[str, Any]) -> _Game:
    """The summary's fields, checked; ``ValueError`` names the first fault."""
    seed = summary.get("seed", "?") if isinstance(summary, Mapping) else "?"

    def bad(msg: str) -> ValueError:
        return ValueError(f"game summary (seed {seed}): {msg}")  # i18n: developer

    if not isinstance(summary, Mapping):
        raise ValueError(f"a game summary must be a dict, got {type(summary).__name__}")  # i18n: developer
    for key in ("rounds", "end_reason", "ranking", "seats", "bots", "players", "card_stats"):
        if key not in summary:
            raise bad(f"missing {key!r}")
    seats = list(summary["seats"])
    players = summary["players"]
    bots = summary["bots"]
    ranking = [list(place) for place in summary["ranking"]]
    if not seats:
        raise bad("'seats' is empty")  # i18n: developer
    if len(set(seats)) != len(seats):
        raise bad(f"'seats' lists a player twice: {seats}")  # i18n: developer
    ranked = [name for place in ranking for name in place]
    if sorted(ranked) != sorted(seats) or any(not place for place in ranking):
        raise bad(  # i18n: developer (a game function's summary, given by a programmer)
            f"'ranking' {ranking} must list every seat {seats} exactly once, in non-empty places")
    for name in seats:
        if name not in players or "crowns" not in players[name]:
            raise bad(f"'players' has no crowns for {name!r}")  # i18n: developer
        if name not in bots:
            raise bad(f"'bots' has no bot for {name!r}")  # i18n: developer
    rounds = summary["rounds"]
    if isinstance(rounds, bool) or not isinstance(rounds, int) or rounds < 0:
        raise bad(f"'rounds' must be a non-negative integer, got {rounds!r}")  # i18n: developer
    end_reason = summary["end_reason"]
    if not isinstance(end_reason, str):
        raise bad(f"'end_reason' must be a string, got {end_reason!r}")  # i18n: developer
    crowns = {name: _exact(players[name]["crowns"], f"crowns of {name!r}")  # i18n: developer
              for name in seats}
    card_stats = summary["card_stats"]
    if not isinstance(card_stats, Mapping):
        raise bad("'card_stats' must map card names to event counts")  # i18n: developer
    for card, events in card_stats.items():
        if not isinstance(events, Mapping):
            raise bad(f"'card_stats'[{card!r}] must map events to counts")  # i18n: developer
        for event, count in events.items():
            if isinstance(count, bool) or not isinstance(count, int):
                raise bad(  # i18n: developer
                    f"'card_stats'[{card!r}][{event!r}] must be an integer, got {count!r}")
    return _Game(seats, bots, ranking, rounds, end_reason, crowns, card_stats, summary.get("first"))


@dataclass
class Stats:
    """Statistics of many games, built from game summaries.

    Raw, exact totals are the fields; rates and means are derived properties.
    Two ``Stats`` holding the same games compare equal (``elapsed`` is ignored).
    """

    games: int = 0
    #: number of games by player count
    player_counts: Counter[int] = field(default_factory=Counter)
    #: per seat index: games in which the seat existed
    seat_games: list[int] = field(default_factory=list)
    #: per seat index: wins (shared first places split 1/k)
    seat_wins: list[Fraction] = field(default_factory=list)
    #: per seat index: total final crowns
    seat_crowns: list[int | Fraction] = field(default_factory=list)
    #: per seat index: which bots sat there, how often
    seat_bots: list[Counter[str]] = field(default_factory=list)
    #: per bot name: seat-games played (one per seat filled per game)
    bot_seat_games: Counter[str] = field(default_factory=Counter)
    #: per bot name: wins (shared first places split 1/k)
    bot_wins: dict[str, Fraction] = field(default_factory=dict)
    #: per bot name: total final crowns
    bot_crowns: dict[str, int | Fraction] = field(default_factory=dict)
    #: games whose first place was shared by two or more players
    shared_first_places: int = 0
    #: games whose summary names the round-1 starter (``first``), that player's wins (shared
    #: places split) and the sum of 1/players (what an equal share would give)
    starter_games: int = 0
    starter_wins: Fraction = Fraction(0)
    starter_fair: Fraction = Fraction(0)
    rounds_total: int = 0
    rounds_min: int | None = None
    rounds_max: int | None = None
    rounds_histogram: Counter[int] = field(default_factory=Counter)
    end_reasons: Counter[str] = field(default_factory=Counter)
    #: card name -> Counter of event -> total (events: CARD_EVENTS, plus any other the runner reports)
    cards: dict[str, Counter[str]] = field(default_factory=dict)
    #: how the games were made (set by ``simulate``); None when merged from differing runs
    meta: dict[str, Any] | None = None
    #: wall-clock seconds spent producing these games (not part of equality or JSON)
    elapsed: float = field(default=0.0, compare=False, repr=False)

    # ------------------------------------------------------------------ building

    @classmethod
    def from_summaries(cls, summaries: Iterable[Mapping[str, Any]]) -> Stats:
        stats = cls()
        for summary in summaries:
            stats.add(summary)
        return stats

    def _grow(self, seats: int) -> None:
        while len(self.seat_games) < seats:
            self.seat_games.append(0)
            self.seat_wins.append(Fraction(0))
            self.seat_crowns.append(0)
            self.seat_bots.append(Counter())

    def add(self, summary: Mapping[str, Any]) -> Stats:
        """Add one game summary (in place) and return ``self``.

        Raises ``ValueError`` naming the fault when the summary lacks a field
        or is inconsistent (a ranking that does not list every seat once, ...).
        The Stats is unchanged when that happens.
        """
        self._record(_checked(summary))
        return self

    def _record(self, g: _Game) -> None:
        seats, bots, ranking, rounds, end_reason, crowns, card_stats = (
            g.seats, g.bots, g.ranking, g.rounds, g.end_reason, g.crowns, g.card_stats)
        winners = ranking[0]
        share = Fraction(1, len(winners))
        self.games += 1
        self.player_counts[len(seats)] += 1
        self._grow(len(seats))
        for index, name in enumerate(seats):
            bot = str(bots[name])
            won = share if name in winners else Fraction(0)
            self.seat_games[index] += 1
            self.seat_wins[index] += won
            self.seat_crowns[index] += crowns[name]
            self.seat_bots[index][bot] += 1
            self.bot_seat_games[bot] += 1
            self.bot_wins[bot] = self.bot_wins.get(bot, Fraction(0)) + won
            self.bot_crowns[bot] = self.bot_crowns.get(bot, 0) + crowns[name]
        if len(winners) > 1:
            self.shared_first_places += 1
        starter = g.first
        if starter in seats:
            self.starter_games += 1
            self.starter_wins += share if starter in winners else Fraction(0)
            self.starter_fair += Fraction(1, len(seats))
        self.rounds_total += rounds
        self.rounds_min = rounds if self.rounds_min is None else min(self.rounds_min, rounds)
        self.rounds_max = rounds if self.rounds_max is None else max(self.rounds_max, rounds)
        self.rounds_histogram[rounds] += 1
        self.end_reasons[end_reason] += 1
        for card, events in card_stats.items():
            counter = self.cards.setdefault(str(card), Counter())
            for event in CARD_EVENTS:
                counter[event] += 0  # every card lists the four events
            for event, count in events.items():
                counter[str(event)] += count

    def merge(self, other: Stats) -> Stats:
        """A new Stats holding the games of ``self`` and ``other``.

        ``meta`` is kept when both sides agree (or one side is empty); it
        becomes ``None`` when they describe different runs.
        """
        if not isinstance(other, Stats):
            raise TypeError(f"can only merge a Stats, not {type(other).__name__}")  # i18n: developer
        out = copy.deepcopy(self)
        out._absorb(other)
        return out

    __add__ = merge

    def _absorb(self, other: Stats) -> None:
        if other.games == 0 and other.meta is None:
            return
        if self.games == 0 and self.meta is None:
            meta = copy.deepcopy(other.meta)
        elif other.games == 0 and other.meta is None:
            meta = self.meta
        else:
            meta = self.meta if self.meta == other.meta else None
        self.games += other.games
        self.player_counts.update(other.player_counts)
        self._grow(len(other.seat_games))
        for i in range(len(other.seat_games)):
            self.seat_games[i] += other.seat_games[i]
            self.seat_wins[i] += other.seat_wins[i]
            self.seat_crowns[i] += other.seat_crowns[i]
            self.seat_bots[i].update(other.seat_bots[i])
        self.bot_seat_games.update(other.bot_seat_games)
        for bot, wins in other.bot_wins.items():
            self.bot_wins[bot] = self.bot_wins.get(bot, Fraction(0)) + wins
        for bot, crowns in other.bot_crowns.items():
            self.bot_crowns[bot] = self.bot_crowns.get(bot, 0) + crowns
        self.shared_first_places += other.shared_first_places
        self.starter_games += other.starter_games
        self.starter_wins += other.starter_wins
        self.starter_fair += other.starter_fair
        self.rounds_total += other.rounds_total
        for attr, pick in (("rounds_min", min), ("rounds_max", max)):
            mine, theirs = getattr(self, attr), getattr(other, attr)
            setattr(self, attr, theirs if mine is None else mine if theirs is None else pick(mine, theirs))
        self.rounds_histogram.update(other.rounds_histogram)
        self.end_reasons.update(other.end_reasons)
        for card, events in other.cards.items():
            counter = self.cards.setdefault(card, Counter())
            for event, count in events.items():
                counter[event] += count
        self.meta = meta
        self.elapsed += other.elapsed

    # ------------------------------------------------------------------ derived

    @property
    def wins_by_seat(self) -> list[float]:
        return [float(w) for w in self.seat_wins]

    @property
    def win_rate_by_seat(self) -> list[float]:
        return [_ratio(w, g) for w, g in zip(self.seat_wins, self.seat_games, strict=True)]

    @property
    def mean_crowns_by_seat(self) -> list[float]:
        return [_ratio(c, g) for c, g in zip(self.seat_crowns, self.seat_games, strict=True)]

    @property
    def wins_by_bot(self) -> dict[str, float]:
        return {bot: float(self.bot_wins.get(bot, 0)) for bot in sorted(self.bot_seat_games)}

    @property
    def win_rate_by_bot(self) -> dict[str, float]:
        return {bot: _ratio(self.bot_wins.get(bot, 0), n) for bot, n in sorted(self.bot_seat_games.items())}

    @property
    def mean_crowns_by_bot(self) -> dict[str, float]:
        return {bot: _ratio(self.bot_crowns.get(bot, 0), n) for bot, n in sorted(self.bot_seat_games.items())}

    @property
    def rounds_mean(self) -> float:
        return _ratio(self.rounds_total, self.games)

    def card_rates(self) -> dict[str, dict[str, float]]:
        """card -> event -> total per game."""
        return {
            card: {event: _ratio(count, self.games) for event, count in self._card_events(card)}
            for card in sorted(self.cards)
        }

    def _card_events(self, card: str) -> list[tuple[str, int]]:
        counter = self.cards[card]
        extra = sorted(e for e in counter if e not in CARD_EVENTS)
        return [(event, counter[event]) for event in (*CARD_EVENTS, *extra)]

    def seat_bot_label(self, index: int) -> str:
        """The bots that sat in seat ``index``, e.g. ``greedy/random``."""
        return "/".join(sorted(self.seat_bots[index])) or "-"

    # ------------------------------------------------------------------ output

    def to_json(self) -> dict[str, Any]:
        """Plain JSON-able dict with a deterministic key order.

        Seats are a list (index = seat); bots, cards and extra end reasons are
        sorted by name; the rounds histogram is sorted by round count (its keys
        are strings, as JSON requires). Wins are floats (shared wins split).
        """
        end_reasons = {reason: self.end_reasons.get(reason, 0) for reason in END_REASONS}
        for reason in sorted(r for r in self.end_reasons if r not in END_REASONS):
            end_reasons[reason] = self.end_reasons[reason]
        return {
            "games": self.games,
            "meta": copy.deepcopy(self.meta),
            "player_counts": {str(k): self.player_counts[k] for k in sorted(self.player_counts)},
            "seats": [
                {
                    "seat": i,
                    "bots": {bot: self.seat_bots[i][bot] for bot in sorted(self.seat_bots[i])},
                    "games": self.seat_games[i],
                    "wins": _num(self.seat_wins[i]),
                    "win_rate": _ratio(self.seat_wins[i], self.seat_games[i]),
                    "mean_crowns": _ratio(self.seat_crowns[i], self.seat_games[i]),
                }
                for i in range(len(self.seat_games))
            ],
            "bots": {
                bot: {
                    "seat_games": n,
                    "wins": _num(self.bot_wins.get(bot, Fraction(0))),
                    "win_rate": _ratio(self.bot_wins.get(bot, 0), n),
                    "mean_crowns": _ratio(self.bot_crowns.get(bot, 0), n),
                }
                for bot, n in sorted(self.bot_seat_games.items())
            },
            "shared_first_places": self.shared_first_places,
            "round1_starter": {
                "games": self.starter_games,
                "wins": _num(self.starter_wins),
                "win_rate": _ratio(self.starter_wins, self.starter_games),
                "equal_share": _ratio(self.starter_fair, self.starter_games),
            },
            "rounds": {
                "mean": self.rounds_mean,
                "min": self.rounds_min,
                "max": self.rounds_max,
                "histogram": {str(r): self.rounds_histogram[r] for r in sorted(self.rounds_histogram)},
            },
            "end_reasons": end_reasons,
            "cards": {
                card: {
                    **{event: count for event, count in self._card_events(card)},
                    "per_game": {event: _ratio(count, self.games)
                                 for event, count in self._card_events(card)},
                }
                for card in sorted(self.cards)
            },
            "crowns_note": text("cards-note.crowns"),
        }

    def to_table(self, histogram_width: int = 40) -> str:
        """Readable multi-section text table of the statistics."""
        from ..render.text import stats_table
        return stats_table(self, text("cards-note.crowns"), histogram_width)

    def __str__(self) -> str:
        return self.to_table()

    def plot(self, ax: Any = None) -> Any:
        """Bar charts of the win rate by seat and by bot (matplotlib); see
        :func:`aristofarsa.render.plot.win_rates`. Returns the Axes drawn on."""
        from ..render.plot import win_rates
        return win_rates(self, ax)


def __getattr__(name: str) -> str:
    """``CROWNS_NOTE``, as :mod:`aristofarsa.core.cards` gives it (the catalog's ``cards-note.crowns``)."""
    if name == "CROWNS_NOTE":
        return text("cards-note.crowns")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")  # i18n: developer
