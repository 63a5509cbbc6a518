"""Stand-in for infra's ``aristofarsa/share.py`` until it lands (same interface)."""
from __future__ import annotations

import base64
import binascii
import zlib

MAX_CODE_CHARS, MAX_TOML_BYTES = 8_000, 64_000


class ShareCodeError(ValueError):
    """A damaged, foreign or oversized share code; the message says which."""


def encode(toml_text: str) -> str:
    packed = zlib.compress(toml_text.encode("utf-8"), level=9)
    return base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=")


def decode(code: str) -> str:
    if len(code) > MAX_CODE_CHARS:
        raise ShareCodeError(f"share code too long ({len(code)} characters)")
    try:
        packed = base64.b64decode(code + "=" * (-len(code) % 4), altchars=b"-_", validate=True)
        inflater = zlib.decompressobj()
        raw = inflater.decompress(packed, MAX_TOML_BYTES)
        if inflater.unconsumed_tail:
            raise ShareCodeError(f"share code holds more than {MAX_TOML_BYTES} bytes")
        if not inflater.eof:
            raise ShareCodeError("share code is cut short (copy the whole link)")
        return raw.decode("utf-8")
    except (binascii.Error, zlib.error, UnicodeDecodeError):
        raise ShareCodeError("damaged share code: not one this app made") from None
