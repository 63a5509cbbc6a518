"""Share codes: exact round trips over the lesson library; every bad code refused clearly."""
from __future__ import annotations

import base64
import hashlib
import re
import subprocess
import sys
import zlib

import pytest

from aristofarsa import SCENARIOS_DIR, scenario
from aristofarsa.scenario import share
from aristofarsa.scenario.share import MAX_CODE_CHARS, MAX_TOML_BYTES, ShareCodeError

LESSONS = sorted(SCENARIOS_DIR.glob("*.toml"))
EXAMPLE = SCENARIOS_DIR / "example-merchant-crowns-aristocrat.toml"
ALPHABET = re.compile(r"[A-Za-z0-9_.-]+")


def _forge(raw: bytes) -> str:
    """A well-formed code (right prefix and checksum) around any deflated bytes."""
    packed = zlib.compress(raw, 9)
    b64 = lambda b: base64.urlsafe_b64encode(b).decode().rstrip("=")  # noqa: E731
    return f"AF1.{b64(packed)}.{b64(hashlib.blake2b(packed, digest_size=6).digest())[:8]}"


def cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "aristofarsa.cli", *args], capture_output=True,
                          text=True, timeout=60)


def test_every_lesson_round_trips_exactly_and_resolves_the_same():
    assert len(LESSONS) >= 100
    for path in LESSONS:
        text = path.read_text(encoding="utf-8")
        code = share.encode(text)
        assert ALPHABET.fullmatch(code), path.name
        assert len(code) <= MAX_CODE_CHARS
        assert share.decode(code) == text, path.name
        original = scenario.run(scenario.load(path))
        shared = scenario.run(share.load(code))
        assert shared.to_json() == original.to_json(), path.name


def test_codes_are_compact_and_deterministic():
    text = EXAMPLE.read_text(encoding="utf-8")
    assert share.encode(text) == share.encode(text)
    assert len(share.encode(text)) < len(text)


def _flip(code: str, i: int) -> str:
    c = code[i]
    return code[:i] + ("B" if c != "B" else "C") + code[i + 1:]


def test_any_changed_character_is_refused_by_the_checksum():
    code = share.encode(EXAMPLE.read_text(encoding="utf-8"))
    for i in range(4, len(code), 7):                 # payload and checksum characters
        if code[i] == ".":
            continue
        with pytest.raises(ShareCodeError, match="damaged|cut short"):
            share.decode(_flip(code, i))


@pytest.mark.parametrize("cut", [5, 50, -1, -9, -12])
def test_truncated_codes_are_refused(cut):
    code = share.encode(EXAMPLE.read_text(encoding="utf-8"))
    with pytest.raises(ShareCodeError, match="cut short|damaged"):
        share.decode(code[:cut])


@pytest.mark.parametrize("code, words", [
    ("", "empty"),
    ("hello world", "not an aristofarsa share code"),
    ("eNqNVcFu4zYQvfMrBr5UNhwDtuti4a0P6", "not an aristofarsa share code"),
    ("AF1.abc$def.AAAAAAAA", "characters a code never has"),
    ("AF1..AAAAAAAA", "cut short"),
    ("AF1.QUJD", "cut short"),
    ("https://example.org/?scenario=AF1.x.y", "not an aristofarsa share code"),
])
def test_foreign_strings_are_refused(code, words):
    with pytest.raises(ShareCodeError, match=words):
        share.decode(code)


def test_oversized_code_is_refused_unread():
    with pytest.raises(ShareCodeError, match="too long"):
        share.decode("AF1." + "A" * MAX_CODE_CHARS + ".AAAAAAAA")


def test_zip_bomb_is_refused_without_inflating_it():
    bomb = _forge(b"#" * (50 * MAX_TOML_BYTES))     # 3.2 MB of text in a code of a few KB
    assert len(bomb) <= MAX_CODE_CHARS
    with pytest.raises(ShareCodeError, match="more than 64000 bytes"):
        share.decode(bomb)


def test_just_under_the_cap_still_decodes():
    text = "# " + "x" * (MAX_TOML_BYTES - 3) + "\n"
    assert len(text.encode()) == MAX_TOML_BYTES
    assert share.decode(_forge(text.encode())) == text


def test_not_utf8_and_trailing_data_are_refused():
    with pytest.raises(ShareCodeError, match="UTF-8"):
        share.decode(_forge(b"\xff\xfe garden"))


def test_encode_refuses_oversized_text():
    with pytest.raises(ShareCodeError, match="too large"):
        share.encode("x" * (MAX_TOML_BYTES + 1))


def test_a_valid_code_of_an_invalid_round_shows_the_validator_message():
    code = share.encode('[[player]]\nname = "Ana"\ngarden = "Dragon"\n')
    with pytest.raises(scenario.ScenarioError) as exc:
        share.load(code)
    assert "3 to 6 players" in str(exc.value)


# ------------------------------------------------------------------ command line
def test_cli_share_and_decode_round_trip():
    proc = cli("share", str(EXAMPLE))
    assert proc.returncode == 0, proc.stderr
    code = proc.stdout.strip()
    assert ALPHABET.fullmatch(code) and "\n" not in code
    back = cli("share", "--decode", code)
    assert back.returncode == 0 and back.stdout == EXAMPLE.read_text(encoding="utf-8")


def test_cli_share_url():
    proc = cli("share", str(EXAMPLE), "--url", "http://127.0.0.1:8866/")
    assert proc.returncode == 0
    assert proc.stdout.startswith("http://127.0.0.1:8866/voila/render/lab.ipynb?scenario=AF1.")


@pytest.mark.parametrize("code", ["AF1.QUJD", "garbage!", "AF1." + "A" * 9000 + ".x"])
def test_cli_bad_codes_exit_2_with_a_message(code):
    proc = cli("share", "--decode", code)
    assert proc.returncode == 2
    assert proc.stderr.startswith("aristofarsa share: ") and "Traceback" not in proc.stderr


def test_cli_invalid_round_exits_2_with_the_validator_message(tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text('[[player]]\nname = "Ana"\ngarden = "Dragon"\n', encoding="utf-8")
    proc = cli("share", str(bad))
    assert proc.returncode == 2 and "3 to 6 players" in proc.stderr and "Traceback" not in proc.stderr
    proc = cli("share", "--decode", share.encode(bad.read_text()))
    assert proc.returncode == 2 and "3 to 6 players" in proc.stderr


def test_cli_needs_a_file_or_a_code():
    assert cli("share").returncode == 2
    assert cli("share", str(EXAMPLE), "--decode", "x").returncode == 2
