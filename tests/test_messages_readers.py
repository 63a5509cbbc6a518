"""The readers' errors are catalog sentences (issue 24, item 4): each error a user can cause
with a share code, a round in one line, a game record, a file, a crowns table, simulate's
arguments, a bot name or a game's set-up is rendered through a pseudo-translation of the
catalog (``messages.pseudo()``: each template inside ``⟦…⟧``, its letters accented), and no
plain English word may be left outside the markers. What the user typed comes back in the
message as data (a field), so the words of the input itself are allowed, as names are.

The English of every message is unchanged: the readers' own tests (test_share, test_line,
test_game, test_hostile*, test_invalid_input …) quote it.
"""
from __future__ import annotations

import base64
import copy
import hashlib
import re
import zlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from test_messages import plain_words

from aristofarsa.core import cards, files
from aristofarsa.core.messages import CLOSE, OPEN, pseudo, using
from aristofarsa.games import bots, records
from aristofarsa.games.game import Game, GameError, play_game
from aristofarsa.games.simulate import simulate
from aristofarsa.scenario import line, share
from aristofarsa.widgets import line as line_box

WORD = re.compile(r"[A-Za-z][A-Za-z0-9_'-]*")
ROUND = "Ana: Knight, Witch on Caio -5, hand Jester; Bruno: Rogue, Servant; Caio: Squire, Merchant on Ana"


def _code(packed: bytes) -> str:
    """A code with the right prefix and checksum around any packed bytes."""
    b64 = lambda b: base64.urlsafe_b64encode(b).decode().rstrip("=")  # noqa: E731
    return f"AF1.{b64(packed)}.{b64(hashlib.blake2b(packed, digest_size=6).digest())[:8]}"


def raised(make: Callable[[], Any], kind: type[BaseException] = ValueError) -> str:
    """The message of the error ``make`` raises, rendered in the pseudo-translation."""
    with using(pseudo()), pytest.raises(kind) as info:
        make()
    return str(info.value)


def assert_catalog_only(message: str, echoed: str = "") -> None:
    """``message`` is one catalog sentence (inside ``⟦…⟧``) with no plain English word but
    the ones the user gave (``echoed``)."""
    names = set(WORD.findall(echoed))
    assert message.startswith(OPEN) and message.endswith(CLOSE), message
    assert plain_words(message, names) == [], message
    assert re.search(r"[áéíóú]", message), message       # the template's own words are there


# ------------------------------------------------------------------ share codes
def _changed_check(code: str) -> str:
    return code[:-1] + ("R" if code.endswith("Q") else "Q")


SHARE_CASES: dict[str, tuple[Callable[[], Any], str]] = {
    "not-text": (lambda: share.decode(5), ""),                                   # type: ignore[arg-type]
    "empty": (lambda: share.decode("  "), ""),
    "too-long": (lambda: share.decode("AF1." + "A" * share.MAX_CODE_CHARS), ""),
    "foreign": (lambda: share.decode("XY9.abc.def"), "AF1"),
    "cut-or-damaged": (lambda: share.decode("AF1.abc"), ""),
    "characters": (lambda: share.decode("AF1.ab$c.defghijk"), "A-Z a-z"),
    "length": (lambda: share.decode("AF1.abcde.defghijk"), ""),
    "checksum": (lambda: share.decode(_changed_check(_code(zlib.compress(b"x = 1")))), ""),
    "unpack": (lambda: share.decode(_code(b"not deflated at all")), ""),
    "bomb": (lambda: share.decode(_code(zlib.compress(b" " * (share.MAX_TOML_BYTES + 10), 9))), ""),
    "cut": (lambda: share.decode(_code(zlib.compress(b"seed = 1" * 50)[:-6])), ""),
    "trailing": (lambda: share.decode(_code(zlib.compress(b"seed = 1") + b"extra")), ""),
    "not-utf8": (lambda: share.decode(_code(zlib.compress(b"\xff\xfe\xfa"))), ""),
    "too-large": (lambda: share.encode("x" * (share.MAX_TOML_BYTES + 1)), ""),
}


@pytest.mark.parametrize("case", SHARE_CASES)
def test_share_code_errors_are_catalog_sentences(case: str) -> None:
    make, echoed = SHARE_CASES[case]
    message = raised(make, share.ShareCodeError)
    assert_catalog_only(message, echoed)


# ------------------------------------------------------------------ a round in one line
LINE_CASES = {
    "not-text": None,
    "quote-open": 'title "never closed; ' + ROUND,
    "escape": 'title "a \\q b"; ' + ROUND,
    "too-long": "x" * (line.MAX_LINE_CHARS + 1),
    "lines": ROUND.replace("; Bruno", ";\nBruno"),
    "no-player": "seed 7",
    "final-round-alone": "final round now; " + ROUND,
    "next-draw-alone": "next draw please; " + ROUND,
    "expansion-alone": "expansion now; " + ROUND,
    "takes-title": "title; " + ROUND,
    "takes-about": "about; " + ROUND,
    "takes-first": "first Ana Bruno; " + ROUND,
    "takes-seed": "seed; " + ROUND,
    "needs-names": "variants; " + ROUND,
    "crowns-pairs": "crowns Merchant; " + ROUND,
    "not-a-clause": "zzz; " + ROUND,
    "player-name": ": Knight, Witch; " + ROUND,
    "missing-garden": "Dora: , Witch; " + ROUND,
    "one-action": "Dora: Knight; " + ROUND,
    "pass-alone": "Dora: Knight, pass now; " + ROUND,
    "empty-part": "Dora: Knight, Witch, , hand Jester; " + ROUND,
    "not-a-zone": "Dora: Knight, Witch, pocket Jester; " + ROUND,
    "not-a-zone-hand": "Dora: Knight, Witch, Jester; " + ROUND,
    "twice": "Dora: Knight, Witch, hand Jester, hand Rogue; " + ROUND,
    "zone-needs-cards": "Dora: Knight, Witch, hand; " + ROUND,
    "take-needs": "Dora: Knight, convoke Servant take; " + ROUND,
    "after-take": "Dora: Knight, convoke Servant take Bishop Rogue; " + ROUND,
    "replay-where": "Dora: Knight replay, Witch; " + ROUND,
    "card-not-choice": "Dora: Knight, Witch on Ana Jester; " + ROUND,
    "not-a-choice": "Dora: Knight zap, Witch; " + ROUND,
    "not-a-choice-conspire": "Dora: Knight, Witch zap; " + ROUND,
    "needs-value": "Dora: Knight, Witch on; " + ROUND,
    "replay-empty": "Dora: Knight, Bishop on Ana replay; " + ROUND,
    "delta-twice": "Dora: Knight, Witch +5 -5; " + ROUND,
    "not-a-card": "Dora: Zzzz, Witch; " + ROUND,
    "expansion-card": "Dora: Bard, Witch; " + ROUND,
    "bad-number": "seed 7x; " + ROUND,
}


@pytest.mark.parametrize("case", LINE_CASES)
def test_one_line_errors_are_catalog_sentences(case: str) -> None:
    text = LINE_CASES[case]
    message = raised(lambda: line.parse(text), line.LineError)  # type: ignore[arg-type]
    assert_catalog_only(message, text or "")


def test_a_line_the_validator_refuses_is_located_in_catalog_words() -> None:
    """The validator's message about the round of a line comes back inside the line's own
    sentence (in English placed at the player's clause: tests/test_line.py)."""
    text = ("Ana: Knight, Merchant on Caio, hand Merchant; Bruno: Rogue, Servant; "
            "Caio: Squire, Witch on Ana -5")
    message = raised(lambda: line.load(text, "pasted"), line.LineError)
    assert_catalog_only(message, text + " pasted")


def test_the_one_line_box_says_everything_from_the_catalog() -> None:
    """The box's label, button, help and the share box's line (widgets/line.py)."""
    from test_messages import html_words
    with using(pseudo()):
        box = line_box.LineBox(lambda text, origin: True, lambda message: None)
        help_html = box.children[0].value
        labels = [box.text.description, box.text.placeholder, box.go.description]
        shared = line_box.share_line(line.to_toml(ROUND))
        withheld = line_box.WITHHELD
    for label in labels:
        assert_catalog_only(label, ROUND)
    for fragment in (help_html, shared, withheld):
        assert html_words(fragment, set(WORD.findall(ROUND))) == [], fragment
    assert "⟦" in shared and ROUND.split(";")[0] in shared


# ------------------------------------------------------------------ game records
@pytest.fixture(scope="module")
def record() -> dict[str, Any]:
    return records.to_record(play_game(3, seed=5, bots="random", record=True))


def _changed(record: dict[str, Any], change: Callable[[dict[str, Any]], Any]) -> dict[str, Any]:
    out = copy.deepcopy(record)
    change(out)
    return out


RECORD_CASES: dict[str, Callable[[dict[str, Any]], Any]] = {
    "not-object": lambda r: None,          # the record is replaced by a list below
    "format": lambda r: r.update(format="other-format"),
    "no-version": lambda r: r.pop("version"),
    "version": lambda r: r.update(version=99),
    "missing": lambda r: r.pop("bots"),
    "seed": lambda r: r.update(seed=-1),
    "players": lambda r: r.update(players=9),
    "names": lambda r: r.update(names=["Ana"]),
    "names-case": lambda r: r.update(names=["Ana", "ana", "Caio"]),
    "name": lambda r: r.update(names=["Ana ", "Bruno", "Caio"]),
    "name-markup": lambda r: r.update(names=["A<b>", "Bruno", "Caio"]),
    "bots": lambda r: r.update(bots=["random", "zzz", "random"]),
    "expansion": lambda r: r.update(expansion="yes"),
    "variants": lambda r: r.update(variants=["zzz"]),
    "crowns": lambda r: r.update(crowns={"Witch": -1}),
    "decisions": lambda r: r.update(decisions="none"),
    "decision": lambda r: r.update(decisions=[{"kind": "garden"}]),
    "no-result": lambda r: r.pop("result"),
    "result": lambda r: r.update(result={"rounds": "x"}),
}


@pytest.mark.parametrize("case", RECORD_CASES)
def test_record_field_errors_are_catalog_sentences(case: str, record: dict[str, Any]) -> None:
    bad = _changed(record, RECORD_CASES[case])
    if case == "not-object":
        bad = ["not", "a", "record"]  # type: ignore[assignment]
    message = raised(lambda: records.from_json(bad), records.RecordError)
    assert_catalog_only(message, repr(bad)[:2000] + " other-format zzz")


REPLAY_CASES: dict[str, Callable[[dict[str, Any]], Any]] = {
    "too-few": lambda r: r.update(decisions=r["decisions"][:3]),
    "other-request": lambda r: r["decisions"][0].update(kind="conspire"),
    "illegal": lambda r: r["decisions"][0].update(value="Zzzz"),
    "too-many": lambda r: r["decisions"].append(dict(r["decisions"][-1])),
    "result-differs": lambda r: r["result"].update(rounds=r["result"]["rounds"] + 1),
    "bot-differs": lambda r: r.update(bots=["greedy", *r["bots"][1:]]),
}


@pytest.mark.parametrize("case", REPLAY_CASES)
def test_replay_divergences_are_catalog_sentences(case: str, record: dict[str, Any]) -> None:
    bad = _changed(record, REPLAY_CASES[case])
    message = raised(lambda: records.replay(bad), records.RecordError)
    assert_catalog_only(message, repr(bad))


def test_record_file_errors_name_the_file_in_catalog_words(tmp_path: Path, record: dict[str, Any]) -> None:
    path = tmp_path / "game.json"
    path.write_text('{"format": "aristofarsa-game-record", "version": 1}', encoding="utf-8")
    assert_catalog_only(raised(lambda: records.load(path), records.RecordError), str(path))
    path.write_bytes(b"\xff\xfe{}")
    assert_catalog_only(raised(lambda: records.load(path), records.RecordError), str(path))
    path.write_text('{"seed": NaN}', encoding="utf-8")
    assert_catalog_only(raised(lambda: records.load(path), records.RecordError), str(path) + " NaN")


# ------------------------------------------------------------------ files
def _file(tmp_path: Path, data: bytes) -> Path:
    path = tmp_path / "round.toml"
    path.write_bytes(data)
    return path


FILE_CASES: dict[str, Callable[[Path], Any]] = {
    "missing": lambda t: files.read_text(t / "missing.toml", files.SCENARIO_FILE),
    "folder": lambda t: files.read_text(t, files.SCENARIO_FILE),
    "too-large": lambda t: files.read_text(_file(t, b"x" * 100), files.CROWNS_FILE, max_bytes=10),
    "utf16": lambda t: files.read_text(_file(t, "seed = 1".encode("utf-16"))),
    "not-utf8": lambda t: files.read_text(_file(t, b"seed = 1\n\xff"), files.RECORD),
    "nul": lambda t: files.read_text(_file(t, b"seed = 1\n\0")),
    "upload-too-large": lambda t: files.decode_text(b"x" * 100, "up.toml", files.SCENARIO_FILE, 10),
    "not-json": lambda t: files.parse_json("{", "up.json"),
    "key-parts": lambda t: files.parse_toml("a.b.c.d.e.f.g.h.i.j = 1"),
    "toml-digits": lambda t: files.parse_toml("seed = " + "9" * 100),
    "toml-nested": lambda t: files.parse_toml("a = " + "[" * 40 + "]" * 40),
    "json-nested": lambda t: files.parse_json("[" * 40 + "]" * 40),
    "json-constant": lambda t: files.parse_json('{"a": Infinity}'),
    "surrogate": lambda t: files.check_depth({"a": "\ud800"}, "up.json"),
    "number-not-whole": lambda t: files.whole_number("x7", "seed"),
    "number-range": lambda t: files.whole_number("9", "players", 3, 6),
    "number-digits": lambda t: files.whole_number("9" * 30, "seed"),
    "number-bare": lambda t: files.whole_number("x", "--step", allowed=""),
}


@pytest.mark.parametrize("case", FILE_CASES)
def test_file_reader_errors_are_catalog_sentences(case: str, tmp_path: Path) -> None:
    message = raised(lambda: FILE_CASES[case](tmp_path), ValueError)
    assert_catalog_only(message, f"{tmp_path} round.toml missing.toml up.toml up.json Infinity "
                                 "x7 x --step seed players lesson a.b.c.d.e.f.g.h.i.j")


def test_a_toml_syntax_error_keeps_the_parser_words_as_a_field() -> None:
    """tomllib's own message (its line and column) is a field of the catalog's sentence."""
    import tomllib
    with pytest.raises(tomllib.TOMLDecodeError) as parser:
        tomllib.loads("seed = = 1")
    message = raised(lambda: files.parse_toml("seed = = 1", "round.toml"), files.FileInputError)
    assert str(parser.value) in message
    assert_catalog_only(message.replace(str(parser.value), ""), "round.toml")


def test_a_long_number_is_shown_in_catalog_words() -> None:
    with using(pseudo()):
        shown = files.short(10 ** 2000)
    assert_catalog_only(shown)


# ------------------------------------------------------------------ crowns tables
CROWNS_CASES: dict[str, tuple[str, bytes | dict[str, Any]]] = {
    "unknown-card": ("merge", {"Zzz": 3}),
    "not-whole": ("merge", {"Witch": -1}),
    "not-table": ("file", b"crowns = 5\n"),
    "in-file": ("file", b"[crowns]\nWitch = 'many'\n"),
    "bad-bytes": ("file", b"[crowns]\nWitch = 1\n\xff"),
}


@pytest.mark.parametrize("case", CROWNS_CASES)
def test_crowns_table_errors_are_catalog_sentences(case: str, tmp_path: Path) -> None:
    how, given = CROWNS_CASES[case]
    path = tmp_path / "crowns.toml"
    if how == "merge":
        make: Callable[[], Any] = lambda: cards.merge_crowns(given)  # noqa: E731
    else:
        path.write_bytes(given)  # type: ignore[arg-type]
        make = lambda: cards.load_crowns_file(path)  # noqa: E731
    assert_catalog_only(raised(make, cards.CrownsError), f"{path} Zzz many")


# ------------------------------------------------------------------ simulate, bots, games
SIMULATE_CASES: dict[str, dict[str, Any]] = {
    "games-negative": {"games": -1},
    "games-not-integer": {"games": "ten"},
    "games-too-many": {"games": 10 ** 12},
    "players": {"players": 9},
    "seed": {"seed": -1},
    "workers": {"workers": 0},
    "chunk-size": {"chunk_size": 0},
    "variants": {"variants": [""]},
    "scheduler-object": {"scheduler": 5},
    "bots-unknown": {"bots": "zzz"},
    "bots-count": {"bots": "random,greedy"},
}


@pytest.mark.parametrize("case", SIMULATE_CASES)
def test_simulate_argument_errors_are_catalog_sentences(case: str) -> None:
    kwargs = {"games": 1, "players": 4, **SIMULATE_CASES[case]}
    message = raised(lambda: simulate(**kwargs), ValueError)
    assert_catalog_only(message, "games players seed workers chunk_size ten zzz random greedy")


def test_a_scheduler_address_error_is_a_catalog_sentence() -> None:
    pytest.importorskip("distributed")
    message = raised(lambda: simulate(1, 4, scheduler="udp://nowhere"), ValueError)
    assert_catalog_only(message, "udp://nowhere")


BOT_CASES: dict[str, Any] = {"unknown": "zzz", "none": "", "how-many": ["random", "greedy"],
                             "not-names": 5}


@pytest.mark.parametrize("case", BOT_CASES)
def test_bot_name_errors_are_catalog_sentences(case: str) -> None:
    message = raised(lambda: bots.normalize_bots(BOT_CASES[case], 4), ValueError)
    assert_catalog_only(message, "zzz")


GAME_CASES: dict[str, dict[str, Any]] = {
    "players-whole": {"players": "four"},
    "players": {"players": 9},
    "seed": {"seed": -1},
    "names": {"names": ["Ana", "Ana", "Caio", "Dora"]},
    "bots": {"bots": "zzz"},
    "crowns": {"crowns": {"Zzz": 1}},
}


@pytest.mark.parametrize("case", GAME_CASES)
def test_game_set_up_errors_are_catalog_sentences(case: str) -> None:
    kwargs = {"players": 4, "seed": 0, **GAME_CASES[case]}
    message = raised(lambda: Game(**kwargs), GameError)
    assert_catalog_only(message, "four Ana Caio Dora zzz Zzz")


def test_the_text_progress_line_is_a_catalog_sentence(capsys: pytest.CaptureFixture[str]) -> None:
    from aristofarsa.games.simulate import _TextBar
    with using(pseudo()):
        _TextBar(4).update(2)
    shown = capsys.readouterr().err.split("\r")[-1]
    assert_catalog_only(shown)
