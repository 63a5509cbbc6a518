"""Markdown: the trace as a table, a round's outcome (``aristofarsa resolve --markdown``)."""
from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from ..core.messages import text as said
from .text import auto_note, prestige_change, round_summary, secret_note

if TYPE_CHECKING:
    from ..core.result import RoundResult
    from ..core.trace import TraceEvent


def trace(events: Iterable[TraceEvent]) -> str:
    """A Markdown table: step, phase, what happened, Prestige change, ruling."""
    rows = [said("markdown.trace-header"), "|---|---|---|---|---|"]
    auto = said("markdown.auto")
    for e in events:
        text = (e.text + auto_note(e, auto) + secret_note(e)).replace("|", "\\|")
        rows.append(f"| {e.step} | {e.phase} | {text} | {prestige_change(e)} | {e.cites()} |")
    return "\n".join(rows)


def round_result(r: RoundResult) -> str:
    """The outcome, the Garden as a table, then the trace step by step."""
    rows = [said("markdown.garden-header"), "|---|---|---|"]
    rows += [f"| {p} | {c} | {v} |" for p, c, v in r.garden]
    return ("### " + said("markdown.outcome") + "\n\n" + round_summary(r).replace("\n", "  \n") + "\n\n"
            + "\n".join(rows) + "\n\n### " + said("markdown.steps") + "\n\n" + trace(r.trace) + "\n")
