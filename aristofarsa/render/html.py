"""HTML for notebooks: the trace table and a round's outcome (``RoundResult._repr_html_``).

Later: boards and cards (the Lab's views) join this module.
"""
from __future__ import annotations

from collections.abc import Iterable
from html import escape
from typing import TYPE_CHECKING

from .text import prestige_change, round_summary, secret_note

if TYPE_CHECKING:
    from ..result import RoundResult
    from ..trace import TraceEvent


def trace(events: Iterable[TraceEvent]) -> str:
    """An HTML table of the trace: step, phase, what happened, Prestige change, ruling."""
    out = ["<table class='aristofarsa-trace'><tr><th>#</th><th>phase</th><th>what happened</th>"
           "<th>Prestige</th><th>ruling</th></tr>"]
    for e in events:
        out.append(f"<tr><td>{e.step}</td><td>{e.phase}</td><td>{escape(e.text + secret_note(e))}"
                   f"</td><td>{prestige_change(e)}</td><td>{escape(e.cites())}</td></tr>")
    out.append("</table>")
    return "".join(out)


def round_result(r: RoundResult) -> str:
    """The outcome as preformatted text, then the trace table."""
    return "<pre>" + round_summary(r) + "</pre>" + trace(r.trace)
