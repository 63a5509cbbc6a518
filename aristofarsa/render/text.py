"""Plain text: the numbered trace log, a round's outcome, a whole game, statistics tables."""
from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from typing import TYPE_CHECKING

from ..analysis.outcome import END_MESSAGES, game_ends

# the one vocabulary of who wins (winning cards, S1; who starts next, M2), for every view
from ..analysis.outcome import card_names as card_names
from ..analysis.outcome import next_starter as next_starter
from ..analysis.outcome import who_wins as who_wins
from ..analysis.outcome import winning_cards as winning_cards
from ..core.cards import CARD_EVENTS
from ..core.messages import Join, Msg, text
from ..core.ranking import rank_key
from ..core.rulings import END_REASONS, END_RULES

if TYPE_CHECKING:
    from ..core.result import RoundResult
    from ..core.trace import TraceEvent
    from ..games.game_result import GameResult
    from ..games.stats import Stats


# --------------------------------------------------------------------------- trace events
def prestige_change(e: TraceEvent) -> str:
    """The Prestige column of a trace row: ``"9 → 18"``, ``"18"`` or ``""``."""
    if e.after is None:
        return ""
    return str(e.after) if e.before is None else f"{e.before} → {e.after}"


def secret_note(e: TraceEvent) -> str:
    """`` [seen only by Ana]`` for hidden information, else ``""``."""
    return text("trace.seen-only", players=Join(e.visible_to)) if e.visible_to is not None else ""


def auto_note(e: TraceEvent, note: str | None = None) -> str:
    """``note`` (default: the catalog's ``trace.auto``, " (chosen by --auto)") when the engine
    made the choice (--auto) and the sentence does not say so."""
    if not e.auto or "--auto" in e.text:
        return ""
    return text("trace.auto") if note is None else note


def trace(events: Iterable[TraceEvent]) -> str:
    """A numbered plain-text log, one line per event, each citing its ruling."""
    return "\n".join(text("trace.line", step=e.step, phase=e.phase, text=e.text,
                          notes=auto_note(e) + secret_note(e), cites=e.cites()) for e in events)


# --------------------------------------------------------------------------- one round
def round_summary(r: RoundResult) -> str:
    """The outcome of a round in a few lines: Garden, Balcony, order, winners, what moved."""
    lines = []
    lines.append(text("summary.garden", cards=Join(
        [Msg("summary.garden-card", {"owner": p, "card": c, "value": v}) for p, c, v in r.garden])))
    if r.balcony:
        lines.append(text("summary.balcony", cards=Join(
            [Msg("summary.balcony-card-cancelled" if x else "summary.balcony-card", {"owner": p, "card": c})
             for p, c, x in r.balcony])))
    lines.append(text("summary.order", order=Join(r.phase2_order), litter=r.litter))
    lines.append(who_wins(r.garden, r.winners, r.next_first, r.lowest_wins))
    for label, table in (("summary.scored", r.scored), ("summary.convoked", r.convoked),
                         ("summary.exiled", r.exiled)):
        lines.append(text(label, items=_player_cards(table)))
    if r.game_over:
        lines.append(game_ends(r.end_reason))
    elif r.final_round_next:
        lines.append(text("summary.one-more-round"))
    if r.next_hands is not None:
        lines.append(text("summary.next-hands", hands=Join(
            [Msg("summary.player-cards", {"player": p, "cards": Join(h, empty="list.empty")})
             for p, h in r.next_hands.items()], "list.semicolon")))
    lines.append(text("summary.crowns-provisional" if r.extra.get("crowns_provisional", True)
                      else "summary.crowns-given", crowns=Join(
                          [Msg("scenario.crowns", {"player": p, "crowns": n}) for p, n in r.crowns.items()])))
    return "\n".join(lines)


def _player_cards(table: dict[str, list[str]]) -> Join:
    """``Ana: Knight, Rogue; Bruno: Witch`` (players with no card left out; "nothing")."""
    return Join([Msg("summary.player-cards", {"player": p, "cards": Join(c)}) for p, c in table.items() if c],
                "list.semicolon", empty="list.nothing")


def round_result(r: RoundResult) -> str:
    """The outcome, then the trace step by step (``aristofarsa resolve``)."""
    return round_summary(r) + "\n\n" + text("summary.steps") + "\n" + trace(r.trace)


# --------------------------------------------------------------------------- a whole game
def end_text(reason: str) -> str:
    """``"an Aristocrat scored (E1)"``: what ended the game and the ruling that says so."""
    return text("game-text.end", what=Msg(END_MESSAGES[reason]), rule=END_RULES[reason][0])


def _game_heading(g: GameResult) -> list[str]:
    heading = (("game-text.heading-expansion-variants" if g.variants else "game-text.heading-expansion")
               if g.expansion else "game-text.heading-variants" if g.variants else "game-text.heading")
    seats = Join([Msg("game-text.seat", {"name": n, "bot": b})
                  for n, b in zip(g.names, g.bots, strict=True)])
    return [text(heading, players=g.players, variants=Join(g.variants), seed=g.seed),
            text("game-text.seats", seats=seats, first=g.first), ""]


def _game_round(g: GameResult, k: int) -> list[str]:
    r = g.round_results[k]
    extra = bool(k and g.round_results[k - 1].final_round_next)
    lines = [text("game-text.round-extra" if extra else "game-text.round", number=k + 1,
                  first=g.round_firsts[k])]
    lines.append("  " + text("game-text.garden", cards=Join(
        [Msg("game-text.garden-card", {"owner": p, "card": c, "value": v}) for p, c, v in r.garden])))
    if r.balcony:
        lines.append("  " + text("game-text.balcony", cards=Join(
            [Msg("game-text.balcony-card-cancelled" if x else "game-text.balcony-card",
                 {"owner": p, "card": c}) for p, c, x in r.balcony])))
    if any(r.convoked.values()):
        lines.append("  " + text("game-text.convoked", items=_cards_of(r.convoked)))
    lines.append("  " + who_wins(r.garden, r.winners, r.next_first, r.lowest_wins))
    lines.append("  " + text("game-text.scored", items=_cards_of(r.scored)))
    if any(r.exiled.values()):
        lines.append("  " + text("game-text.exiled", items=_cards_of(r.exiled)))
    if r.final_round_next:
        lines.append("  " + text("game-text.one-more-round"))
    return lines


def _cards_of(table: dict[str, list[str]]) -> Join:
    """``Ana Knight, Rogue; Bruno Witch`` (players with no card left out; "nothing")."""
    return Join([Msg("game-text.player-cards", {"player": p, "cards": Join(c)})
                 for p, c in table.items() if c], "list.semicolon", empty="list.nothing")


def _game_ranking(g: GameResult) -> list[str]:
    crowns = g.crowns
    lines = [text("game-text.ranking" if g.crowns_table else "game-text.ranking-provisional")]
    for k, place in enumerate(g.ranking):
        shared = len(place) > 1
        for name in place:
            pl = g.states[g.names.index(name)]
            _, aristo, nobles, cards = rank_key(pl, g.crowns_table)
            said = (("game-text.rank-aristocrat-shared" if shared else "game-text.rank-aristocrat")
                    if aristo else "game-text.rank-shared" if shared else "game-text.rank")
            line = Msg(said, {"place": k + 1, "name": name,
                              "crowns": Msg("game-text.crowns", {"count": crowns[name]}),
                              "cards": Msg("game-text.cards-scored", {"count": cards}),
                              "nobles": Msg("game-text.nobles", {"count": nobles})})
            lines.append("  " + (text("game-text.rank-scored", rank=line,
                                      scored=Join([c.name for c in pl.scored]))
                                 if pl.scored else str(line)))
    return lines


def game_result(g: GameResult, with_trace: bool = False) -> str:
    """A readable round-by-round account of a game and its final ranking (``play``)."""
    lines = _game_heading(g)
    for k in range(len(g.round_results)):
        lines += _game_round(g, k)
    if len(g.round_results) < g.rounds:
        lines.append(text("game-text.not-recorded", count=g.rounds))
    lines.append("")
    assert g.end_reason is not None, "a finished game has an end reason"  # i18n: developer
    lines.append(text("game-text.ends", count=g.rounds, end=end_text(g.end_reason)))
    lines += _game_ranking(g)
    if with_trace and g.trace.enabled:
        lines += ["", text("summary.steps"), trace(g.trace)]
    return "\n".join(lines)


# --------------------------------------------------------------------------- statistics
def fmt_number(value: float | int | Fraction, digits: int = 2) -> str:
    """Short human form: integers without decimals, others with ``digits``."""
    if isinstance(value, Fraction):
        value = float(value)
    if float(value).is_integer():
        return str(int(value))
    return f"{value:.{digits}f}"


def percent(value: float) -> str:
    return f"{100 * value:.1f}%"


def ratio(num: int | Fraction, den: int) -> float:
    """``num / den`` as a float; 0.0 when ``den`` is 0."""
    return float(Fraction(num) / den) if den else 0.0


def table(headers: list[str], rows: list[list[str]], align: str) -> list[str]:
    """An aligned text table; ``align`` has one 'l' or 'r' per column."""
    widths = [len(h) for h in headers]
    for row in rows:
        widths = [max(w, len(cell)) for w, cell in zip(widths, row, strict=True)]

    def line(cells: list[str]) -> str:
        out = []
        for cell, width, how in zip(cells, widths, align, strict=True):
            out.append(cell.ljust(width) if how == "l" else cell.rjust(width))
        return "  ".join(out).rstrip()

    return [line(headers), line(["-" * w for w in widths])] + [line(r) for r in rows]


def _stats_heading(s: Stats, note: str) -> list[str]:
    if s.player_counts:
        several = len(s.player_counts) > 1
        counts = Join(Msg("stats-text.players-times", {"count": k, "times": n}) if several
                      else Msg("stats-text.players", {"count": k})
                      for k, n in sorted(s.player_counts.items()))
        head = text("stats-text.heading-players", count=s.games, players=counts)
    else:
        head = text("stats-text.heading", count=s.games)
    lines = [head]
    if s.meta:
        parts: list[Msg] = []
        if "seed" in s.meta:
            parts.append(Msg("stats-text.seed", {"seed": s.meta["seed"]}))
        if "bots" in s.meta:
            parts.append(Msg("stats-text.bots", {"bots": Join(s.meta["bots"], "stats-text.bots-sep")}))
        if s.meta.get("expansion"):
            parts.append(Msg("stats-text.expansion"))
        if s.meta.get("variants"):
            parts.append(Msg("stats-text.variants",
                             {"variants": Join(s.meta["variants"], "stats-text.bots-sep")}))
        if parts:
            lines.append(text("stats-text.meta", parts=Join(parts, "list.semicolon")))
    lines.append(text("stats-text.note", note=note))
    return lines


def _seat_wins(s: Stats) -> list[str]:
    rows = [
        [str(i), s.seat_bot_label(i), str(s.seat_games[i]), fmt_number(s.seat_wins[i]),
         percent(ratio(s.seat_wins[i], s.seat_games[i])),
         f"{ratio(s.seat_crowns[i], s.seat_games[i]):.2f}"]
        for i in range(len(s.seat_games))
    ]
    headers = [text("stats-text.seat"), text("stats-text.bot"), text("stats-text.games"),
               text("stats-text.wins"), text("stats-text.win-rate"), text("stats-text.mean-crowns")]
    return ["", text("stats-text.seats")] + table(headers, rows, "llrrrr")


def _bot_wins(s: Stats) -> list[str]:
    rows = [
        [bot, str(n), fmt_number(s.bot_wins.get(bot, 0)), percent(ratio(s.bot_wins.get(bot, 0), n)),
         f"{ratio(s.bot_crowns.get(bot, 0), n):.2f}"]
        for bot, n in sorted(s.bot_seat_games.items())
    ]
    headers = [text("stats-text.bot"), text("stats-text.seat-games"), text("stats-text.wins"),
               text("stats-text.win-rate"), text("stats-text.mean-crowns")]
    lines = ["", text("stats-text.bots-heading")] + table(headers, rows, "lrrrr")
    lines.append(text("stats-text.shared", count=s.shared_first_places))
    if s.starter_games:
        lines.append(text("stats-text.starter", count=s.starter_games,
                          share=percent(ratio(s.starter_wins, s.starter_games)),
                          fair=percent(ratio(s.starter_fair, s.starter_games))))
    return lines


def _rounds_histogram(s: Stats, width: int) -> list[str]:
    lines = ["", text("stats-text.rounds", mean=s.rounds_mean, min=s.rounds_min, max=s.rounds_max)]
    top = max(s.rounds_histogram.values())
    rwidth = len(str(s.rounds_max))
    cwidth = len(str(top))
    for r in sorted(s.rounds_histogram):
        n = s.rounds_histogram[r]
        bar = "#" * max(1, round(width * n / top))
        lines.append(f"  {str(r).rjust(rwidth)} | {str(n).rjust(cwidth)} {bar}")
    return lines


def _end_reasons(s: Stats) -> list[str]:
    reasons = [*END_REASONS, *sorted(r for r in s.end_reasons if r not in END_REASONS)]
    rows = [[r, str(s.end_reasons.get(r, 0)), percent(ratio(s.end_reasons.get(r, 0), s.games))]
            for r in reasons]
    headers = [text("stats-text.reason"), text("stats-text.games"), text("stats-text.share")]
    return ["", text("stats-text.end-reasons")] + table(headers, rows, "lrr")


#: The card events' column headers (an event not listed here is shown by its key).
_EVENT_HEADERS = {"won": "stats-text.won", "scored": "stats-text.scored",
                  "convoked": "stats-text.convoked", "exiled": "stats-text.exiled"}


def _cards(s: Stats) -> list[str]:
    extra = sorted({e for c in s.cards.values() for e in c} - set(CARD_EVENTS))
    events = [*CARD_EVENTS, *extra]
    rows = []
    for card in sorted(s.cards):
        counter = s.cards[card]
        rows.append([card, *(str(counter.get(e, 0)) for e in events),
                     *(f"{ratio(counter.get(e, 0), s.games):.3f}" for e in events)])
    names = [text(_EVENT_HEADERS[e]) if e in _EVENT_HEADERS else e for e in events]
    headers = [text("stats-text.card"), *names,
               *(text("stats-text.per-game", event=e) for e in names)]
    return ["", text("stats-text.cards")] + table(headers, rows, "l" + "r" * (2 * len(events)))


def stats_table(s: Stats, note: str, histogram_width: int = 40) -> str:
    """Statistics of many games as a readable multi-section text table (``simulate``)."""
    lines = _stats_heading(s, note)
    if s.games == 0:
        lines.append(text("stats-text.no-games"))
        return "\n".join(lines)
    lines += _seat_wins(s) + _bot_wins(s) + _rounds_histogram(s, histogram_width) + _end_reasons(s)
    if s.cards:
        lines += _cards(s)
    return "\n".join(lines)
