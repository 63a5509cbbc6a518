"""Charts (matplotlib, the ``plot`` extra): win rates of many games (``Stats.plot``)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..core.messages import text
from . import theme

if TYPE_CHECKING:
    from ..games.stats import Stats


def _pyplot() -> Any:
    try:
        import matplotlib.pyplot as plt
    except ImportError as exc:  # pragma: no cover - depends on the environment
        raise ImportError(text("plot.needs")) from exc
    return plt


def _bars(axis: Any, labels: list[str], values: list[float], title: str, color: str | list[str],
          fair: float | None, legend: bool) -> None:
    axis.bar(range(len(values)), values, color=color)
    axis.set_xticks(range(len(values)))
    axis.set_xticklabels(labels)
    axis.set_ylabel(text("plot.win-rate"))
    axis.set_title(title)
    if fair is not None:
        if legend:
            axis.axhline(fair, linestyle="--", color=theme.PLOT["fair"], linewidth=1,
                         label=text("plot.fair", players=round(1 / fair)))
            axis.legend(loc="lower right")  # i18n: code
        else:
            axis.axhline(fair, linestyle="--", color=theme.PLOT["fair"], linewidth=1)


def win_rates(s: Stats, ax: Any = None) -> Any:
    """Bar charts of the win rate by seat and by bot; returns the Axes drawn on.

    ``ax``: None (a new figure with two axes side by side), a pair of Axes (seats on the
    first, bots on the second), or one Axes (both groups on it). A dashed line marks the
    fair share ``1/players`` when all games had the same player count.
    """
    seat_labels = [text("plot.seat", seat=i, bot=s.seat_bot_label(i)) for i in range(len(s.seat_games))]
    seat_rates = s.win_rate_by_seat
    bot_rates = s.win_rate_by_bot
    fair = 1 / next(iter(s.player_counts)) if len(s.player_counts) == 1 else None
    if ax is None:
        _, ax = _pyplot().subplots(1, 2, figsize=(10, 4))
    if isinstance(ax, (list, tuple)) or getattr(ax, "ndim", 0) == 1:
        seat_ax, bot_ax = list(ax)[:2]
        _bars(seat_ax, seat_labels, seat_rates, text("plot.by-seat", games=s.games),
              theme.PLOT["seats"], fair, legend=True)
        _bars(bot_ax, list(bot_rates), list(bot_rates.values()), text("plot.by-bot"),
              theme.PLOT["bots"], fair, legend=True)
        return ax
    labels = seat_labels + [text("plot.bot", bot=b) for b in bot_rates]
    values = seat_rates + list(bot_rates.values())
    colors = [theme.PLOT["seats"]] * len(seat_rates) + [theme.PLOT["bots"]] * len(bot_rates)
    _bars(ax, labels, values, text("plot.by-both", games=s.games), colors, fair, legend=False)
    return ax
