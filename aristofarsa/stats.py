"""Aggregate statistics over many whole games of Aristofarsa.

A :class:`Stats` accumulates the JSON summaries that ``GameResult.summary()``
returns (see ``SCENARIO_FORMAT.md``, "Whole games: play and simulate")::

    stats = Stats()
    stats.add(summary)            # one game, in place
    total = stats.merge(other)    # a new Stats holding both
    stats.to_json()               # plain dict, deterministic key order
    print(stats.to_table())       # readable text
    stats.plot()                  # matplotlib bar charts (notebooks)

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

__all__ = ["Stats", "CARD_EVENTS", "END_REASONS", "CROWNS_NOTE"]

# CARD_EVENTS: the per-card counters every game summary reports in ``card_stats``;
# END_REASONS: the contract's end reasons (E1-E3, X2), always listed in Stats.to_json.
from .game_result import CARD_EVENTS, END_REASONS  # noqa: E402

CROWNS_NOTE = "crown values are the engine's crown table, provisional until replaced (ruling M9)"


def _exact(value: Any, what: str) -> int | Fraction:
    """An exact number for ``value`` (int stays int, other reals become Fractions)."""
    if isinstance(value, bool) or not isinstance(value, Real):
        raise ValueError(f"{what} must be a number, got {value!r}")
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


def _fmt(value: float | int, digits: int = 2) -> str:
    """Short human form: integers without decimals, others with ``digits``."""
    if isinstance(value, Fraction):
        value = float(value)
    if float(value).is_integer():
        return str(int(value))
    return f"{value:.{digits}f}"


def _pct(value: float) -> str:
    return f"{100 * value:.1f}%"


def _render(headers: list[str], rows: list[list[str]], align: str) -> list[str]:
    """Aligned text table; ``align`` has one 'l' or 'r' per column."""
    widths = [len(h) for h in headers]
    for row in rows:
        widths = [max(w, len(cell)) for w, cell in zip(widths, row)]

    def line(cells: list[str]) -> str:
        out = []
        for cell, width, how in zip(cells, widths, align):
            out.append(cell.ljust(width) if how == "l" else cell.rjust(width))
        return "  ".join(out).rstrip()

    return [line(headers), line(["-" * w for w in widths])] + [line(r) for r in rows]


@dataclass
class Stats:
    """Statistics of many games, built from game summaries.

    Raw, exact totals are the fields; rates and means are derived properties.
    Two ``Stats`` holding the same games compare equal (``elapsed`` is ignored).
    """

    games: int = 0
    #: number of games by player count
    player_counts: Counter = field(default_factory=Counter)
    #: per seat index: games in which the seat existed
    seat_games: list[int] = field(default_factory=list)
    #: per seat index: wins (shared first places split 1/k)
    seat_wins: list[Fraction] = field(default_factory=list)
    #: per seat index: total final crowns
    seat_crowns: list[int | Fraction] = field(default_factory=list)
    #: per seat index: which bots sat there, how often
    seat_bots: list[Counter] = field(default_factory=list)
    #: per bot name: seat-games played (one per seat filled per game)
    bot_seat_games: Counter = field(default_factory=Counter)
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
    rounds_histogram: Counter = field(default_factory=Counter)
    end_reasons: Counter = field(default_factory=Counter)
    #: card name -> Counter of event -> total (events: CARD_EVENTS, plus any other the runner reports)
    cards: dict[str, Counter] = field(default_factory=dict)
    #: how the games were made (set by ``simulate``); None when merged from differing runs
    meta: dict[str, Any] | None = None
    #: wall-clock seconds spent producing these games (not part of equality or JSON)
    elapsed: float = field(default=0.0, compare=False, repr=False)

    # ------------------------------------------------------------------ building

    @classmethod
    def from_summaries(cls, summaries: Iterable[Mapping[str, Any]]) -> "Stats":
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

    def add(self, summary: Mapping[str, Any]) -> "Stats":
        """Add one game summary (in place) and return ``self``.

        Raises ``ValueError`` naming the fault when the summary lacks a field
        or is inconsistent (a ranking that does not list every seat once, ...).
        The Stats is unchanged when that happens.
        """
        seed = summary.get("seed", "?") if isinstance(summary, Mapping) else "?"

        def bad(msg: str) -> ValueError:
            return ValueError(f"game summary (seed {seed}): {msg}")

        if not isinstance(summary, Mapping):
            raise ValueError(f"a game summary must be a dict, got {type(summary).__name__}")
        for key in ("rounds", "end_reason", "ranking", "seats", "bots", "players", "card_stats"):
            if key not in summary:
                raise bad(f"missing {key!r}")
        seats = list(summary["seats"])
        players = summary["players"]
        bots = summary["bots"]
        ranking = [list(place) for place in summary["ranking"]]
        if not seats:
            raise bad("'seats' is empty")
        if len(set(seats)) != len(seats):
            raise bad(f"'seats' lists a player twice: {seats}")
        ranked = [name for place in ranking for name in place]
        if sorted(ranked) != sorted(seats) or any(not place for place in ranking):
            raise bad(f"'ranking' {ranking} must list every seat {seats} exactly once, in non-empty places")
        for name in seats:
            if name not in players or "crowns" not in players[name]:
                raise bad(f"'players' has no crowns for {name!r}")
            if name not in bots:
                raise bad(f"'bots' has no bot for {name!r}")
        rounds = summary["rounds"]
        if isinstance(rounds, bool) or not isinstance(rounds, int) or rounds < 0:
            raise bad(f"'rounds' must be a non-negative integer, got {rounds!r}")
        end_reason = summary["end_reason"]
        if not isinstance(end_reason, str):
            raise bad(f"'end_reason' must be a string, got {end_reason!r}")
        crowns = {name: _exact(players[name]["crowns"], f"crowns of {name!r}") for name in seats}
        card_stats = summary["card_stats"]
        if not isinstance(card_stats, Mapping):
            raise bad("'card_stats' must map card names to event counts")
        for card, events in card_stats.items():
            if not isinstance(events, Mapping):
                raise bad(f"'card_stats'[{card!r}] must map events to counts")
            for event, count in events.items():
                if isinstance(count, bool) or not isinstance(count, int):
                    raise bad(f"'card_stats'[{card!r}][{event!r}] must be an integer, got {count!r}")

        # --- validated: now record
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
        starter = summary.get("first")
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
        return self

    def merge(self, other: "Stats") -> "Stats":
        """A new Stats holding the games of ``self`` and ``other``.

        ``meta`` is kept when both sides agree (or one side is empty); it
        becomes ``None`` when they describe different runs.
        """
        if not isinstance(other, Stats):
            raise TypeError(f"can only merge a Stats, not {type(other).__name__}")
        out = copy.deepcopy(self)
        out._absorb(other)
        return out

    __add__ = merge

    def _absorb(self, other: "Stats") -> None:
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
        return [_ratio(w, g) for w, g in zip(self.seat_wins, self.seat_games)]

    @property
    def mean_crowns_by_seat(self) -> list[float]:
        return [_ratio(c, g) for c, g in zip(self.seat_crowns, self.seat_games)]

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

    def _seat_bot_label(self, index: int) -> str:
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
                    "per_game": {event: _ratio(count, self.games) for event, count in self._card_events(card)},
                }
                for card in sorted(self.cards)
            },
            "crowns_note": CROWNS_NOTE,
        }

    def to_table(self, histogram_width: int = 40) -> str:
        """Readable multi-section text table of the statistics."""
        lines: list[str] = []
        head = f"Aristofarsa statistics: {self.games} game{'s' if self.games != 1 else ''}"
        if self.player_counts:
            counts = ", ".join(f"{k} players" + (f" x{n}" if len(self.player_counts) > 1 else "")
                               for k, n in sorted(self.player_counts.items()))
            head += f", {counts}"
        lines.append(head)
        if self.meta:
            parts = []
            if "seed" in self.meta:
                parts.append(f"seed {self.meta['seed']}")
            if "bots" in self.meta:
                parts.append("bots " + ",".join(self.meta["bots"]))
            if self.meta.get("expansion"):
                parts.append("Exiled expansion")
            if self.meta.get("variants"):
                parts.append("variants " + ",".join(self.meta["variants"]))
            if parts:
                lines.append("  " + "; ".join(parts))
        lines.append(f"Note: {CROWNS_NOTE}.")
        if self.games == 0:
            lines.append("(no games)")
            return "\n".join(lines)

        lines.append("")
        lines.append("Wins by seat (a first place shared by k players gives each 1/k win)")
        rows = [
            [str(i), self._seat_bot_label(i), str(self.seat_games[i]), _fmt(self.seat_wins[i]),
             _pct(_ratio(self.seat_wins[i], self.seat_games[i])),
             f"{_ratio(self.seat_crowns[i], self.seat_games[i]):.2f}"]
            for i in range(len(self.seat_games))
        ]
        lines += _render(["seat", "bot", "games", "wins", "win rate", "mean crowns"], rows, "llrrrr")

        lines.append("")
        lines.append("Wins by bot (win rate = wins per seat played)")
        rows = [
            [bot, str(n), _fmt(self.bot_wins.get(bot, 0)), _pct(_ratio(self.bot_wins.get(bot, 0), n)),
             f"{_ratio(self.bot_crowns.get(bot, 0), n):.2f}"]
            for bot, n in sorted(self.bot_seat_games.items())
        ]
        lines += _render(["bot", "seat-games", "wins", "win rate", "mean crowns"], rows, "lrrrr")
        lines.append(f"Shared first places: {self.shared_first_places} game"
                     f"{'s' if self.shared_first_places != 1 else ''}")
        if self.starter_games:
            lines.append(f"Round-1 starter (a seeded draw, M2) won "
                         f"{_pct(_ratio(self.starter_wins, self.starter_games))} of "
                         f"{self.starter_games} games; an equal share would be "
                         f"{_pct(_ratio(self.starter_fair, self.starter_games))}")

        lines.append("")
        lines.append(f"Rounds: mean {self.rounds_mean:.2f}, min {self.rounds_min}, max {self.rounds_max}")
        top = max(self.rounds_histogram.values())
        rwidth = len(str(self.rounds_max))
        cwidth = len(str(top))
        for r in sorted(self.rounds_histogram):
            n = self.rounds_histogram[r]
            bar = "#" * max(1, round(histogram_width * n / top))
            lines.append(f"  {str(r).rjust(rwidth)} | {str(n).rjust(cwidth)} {bar}")

        lines.append("")
        lines.append("End reasons")
        reasons = [*END_REASONS, *sorted(r for r in self.end_reasons if r not in END_REASONS)]
        rows = [[r, str(self.end_reasons.get(r, 0)), _pct(_ratio(self.end_reasons.get(r, 0), self.games))]
                for r in reasons]
        lines += _render(["reason", "games", "share"], rows, "lrr")

        if self.cards:
            lines.append("")
            lines.append("Cards (totals, then per game)")
            extra = sorted({e for c in self.cards.values() for e in c} - set(CARD_EVENTS))
            events = [*CARD_EVENTS, *extra]
            rows = []
            for card in sorted(self.cards):
                counter = self.cards[card]
                rows.append([card, *(str(counter.get(e, 0)) for e in events),
                             *(f"{_ratio(counter.get(e, 0), self.games):.3f}" for e in events)])
            headers = ["card", *events, *(f"{e}/game" for e in events)]
            lines += _render(headers, rows, "l" + "r" * (2 * len(events)))
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.to_table()

    def plot(self, ax: Any = None) -> Any:
        """Bar charts of the win rate by seat and by bot (matplotlib).

        ``ax``: None (a new figure with two axes side by side), a pair of
        Axes (seats on the first, bots on the second), or one Axes (both
        groups on it). A dashed line marks the fair share ``1/players`` when
        all games had the same player count. Returns the Axes drawn on.
        """
        try:
            import matplotlib.pyplot as plt
        except ImportError as exc:  # pragma: no cover - depends on the environment
            raise ImportError(
                "Stats.plot needs matplotlib, which is not installed: pip install matplotlib"
            ) from exc

        seat_labels = [f"seat {i}\n{self._seat_bot_label(i)}" for i in range(len(self.seat_games))]
        seat_rates = self.win_rate_by_seat
        bot_rates = self.win_rate_by_bot
        fair = 1 / next(iter(self.player_counts)) if len(self.player_counts) == 1 else None

        def draw(axis: Any, labels: list[str], values: list[float], title: str, color: str) -> None:
            axis.bar(range(len(values)), values, color=color)
            axis.set_xticks(range(len(values)))
            axis.set_xticklabels(labels)
            axis.set_ylabel("win rate")
            axis.set_title(title)
            if fair is not None:
                axis.axhline(fair, linestyle="--", color="grey", linewidth=1, label=f"fair share 1/{round(1 / fair)}")
                axis.legend(loc="lower right")

        if ax is None:
            _, axes = plt.subplots(1, 2, figsize=(10, 4))
            ax = axes
        if isinstance(ax, (list, tuple)) or getattr(ax, "ndim", 0) == 1:
            seat_ax, bot_ax = list(ax)[:2]
            draw(seat_ax, seat_labels, seat_rates, f"Win rate by seat ({self.games} games)", "tab:blue")
            draw(bot_ax, list(bot_rates), list(bot_rates.values()), "Win rate by bot", "tab:orange")
            return ax
        labels = seat_labels + [f"bot\n{b}" for b in bot_rates]
        values = seat_rates + list(bot_rates.values())
        colors = ["tab:blue"] * len(seat_rates) + ["tab:orange"] * len(bot_rates)
        ax.bar(range(len(values)), values, color=colors)
        ax.set_xticks(range(len(values)))
        ax.set_xticklabels(labels)
        ax.set_ylabel("win rate")
        ax.set_title(f"Win rate by seat and by bot ({self.games} games)")
        if fair is not None:
            ax.axhline(fair, linestyle="--", color="grey", linewidth=1)
        return ax
