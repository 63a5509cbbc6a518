"""The page's query string, read the same way by every app that takes one (Learn, Exiled,
Play): known parameter names only, whole numbers in range, and a :class:`QueryError` whose
message says what is allowed. Plain Python (no Jupyter).
"""
from __future__ import annotations

from urllib.parse import parse_qs


class QueryError(ValueError):
    """A bad value in the page's query string; the message says what is allowed."""


def parse_query(query: str, allowed: tuple[str, ...]) -> dict[str, str]:
    """``a=1&b=2`` (a leading ``?`` is fine) -> {name: last value}; unknown names refused."""
    pairs = parse_qs(query.lstrip("?"), keep_blank_values=True)
    unknown = sorted(set(pairs) - set(allowed))
    if unknown:
        raise QueryError(f"unknown query parameter {unknown[0]!r}: this app takes "
                         f"{', '.join(allowed)}")
    return {k: v[-1] for k, v in pairs.items()}


#: A query number with no upper bound (a seed) must be below this, as a scenario's seed.
QUERY_NUMBER_LIMIT = 2**63


def whole(value: str, name: str, low: int = 0, high: int | None = None) -> int:
    """A whole number from a query parameter, ``low`` to ``high`` (below 2**63 if None);
    :class:`QueryError` names the parameter and the allowed range (a number of thousands of
    digits too, unconverted: Python refuses to convert one)."""
    text = value.strip()
    allowed = f"{low} to {high}" if high is not None else f">= {low}"
    if not (text.isdigit() and text.isascii()):
        shown = repr(value) if len(value) <= 40 else repr(value[:39]) + "…"
        raise QueryError(f"{name} must be a whole number {allowed}, got {shown}")
    top, too_big = (QUERY_NUMBER_LIMIT - 1, "below 2**63") if high is None else (high, allowed)
    if len(text.lstrip("0")) > len(str(top)):
        raise QueryError(f"{name} must be {too_big}, got a number of {len(text):,} digits")
    n = int(text)
    if n < low or n > top:
        raise QueryError(f"{name} must be {allowed if n < low else too_big}, got {n}")
    return n
