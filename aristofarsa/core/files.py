"""Reading files and texts written by other people: bounded, strict, never a traceback.

Every command that reads a file (``resolve``, ``check``, ``replay``, ``--crowns``,
``cards --crowns``) and every upload in the apps goes through this module:

* :func:`read_text` reads only a **regular file** (a folder, FIFO, device or socket is
  refused at once, before it is opened for reading, so nothing blocks or streams without
  end) of at most ``max_bytes`` bytes, and decodes it as UTF-8;
* :func:`decode_text` / :func:`check_text_size` do the same for bytes or text that arrive
  another way (an upload, a share code);
* :func:`parse_toml` / :func:`parse_json` parse with Python's limits turned into messages:
  nesting deeper than :data:`MAX_DEPTH`, integers too long to convert, a JSON ``NaN``; a
  TOML key of more than :data:`MAX_KEY_PARTS` dotted parts is refused before parsing
  (:func:`check_key_parts`: ``tomllib`` takes time quadratic in a key's parts).

A UTF-8 byte-order mark at the start is accepted and ignored; UTF-16 text and invalid
UTF-8 are refused with the line of the first bad byte. Every error is a
:class:`FileInputError` (a ``ValueError``) whose message starts with the file's name.
"""
from __future__ import annotations

import json
import os
import re
import stat
import tomllib
import unicodedata
from typing import Any, NamedTuple

from .messages import Msg
from .messages import text as message_text

__all__ = ["CROWNS_FILE", "FILE", "JSON_DOCUMENT", "JSON_GAME_RECORD", "MAX_DEPTH", "MAX_KEY_PARTS",
           "MAX_NUMBER_CHARS", "MAX_RECORD_BYTES", "MAX_TEXT_BYTES", "NUMBER_LIMIT", "RECORD",
           "SCENARIO_FILE", "TOML_TEXT", "FileInputError", "Noun", "NumberError", "check_depth",
           "check_key_parts", "check_text_size", "cut", "decode_text", "parse_json", "parse_toml",
           "printable", "read_bytes", "read_text", "short", "whole_number"]

#: Largest scenario or crowns file (bytes): the longest bundled lesson is about 3 kB.
MAX_TEXT_BYTES = 1_000_000
#: Largest game record (bytes): a 6-player game with the expansion is about 15 kB.
MAX_RECORD_BYTES = 4_000_000
#: Deepest nesting of tables and lists accepted in a parsed file (a scenario needs 4).
MAX_DEPTH = 32
#: Most dotted parts in one TOML key (``expect.prestige.Ann`` has 3; a scenario needs at most 3).
MAX_KEY_PARTS = 8
#: Longest value shown in a message before it is cut with "…".
SHORT = 60
#: Most characters in a number read from a link, a progress code or a line (leading zeros
#: and sign included): a seed below 2**63 has 19 digits.
MAX_NUMBER_CHARS = 24
#: A number with no upper bound of its own (a seed) must be below this, as a scenario's seed.
NUMBER_LIMIT = 2**63

_BOM = b"\xef\xbb\xbf"


class FileInputError(ValueError):
    """A file or text that cannot be read or parsed; the message names it and says why.
    ``msg``: that message as the catalog's ID and fields (what was read, a :class:`Noun`'s
    message, is its field ``a_what`` or ``the_what``), None for a text."""

    msg: Msg | None = None

    def __init__(self, message: str | Msg) -> None:
        if isinstance(message, Msg):
            self.msg = message
        super().__init__(str(message))


def _said(id: str, **fields: Any) -> Msg:
    return Msg(id, fields)


def short(value: Any, limit: int = SHORT) -> str:
    """``repr(value)`` cut to about ``limit`` characters, safe for any parsed value."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 4 * limit:
        return message_text("file.number-bits", bits=len(format(value, "x")) * 4)
    try:
        text: str = _REPR.repr(value)
    except (RecursionError, ValueError):
        text = f"<{type(value).__name__}>"
    return text if len(text) <= limit else text[:limit - 1] + "…"


def cut(text: str, limit: int = SHORT) -> str:
    """``text`` for a message: cut to about ``limit`` characters with "…", and with any
    control character escaped (so a key or name cannot break or colour the output)."""
    if not text.isprintable():
        text = repr(text)[1:-1]
    return text if len(text) <= limit else text[:limit - 1] + "…"


def printable(text: str) -> str:
    """``text`` for a terminal or a log: every control, format or unassigned character but a
    line break escaped (``\\x1b``, ``\\u202e``), so a pasted line cannot move the cursor,
    recolour the terminal or reorder what follows; nothing is cut."""
    if text.isprintable() or all(ch == "\n" or unicodedata.category(ch)[0] != "C"
                                 for ch in text):
        return text
    return "".join(ch if ch == "\n" or unicodedata.category(ch)[0] != "C" else repr(ch)[1:-1]
                   for ch in text)


def _make_repr() -> Any:
    import reprlib
    r = reprlib.Repr()
    r.maxlevel, r.maxstring, r.maxother, r.maxlong = 3, 4 * SHORT, 4 * SHORT, 4 * SHORT
    r.maxlist = r.maxdict = r.maxtuple = r.maxset = 6
    return r


_REPR = _make_repr()


class NumberError(ValueError):
    """A number that is not a whole number in range; the message says what is allowed."""


def _shown(value: str) -> str:
    return repr(value) if len(value) <= 40 else repr(value[:39]) + "…"


def whole_number(value: str, name: str | Msg, low: int = 0, high: int | None = None,
                 signed: bool = False, allowed: str | None = None) -> int:
    """The one reader of a number typed by someone else (a link's query, a progress code, a
    one-line round): ASCII digits only (``²`` or ``٣`` are not digits here), with a ``+`` or
    ``-`` sign when ``signed``, at most :data:`MAX_NUMBER_CHARS` characters (leading zeros
    count), ``low`` to ``high`` (below 2**63 when ``high`` is None). Anything else is a
    :class:`NumberError` naming ``name`` and the range (``allowed``: the range as the caller
    words it, e.g. "(-5 or 5)" for a Witch's delta; "" when the caller checks the range itself
    and only the size is the reader's); nothing is converted before the length is checked, so
    no input can reach Python's own digit limit or take long."""
    typed = value.strip() if isinstance(value, str) else ""
    limits: str | Msg = (allowed if allowed is not None else
                         Msg("number.range", {"low": low, "high": high}) if high is not None
                         else Msg("number.at-least", {"low": low}))
    digits = typed[1:] if signed and typed[:1] in "+-" and typed else typed
    if not isinstance(value, str) or not (digits and digits.isascii() and digits.isdigit()):
        shown = _shown(value) if isinstance(value, str) else type(value).__name__
        if limits == "":
            raise NumberError(message_text("number.not-whole", name=name, shown=shown))
        raise NumberError(message_text("number.not-whole-in", name=name, allowed=limits, shown=shown))
    top, too_big = (NUMBER_LIMIT - 1, Msg("number.below-limit")) if high is None else (high, limits)
    if len(typed) > MAX_NUMBER_CHARS:       # leading zeros count: int() is never reached
        raise NumberError(message_text("number.too-many-digits", name=name, allowed=too_big,
                               digits=len(digits)))
    n = int(typed)
    if n < low or n > top:
        shown_limits = (limits or Msg("number.at-least", {"low": low})) if n < low else too_big
        raise NumberError(message_text("number.out-of-range", name=name, allowed=shown_limits, n=n))
    return n


def _kind(mode: int) -> Msg:
    if stat.S_ISDIR(mode):
        return Msg("file-kind.folder")
    if stat.S_ISFIFO(mode):
        return Msg("file-kind.fifo")
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return Msg("file-kind.device")
    if stat.S_ISSOCK(mode):
        return Msg("file-kind.socket")
    return Msg("file-kind.other")


class Noun(NamedTuple):
    """What a reader reads, as its errors name it: two messages of the catalog, with an
    indefinite article ("a scenario file": ``file-noun.a``) and a definite one ("the file":
    ``file-noun.the``). A caller passes one of the nouns below as ``what``."""

    a: Msg
    the: Msg


FILE = Noun(Msg("file-noun.a.file"), Msg("file-noun.the.file"))
SCENARIO_FILE = Noun(Msg("file-noun.a.scenario-file"), Msg("file-noun.the.file"))
CROWNS_FILE = Noun(Msg("file-noun.a.crowns-file"), Msg("file-noun.the.file"))
RECORD = Noun(Msg("file-noun.a.record"), Msg("file-noun.the.record"))
TOML_TEXT = Noun(Msg("file-noun.a.toml-text"), Msg("file-noun.the.toml-text"))
JSON_DOCUMENT = Noun(Msg("file-noun.a.json-document"), Msg("file-noun.the.json-document"))
JSON_GAME_RECORD = Noun(Msg("file-noun.a.json-game-record"), Msg("file-noun.the.record"))


def read_bytes(path: str | os.PathLike[str], what: Noun = FILE, max_bytes: int = MAX_TEXT_BYTES) -> bytes:
    """The bytes of a regular file of at most ``max_bytes`` bytes, or :class:`FileInputError`."""
    name = os.fspath(path)
    try:
        st = os.stat(name)
    except OSError as exc:  # missing, no permission, a symlink loop, a name too long, ...
        raise FileInputError(_said("file.cannot-read", name=name, the_what=what.the,
                                  why=exc.strerror or exc)) from None
    if not stat.S_ISREG(st.st_mode):
        raise FileInputError(_said("file.not-regular", name=name, kind=_kind(st.st_mode),
                                  a_what=what.a))
    if st.st_size > max_bytes:
        raise FileInputError(_said("file.too-large", name=name, size=st.st_size, a_what=what.a,
                                  most=max_bytes))
    try:
        # O_NONBLOCK: if the file was swapped for a FIFO since stat(), opening cannot hang
        fd = os.open(name, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))
    except OSError as exc:
        raise FileInputError(_said("file.cannot-read", name=name, the_what=what.the,
                                  why=exc.strerror or exc)) from None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise FileInputError(_said("file.not-regular", name=name, kind=_kind(st.st_mode),
                                      a_what=what.a))
        chunks, total = [], 0
        while total <= max_bytes:
            chunk = os.read(fd, min(1 << 20, max_bytes + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
    except OSError as exc:
        raise FileInputError(_said("file.cannot-read", name=name, the_what=what.the,
                                  why=exc.strerror or exc)) from None
    finally:
        os.close(fd)
    if total > max_bytes:  # it grew while being read
        raise FileInputError(_said("file.grew", name=name, a_what=what.a, most=max_bytes))
    return b"".join(chunks)


def check_text_size(data: bytes | str, name: str = "<upload>", what: Noun = FILE,
                    max_bytes: int = MAX_TEXT_BYTES) -> None:
    """Refuse ``data`` (bytes, or text counted in UTF-8 bytes) longer than ``max_bytes``."""
    size = len(data) if isinstance(data, bytes) else len(data.encode("utf-8", "surrogatepass"))
    if size > max_bytes:
        raise FileInputError(_said("file.too-large", name=name, size=size, a_what=what.a,
                                  most=max_bytes))


def decode_text(data: bytes, name: str = "<upload>", what: Noun = FILE,
                max_bytes: int = MAX_TEXT_BYTES) -> str:
    """UTF-8 text from ``data``; a leading byte-order mark is dropped."""
    check_text_size(data, name, what, max_bytes)
    if data.startswith(_BOM):
        data = data[len(_BOM):]
    elif data[:2] in (b"\xff\xfe", b"\xfe\xff"):
        raise FileInputError(_said("file.utf16", name=name, a_what=what.a))
    try:
        decoded = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise FileInputError(_said("file.not-utf8", name=name, line=line,
                                  byte=f"0x{data[exc.start]:02x}", a_what=what.a)) from None
    nul = decoded.find("\0")
    if nul >= 0:
        raise FileInputError(_said("file.nul", name=name, line=decoded.count(chr(10), 0, nul) + 1,
                                  a_what=what.a))
    return decoded


def read_text(path: str | os.PathLike[str], what: Noun = FILE, max_bytes: int = MAX_TEXT_BYTES) -> str:
    """The UTF-8 text of a regular file of at most ``max_bytes`` bytes."""
    return decode_text(read_bytes(path, what, max_bytes), os.fspath(path), what, max_bytes)


def _long_number(source: str, name: str) -> Msg:
    """The message of a number too long for Python to read, with its line when found."""
    # only where a run starts: each run is read once (not once from each of its characters)
    match = re.search(r"(?<![0-9a-fA-F_])[0-9a-fA-F_]{1000}", source)
    if match is None:
        return _said("file.long-number", name=name)
    return _said("file.long-number-line", name=name,
                        line=source.count(chr(10), 0, match.start()) + 1)


def check_depth(data: Any, name: str, limit: int = MAX_DEPTH) -> None:
    """Refuse lists and tables nested deeper than ``limit``, and text that is not Unicode."""
    stack: list[tuple[Any, int]] = [(data, 0)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, dict):
            items: Any = list(value.keys()) + list(value.values())
        elif isinstance(value, list):
            items = value
        elif isinstance(value, str):
            try:
                value.encode("utf-8")
            except UnicodeEncodeError:
                raise FileInputError(_said("file.surrogate", name=name, value=short(value))) from None
            continue
        else:
            continue
        if depth >= limit:
            raise FileInputError(_said("file.too-deep", name=name, most=limit))
        stack.extend((v, depth + 1) for v in items)


#: TOML's tokens as far as dotted keys go: a string or a bare word is one part (a dot inside
#: a string does not count), a dot joins parts, blanks are skipped, anything else ends a key.
#: Each string is matched possessively to its closing quote (a multi-line one with the one or
#: two quotes of its own it may end with); a quote that opens no closed string comes out as
#: ``other``, and the pass stops there (see :func:`check_key_parts`).
_TOML_TOKEN = re.compile(r'''
    (?P<part> """(?:[^"\\]|\\.|"(?!""))*+"""(?:"{1,2}+)? | \'\'\'(?:[^']|'(?!''))*+\'\'\'(?:'{1,2}+)?
            | "(?:[^"\\\n]|\\.)*+" | '[^'\n]*+' | [A-Za-z0-9_+-]++ )
  | (?P<dot> \. ) | (?P<blank> [ \t]++ ) | (?P<comment> \#[^\n]*+ ) | (?P<other> . )
''', re.VERBOSE | re.DOTALL)


#: Most digits in one number of a TOML text (a scenario's largest, a seed, has 19).
MAX_TOML_DIGITS = 64


def check_key_parts(text: str, name: str = "<toml>", limit: int = MAX_KEY_PARTS,
                    depth: int = MAX_DEPTH, digits: int = MAX_TOML_DIGITS) -> None:
    """Refuse, in one linear pass before ``tomllib`` reads a byte, a text with a dotted key
    (``a.b.c = 1``, ``[a.b.c]``) of more than ``limit`` parts (tomllib's time grows with the
    square of them), lists or inline tables nested more than ``depth`` levels (tomllib
    recurses once per level), or a number of more than ``digits`` digits.

    Every character is read once: a string is one token, matched possessively to its closing
    quote, and a quote that opens no closed string ends the pass, as tomllib stops there with
    its own message (the tokenizer read on instead, trying each later quote as a string's start
    to the end of the line: time quadratic in a line of ``\\"``, minutes for 100 kB)."""
    parts, start, after_dot, level = 0, 0, False, 0

    def line_of(at: int) -> int:
        return text.count("\n", 0, at) + 1

    for token in _TOML_TOKEN.finditer(text):
        kind = token.lastgroup
        if kind == "part":
            word = token.group()
            if word.lstrip("+-")[:1].isdigit() and len(word) > digits:
                raise FileInputError(_said("file.toml-digits", name=name, line=line_of(token.start()),
                                          digits=len(word), most=digits))
            if not after_dot:                   # a new key starts here
                parts, start = 0, token.start()
            parts, after_dot = parts + 1, False
            if parts > limit:
                raise FileInputError(_said("file.toml-key-parts", name=name, line=line_of(start),
                                          most=limit, key=cut(text[start:start + SHORT + 1])))
        elif kind == "dot":
            after_dot = parts > 0
        elif kind != "blank":
            parts, after_dot = 0, False
            bracket = token.group()
            if bracket in "\"'":                # a string never closed: tomllib says where
                return
            if bracket in "[{":
                level += 1
                if level > depth + 1:           # + 1: a [[table]] header opens two
                    raise FileInputError(_said("file.toml-nested", name=name,
                                              line=line_of(token.start()), most=depth))
            elif bracket in "]}":
                level = max(0, level - 1)


def parse_toml(text: str, name: str = "<toml>") -> dict[str, Any]:
    """A TOML document of at most :data:`MAX_TEXT_BYTES` bytes, checked by
    :func:`check_key_parts` (key parts, depth, digits) before it is parsed; its syntax errors
    keep tomllib's line and column. Every reader of scenario text comes through here."""
    check_text_size(text, name, TOML_TEXT)
    check_key_parts(text, name)
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise FileInputError(_said("file.not-toml", name=name, error=exc)) from None
    except RecursionError:
        raise FileInputError(_said("file.toml-recursion", name=name, most=MAX_DEPTH)) from None
    except ValueError:  # int("9" * 5000): Python's integer string conversion limit
        raise FileInputError(_long_number(text, name)) from None
    check_depth(data, name)
    return data


class _NotANumber(ValueError):
    """A JSON constant (NaN, Infinity) where a number was read: ``token`` says which."""

    def __init__(self, token: str) -> None:
        super().__init__(token)
        self.token = token


def _no_constant(token: str) -> Any:
    raise _NotANumber(token)


def parse_json(text: str, name: str = "<json>", what: Noun = JSON_DOCUMENT) -> Any:
    """A JSON document (no NaN or Infinity); errors say the text is not a ``what``."""
    try:
        data = json.loads(text, parse_constant=_no_constant)
    except json.JSONDecodeError as exc:
        raise FileInputError(_said("file.not-json", name=name, a_what=what.a, error=exc)) from None
    except RecursionError:
        raise FileInputError(_said("file.json-recursion", name=name, most=MAX_DEPTH)) from None
    except _NotANumber as exc:
        raise FileInputError(_said("file.json-constant", name=name, a_what=what.a,
                                  token=exc.token)) from None
    except ValueError:
        raise FileInputError(_long_number(text, name)) from None
    check_depth(data, name)
    return data
