"""The page's query string, read the same way by every app that takes one (Learn, Exiled,
Play): the known parameter names only (any other is ignored: chat apps append their own,
``&fbclid=…``, and a link must not lose its progress for it), whole numbers in range read
by the one bounded reader (:func:`aristofarsa.files.whole_number`), and a
:class:`QueryError` whose message says what is allowed. Plain Python (no Jupyter).
"""
from __future__ import annotations

from urllib.parse import parse_qs

from ..core import files
from ..core.messages import text


class QueryError(ValueError):
    """A bad value in the page's query string; the message says what is allowed."""


def parse_query(query: str, allowed: tuple[str, ...]) -> dict[str, str]:
    """``a=1&b=2`` (a leading ``?`` is fine) -> {name: last value} of the ``allowed`` names;
    any other name is ignored (never a reason to drop the known ones)."""
    try:
        pairs = parse_qs(query.lstrip("?"), keep_blank_values=True)
    except ValueError:          # parse_qs refuses nothing today; a future limit is no crash
        raise QueryError(text("query.unreadable")) from None
    return {k: v[-1] for k, v in pairs.items() if k in allowed}


def whole(value: str, name: str, low: int = 0, high: int | None = None) -> int:
    """A whole number from a query parameter, ``low`` to ``high`` (below 2**63 if None), read
    by :func:`aristofarsa.files.whole_number`; :class:`QueryError` names the parameter and
    the allowed range."""
    try:
        return files.whole_number(value, name, low, high)
    except files.NumberError as exc:
        raise QueryError(str(exc)) from None
