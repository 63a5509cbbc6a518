"""Share codes: a scenario's TOML text as a short, URL-safe code, and back.

A code reads ``AF1.<payload>.<check>``:

* ``payload`` is the UTF-8 TOML text, deflated (zlib, level 9) and written in URL-safe
  Base64 without padding (alphabet ``A-Z a-z 0-9 - _``);
* ``check`` is an 8-character checksum of the payload (BLAKE2b, 48 bits, same alphabet),
  so a code with a changed, lost or extra character is refused before anything is
  decompressed, rather than decoded into another round.

Decoding is data only (no eval, pickle or imports) and capped in both directions: a code
of more than :data:`MAX_CODE_CHARS` characters is refused unread, and inflation stops as
soon as the text would pass :data:`MAX_TOML_BYTES` bytes (a "zip bomb" costs at most that
much). Every failure is a :class:`ShareCodeError` whose message says what is wrong.

:func:`load` decodes and validates in one step: the text goes through
:func:`aristofarsa.scenario.loads`, the same strict validator as a file, so a code of a
bad round shows the same messages as that round's file would.
"""
from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import re
import zlib
from typing import TYPE_CHECKING

from ..core.messages import text

if TYPE_CHECKING:
    from . import Scenario

__all__ = ["MAX_CODE_CHARS", "MAX_TOML_BYTES", "PREFIX", "ShareCodeError", "decode", "encode", "load"]

MAX_CODE_CHARS = 8_000
MAX_TOML_BYTES = 64_000
PREFIX = "AF1"
_CHECK_CHARS = 8
_B64 = re.compile(r"[A-Za-z0-9_-]*")


class ShareCodeError(ValueError):
    """A damaged, truncated, foreign or oversized share code; the message says which."""


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode("ascii").rstrip("=")


def _check(packed: bytes) -> str:
    return _b64(hashlib.blake2b(packed, digest_size=6).digest())[:_CHECK_CHARS]


def encode(toml_text: str) -> str:
    """The share code of a scenario's TOML text (the text is kept exactly)."""
    raw = toml_text.encode("utf-8")
    if len(raw) > MAX_TOML_BYTES:
        raise ShareCodeError(text("share-error.too-large-toml", size=len(raw),
                                  most=MAX_TOML_BYTES))
    packed = zlib.compress(raw, 9)
    code = f"{PREFIX}.{_b64(packed)}.{_check(packed)}"
    if len(code) > MAX_CODE_CHARS:
        raise ShareCodeError(text("share-error.too-large-code", size=len(code),
                                  most=MAX_CODE_CHARS))
    return code


def decode(code: str) -> str:
    """The scenario TOML text a code holds, or :class:`ShareCodeError` saying what is wrong."""
    if not isinstance(code, str):
        raise ShareCodeError(text("share-error.not-text"))
    code = code.strip()
    if not code:
        raise ShareCodeError(text("share-error.empty"))
    if len(code) > MAX_CODE_CHARS:
        raise ShareCodeError(text("share-error.too-long", size=len(code), most=MAX_CODE_CHARS))
    parts = code.split(".")
    if parts[0] != PREFIX:
        raise ShareCodeError(text("share-error.foreign", prefix=PREFIX))
    if len(parts) != 3 or not parts[1]:
        raise ShareCodeError(text("share-error.cut-or-damaged"))
    payload, check = parts[1], parts[2]
    if not _B64.fullmatch(payload) or not _B64.fullmatch(check):
        raise ShareCodeError(text("share-error.characters", allowed="A-Z a-z 0-9 - _ ."))
    if len(payload) % 4 == 1:
        raise ShareCodeError(text("share-error.cut-or-damaged"))
    try:
        packed = base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4))
    except (binascii.Error, ValueError):
        raise ShareCodeError(text("share-error.damaged")) from None
    if len(check) != _CHECK_CHARS or not hmac.compare_digest(check, _check(packed)):
        raise ShareCodeError(text("share-error.checksum"))
    inflater = zlib.decompressobj()
    try:
        raw = inflater.decompress(packed, MAX_TOML_BYTES + 1)
    except zlib.error:
        raise ShareCodeError(text("share-error.unpack")) from None
    if len(raw) > MAX_TOML_BYTES or inflater.unconsumed_tail:
        raise ShareCodeError(text("share-error.bomb", most=MAX_TOML_BYTES))
    if not inflater.eof:
        raise ShareCodeError(text("share-error.cut"))
    if inflater.unused_data:
        raise ShareCodeError(text("share-error.trailing"))
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        raise ShareCodeError(text("share-error.not-utf8")) from None


def load(code: str, where: str = "<share code>") -> Scenario:
    """Decode a code and validate the round (``ScenarioError`` with the validator's message)."""
    from .. import scenario

    return scenario.loads(decode(code), path=where)
