"""The quiz's progress code, decoded within limits: a link's ``?progress=`` is anyone's text.

:func:`decode` turns the unpacked JSON of a progress code into its table, or raises
:class:`ProgressDataError` (a ``ValueError``; ``Quiz.from_code`` shows it as a damaged
code): nesting deeper than :data:`MAX_DEPTH` is refused in one pass before the JSON is
parsed (a code of 20 000 ``[`` overflowed the stack); every number goes through the one
bounded reader (:func:`aristofarsa.files.whole_number`: whole, ASCII digits, at most 24
characters), so ``Infinity``, ``NaN``, ``1e999`` and a 5 000-digit number are refused; and
the table must have the shape :meth:`Quiz.code` writes (whole numbers, lists of short text,
answers as ``[topic, 0 or 1]``). Plain Python (no Jupyter). Its messages say what is wrong
for a developer: the quiz shows a learner its one catalog sentence of a damaged code
(``quiz.damaged``).
"""
from __future__ import annotations

import json
from typing import Any

from ..core import files
from ..core.messages import Msg

__all__ = ["MAX_DEPTH", "MAX_ITEMS", "ProgressDataError", "decode"]

#: A progress code's deepest nesting: the table, its answers list, one answer.
MAX_DEPTH = 4
#: Most items in one list of a progress code (recent rounds, answers, missed topics).
MAX_ITEMS = 200
#: Longest text in a progress code (a round's signature, a topic key).
MAX_TEXT = 200
_NUMBERS = ("s", "l", "c", "R", "A")
_TEXTS = ("r", "m")


class ProgressDataError(ValueError):
    """The unpacked text is not a progress table this app wrote."""


def _refuse(token: str) -> Any:
    raise ProgressDataError(f"{token} is not a whole number")  # i18n: developer


def _whole(text: str) -> int:
    try:
        return files.whole_number(text, Msg("quiz.progress-number"), -files.NUMBER_LIMIT,
                                  signed=True)
    except files.NumberError as exc:
        raise ProgressDataError(str(exc)) from None


def check_depth(raw: bytes, limit: int = MAX_DEPTH) -> None:
    """Refuse JSON nested more than ``limit`` levels, counting brackets outside strings."""
    level, quoted, escaped = 0, False, False
    for byte in raw:
        if quoted:
            if escaped:
                escaped = False
            elif byte == 0x5C:          # backslash
                escaped = True
            elif byte == 0x22:          # closing quote
                quoted = False
        elif byte == 0x22:
            quoted = True
        elif byte in (0x5B, 0x7B):      # [ {
            level += 1
            if level > limit:
                raise ProgressDataError(f"nested more than {limit} levels")  # i18n: developer
        elif byte in (0x5D, 0x7D):      # ] }
            level -= 1


def _texts(value: Any) -> list[str]:
    if not isinstance(value, list) or len(value) > MAX_ITEMS:
        raise ProgressDataError("a list of text expected")  # i18n: developer
    if not all(isinstance(v, str) and len(v) <= MAX_TEXT for v in value):
        raise ProgressDataError("a list of text expected")  # i18n: developer
    return value


def decode(raw: bytes) -> dict[str, Any]:
    """The progress table in ``raw`` (the code's unpacked JSON), checked as described above."""
    check_depth(raw)
    try:
        data = json.loads(raw, parse_int=_whole, parse_float=_refuse, parse_constant=_refuse)
    except (UnicodeDecodeError, json.JSONDecodeError, RecursionError):
        raise ProgressDataError("not JSON") from None
    if not isinstance(data, dict):
        raise ProgressDataError("not a table")  # i18n: developer
    for key in _NUMBERS:
        value = data.get(key)
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            raise ProgressDataError(f"{key}: a whole number >= 0 expected")  # i18n: developer
    for key in _TEXTS:
        _texts(data.get(key))
    answers = data.get("a")
    if not isinstance(answers, list) or len(answers) > MAX_ITEMS:
        raise ProgressDataError("a: a list of answers expected")  # i18n: developer
    for answer in answers:
        if not (isinstance(answer, list) and len(answer) == 2 and isinstance(answer[0], str)
                and len(answer[0]) <= MAX_TEXT and answer[1] in (0, 1)
                and not isinstance(answer[1], float)):
            raise ProgressDataError("a: each answer is [topic, 0 or 1]")  # i18n: developer
    return data
