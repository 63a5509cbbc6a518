"""The one-line notation: a whole round as one short line of text, and back.

A scenario file says a round in TOML; a line says the same round the way a player reads it
out at the table or types it into a chat — one clause per player in seat order, each clause
the card in the Garden, the Phase-2 action with its choices, then the hand::

    Ana: Knight, Witch on Caio -5, hand Jester; Bruno: Rogue, convoke Servant Merchant take
    Bishop; Caio: Aristocrat, Merchant on Caio, hand Damsel

(one line, folded here).
Settings (``first Caio``, ``expansion``, ``variants witch-own``, ``title "…"``, …) are
clauses of their own. The grammar is in docs/scenario-format.md ("The one-line notation").
A line holds every key of a scenario file but `[expect]` (a line is a round, not a test), so
``to_toml(dumps(sc))`` resolves exactly as the file ``sc`` came from.

:func:`dumps` writes the line of a validated :class:`~aristofarsa.scenario.Scenario`;
:func:`to_toml` turns a line into scenario TOML; :func:`load` also validates it. Every
mistake is a :class:`LineError` that names the clause and the character where it is, in
the words of the scenario validator. Pure Python, no dependencies.
"""
from __future__ import annotations

import ast
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NoReturn

from ..core import files
from ..core.cards import CARDS, EXILED_ORDER, PARLOR_NOBLES, PROVISIONAL_CROWNS, canonical
from ..core.messages import Join, Msg
from ..core.messages import text as message_text
from .model import ScenarioError, inside_file, message_of, said_of

if TYPE_CHECKING:
    from .model import PlayerSpec, Scenario

__all__ = ["LineError", "dumps", "from_toml", "load", "locate", "parse", "to_toml"]

#: Longest line read (characters): a six-player round with a long description fits easily.
MAX_LINE_CHARS = 40_000

#: Zone words and the scenario key each stands for, in the order a line writes them.
ZONE_WORDS = {"hand": "hand", "deck": "deck", "pile": "discard_pile", "scored": "scored",
              "parlor": "parlor", "exiled": "exiled"}
_ZONE_ALIASES = {"discard_pile": "discard_pile", "discards": "discard_pile"}
#: Choice words and the choice key each stands for (``on`` is the short form of `target`).
CHOICE_WORDS = {"on": "target", "target": "target", "delta": "delta", "give": "give",
                "exchange": "exchange", "reveal": "reveal", "discard": "discard", "peek": "peek",
                "also": "also_score", "also_score": "also_score", "keep": "keep"}
_CARD_CHOICES = ("give", "reveal", "discard", "also_score")
_DELTA = re.compile(r"[+-][0-9]+")
_TOKEN = re.compile(r'"(?:[^"\\]|\\.)*"|[^\s"]+')
_BARE = re.compile(r'[^\s,;:"\\]+')
_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", '"': '"', "\\": "\\"}


class LineError(ValueError):
    """A line that is not a round: the message names the clause and the character at fault.

    ``clause`` is the clause's number (1 = the first), ``position`` the character's (1 = the
    line's first); either is None when the mistake is not in one place."""

    def __init__(self, message: str, clause: int | None = None, position: int | None = None):
        super().__init__(message)
        self.clause = clause
        self.position = position


# ----------------------------------------------------------------------------- writing
def dumps(sc: Scenario, prose: bool = True) -> str:
    """The line of a validated scenario (every key but `[expect]`; defaults left out).
    ``prose=False`` leaves out the `title` and `about` clauses (the line to share: the round
    itself, without the lesson's text); the default round-trips the whole file."""
    return format_data(scenario_data(sc), prose)


def from_toml(text: str, path: str = "<scenario>", prose: bool = True) -> str:
    """The line of a scenario TOML text (validated first: ``ScenarioError`` if it is not a
    round); ``prose`` as in :func:`dumps`."""
    from .. import scenario
    return dumps(scenario.loads(text, path), prose)


def scenario_data(sc: Scenario) -> dict[str, Any]:
    """The scenario as file data (the shape of its TOML) with every default left out."""
    data: dict[str, Any] = {}
    if sc.title:
        data["title"] = sc.title
    if sc.description:
        data["description"] = sc.description
    if sc.expansion:
        data["expansion"] = True
    if sc.players and sc.first != sc.players[0].name:
        data["first"] = sc.first
    if sc.variants:
        data["variants"] = sorted(str(v) for v in sc.variants)
    if sc.rulings:
        data["rulings"] = list(sc.rulings)
    if sc.seed:
        data["seed"] = sc.seed
    crowns = {c: n for c, n in (sc.crowns or {}).items() if PROVISIONAL_CROWNS.get(c) != n}
    if crowns:
        data["crowns"] = crowns
    if sc.final_round:
        data["final_round"] = True
    if sc.next_draw:
        data["next_draw"] = True
    data["player"] = [_player_data(p, sc.expansion) for p in sc.players]
    return data


def _with_choices(card: str, choices: dict[str, Any]) -> str | dict[str, Any]:
    if not choices:
        return card
    out: dict[str, Any] = {"card": card}
    for key, value in choices.items():
        out[key] = {k: _choice_value(k, v) for k, v in value.items()} if key == "replay" \
            else _choice_value(key, value)
    return out


def _choice_value(key: str, value: Any) -> Any:
    if key in _CARD_CHOICES or (key == "exchange" and isinstance(value, str)):
        return canonical(value) or value
    if key == "keep" and isinstance(value, list):
        return [canonical(v) or v for v in value]
    return value


def _player_data(p: PlayerSpec, expansion: bool) -> dict[str, Any]:
    out: dict[str, Any] = {"name": p.name, "garden": _with_choices(p.garden, p.garden_choices)}
    if p.passes:
        out["passes"] = True
    elif p.convoke is not None:
        convoke: dict[str, Any] = {"discard": list(p.convoke["discard"])}
        if p.convoke.get("take") is not None:
            convoke["take"] = p.convoke["take"]
        out["convoke"] = convoke
    elif p.conspire is not None:
        out["conspire"] = _with_choices(p.conspire, p.conspire_choices)
    zones = p.zones
    for key in ("hand", "deck", "discard_pile", "scored"):
        if zones.get(key):
            out[key] = list(zones[key])
    elsewhere = _elsewhere(p)
    default_parlor = [n for n in PARLOR_NOBLES if n not in elsewhere]
    if zones.get("parlor") is not None and zones["parlor"] != default_parlor:
        out["parlor"] = list(zones["parlor"])
    if expansion and zones.get("exiled") is not None:
        if zones["exiled"] != [c for c in EXILED_ORDER if c not in elsewhere]:
            out["exiled"] = list(zones["exiled"])
    return out


def _elsewhere(p: PlayerSpec) -> set[str]:
    """The cards the validator counts as placed before it fills the Parlor's default."""
    cards = {p.garden}
    if p.garden == "Scribe" and isinstance(p.garden_choices.get("discard"), str):
        cards.add(canonical(p.garden_choices["discard"]) or p.garden_choices["discard"])
    if p.conspire:
        cards.add(p.conspire)
    if p.convoke:
        cards.update(p.convoke["discard"])
    for zone in ("hand", "deck", "discard_pile", "scored"):
        cards.update(p.zones.get(zone) or [])
    return cards


def format_data(data: dict[str, Any], prose: bool = True) -> str:
    """The line of scenario file data (a parsed TOML table; `[expect]` is not written);
    ``prose=False`` leaves out `title` and `about`."""
    clauses: list[str] = []
    if prose and "title" in data:
        clauses.append("title " + _text(data["title"]))
    if data.get("expansion"):
        clauses.append("expansion")
    if "first" in data:
        clauses.append("first " + _word(data["first"]))
    if data.get("variants"):
        clauses.append("variants " + " ".join(data["variants"]))
    if data.get("rulings"):
        clauses.append("rulings " + " ".join(data["rulings"]))
    if "seed" in data:
        clauses.append(f"seed {data['seed']}")
    if data.get("crowns"):
        clauses.append("crowns " + " ".join(f"{c} {n}" for c, n in data["crowns"].items()))
    if data.get("final_round"):
        clauses.append("final round")   # i18n: code (the line's own keyword)
    if data.get("next_draw"):
        clauses.append("next draw")   # i18n: code (the line's own keyword)
    clauses += [_player_clause(p) for p in data.get("player") or []]
    if prose and "description" in data:
        clauses.append("about " + _text(data["description"]))
    return "; ".join(clauses)


def _player_clause(p: dict[str, Any]) -> str:
    parts = [_card_part(p["garden"])]
    if p.get("passes"):
        parts.append("pass")
    elif "convoke" in p:
        c = p["convoke"]
        parts.append(" ".join(["convoke", *(c.get("discard") or [])]
                              + (["take", c["take"]] if c.get("take") else [])))
    else:
        parts.append(_card_part(p["conspire"]))
    for word, key in ZONE_WORDS.items():
        if key in p:
            parts.append(f"{word} {' '.join(p[key]) or 'none'}")
    return f"{_word(p['name'])}: " + ", ".join(parts)


def _card_part(value: str | dict[str, Any]) -> str:
    if isinstance(value, str):
        return value
    words = [str(value["card"])]
    replay: dict[str, Any] | None = None
    for key, v in value.items():
        if key == "card":
            continue
        if key == "replay":
            replay = v
            continue
        words.append(_choice(key, v))
    if replay:
        words += ["replay", *(_choice(k, v) for k, v in replay.items())]
    return " ".join(words)


def _choice(key: str, value: Any) -> str:
    if key == "target":
        return "on " + _word(value)
    if key == "delta":
        return f"{value:+d}" if isinstance(value, int) and not isinstance(value, bool) else f"delta {value}"
    if key == "exchange" and isinstance(value, bool):
        return "exchange " + ("yes" if value else "no")
    if key == "also_score":
        return "also " + _word(value)
    if key == "keep":
        return "keep " + " ".join(_word(v) for v in value)
    return f"{key} {_word(value)}"


def _word(value: Any) -> str:
    text = str(value)
    return text if _BARE.fullmatch(text) else _text(text)


def _text(value: str) -> str:
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") \
        .replace("\t", "\\t").replace("\r", "\\r") + '"'


# ----------------------------------------------------------------------------- reading
@dataclass
class _Clause:
    number: int
    text: str
    start: int            # offset of ``text`` in the line
    who: str | None = None


class _Reader:
    """Reads one line; :meth:`fail` raises the LineError of the clause being read."""

    def __init__(self, line: str) -> None:
        self.line = line
        self.clause: _Clause | None = None
        self.spots: dict[str, _Clause] = {}
        self.expansion = False

    def fail(self, message: str | Msg, at: int | None = None) -> NoReturn:
        c = self.clause
        place = None if at is None else at + 1
        where = _where(c.number if c else None, files.cut(c.who) if c and c.who else None, place)
        raise LineError(message_text("line-error.at", where=where, problem=message),
                        c.number if c else None, place)

    # ------------------------------------------------------------ splitting
    def split(self, text: str, start: int, sep: str, limit: int = -1) -> list[tuple[str, int]]:
        """``text`` cut at each ``sep`` outside double quotes: (piece, offset in the line)."""
        out: list[tuple[str, int]] = []
        begin, k, quoted = 0, 0, False
        while k < len(text):
            ch = text[k]
            if quoted and ch == "\\":
                k += 2
                continue
            if ch == '"':
                quoted = not quoted
            elif ch == sep and not quoted and limit != 0:
                out.append((text[begin:k], start + begin))
                begin = k + 1
                limit -= 1
            k += 1
        if quoted:
            if self.clause is None:   # the line itself: the clause is the one the quote opens in
                self.clause = _Clause(sum(1 for piece, _ in out if piece.strip()) + 1,
                                      text[begin:], start + begin)
            self.fail(Msg("line-error.quote-open"), start + text.rfind('"'))
        out.append((text[begin:], start + begin))
        return out

    def tokens(self, text: str, start: int) -> list[tuple[str, int, bool]]:
        """The words of ``text``: (word, offset, quoted); a quoted word loses its quotes."""
        out = []
        for m in _TOKEN.finditer(text):
            raw = m.group()
            if raw.startswith('"'):
                out.append((self.unquote(raw, start + m.start()), start + m.start(), True))
            else:
                out.append((raw, start + m.start(), False))
        return out

    def unquote(self, raw: str, at: int) -> str:
        out, k = [], 1
        while k < len(raw) - 1:
            ch = raw[k]
            if ch == "\\":
                nxt = raw[k + 1] if k + 1 < len(raw) - 1 else ""
                if nxt not in _ESCAPES:
                    self.fail(Msg("line-error.escape", {"escape": nxt}), at + k)
                out.append(_ESCAPES[nxt])
                k += 2
                continue
            out.append(ch)
            k += 1
        return "".join(out)

    # ------------------------------------------------------------ the line
    def read(self) -> dict[str, Any]:
        line = self.line
        if len(line) > MAX_LINE_CHARS:
            self.fail(Msg("line-error.too-long", {"size": len(line), "most": MAX_LINE_CHARS}))
        if "\n" in line.strip() or "\r" in line.strip():
            self.fail(Msg("line-error.lines"),
                      line.strip().find("\n") if "\n" in line.strip() else line.strip().find("\r"))
        data: dict[str, Any] = {}
        players: list[dict[str, Any]] = []
        clauses = self.split(line, 0, ";")
        self.expansion = any(t.strip().lower() == "expansion" for t, _ in clauses)
        number = 0
        for text, start in clauses:
            if not text.strip():
                continue
            number += 1
            self.clause = _Clause(number, text, start)
            head = self.split(text, start, ":", limit=1)
            if len(head) == 2:
                players.append(self.player(head[0], head[1]))
            else:
                self.setting(text, start, data)
        self.clause = None
        if not players:
            self.fail(Msg("line-error.no-player"))
        data["player"] = players
        return data

    def setting(self, text: str, start: int, data: dict[str, Any]) -> None:
        words = self.tokens(text, start)
        word, at, quoted = words[0]
        key = word.lower()
        rest = words[1:]
        if quoted:
            key = ""
        if key in ("final", "next"):
            second = rest[0][0].lower() if rest else ""
            want = "round" if key == "final" else "draw"
            if second != want or len(rest) != 1:
                self.fail(Msg("line-error.final-round-alone" if key == "final"
                              else "line-error.next-draw-alone"), at)
            data["final_round" if key == "final" else "next_draw"] = True
            return
        if key == "expansion":
            if rest:
                self.fail(Msg("line-error.expansion-alone"), rest[0][1])
            data["expansion"] = True
            return
        if key in ("title", "about", "first", "seed"):
            if len(rest) != 1:
                what = {"title": "line-error.takes-title", "about": "line-error.takes-about",
                        "first": "line-error.takes-first", "seed": "line-error.takes-seed"}[key]
                self.fail(Msg(what), rest[1][1] if len(rest) > 1 else at)
            value, vat, _ = rest[0]
            if key == "seed":
                data["seed"] = self.number(value, "`seed`", vat)
            else:
                data["description" if key == "about" else key] = value
            return
        if key in ("variants", "variant", "rulings"):
            if not rest:
                self.fail(Msg("line-error.needs-names", {"key": key}), at)
            data["rulings" if key == "rulings" else "variants"] = [w for w, _, _ in rest]
            return
        if key == "crowns":
            if not rest or len(rest) % 2:
                self.fail(Msg("line-error.crowns-pairs"),
                          at if not rest else rest[-1][1])
            crowns: dict[str, int] = {}
            for (card, cat, _), (n, nat, _) in zip(rest[::2], rest[1::2], strict=True):
                name = self.card(card, cat, "crowns")
                crowns[name] = self.number(n, f"crowns: {name}", nat)
            data["crowns"] = crowns
            return
        self.fail(Msg("line-error.not-a-clause", {"word": repr(word)}), at)

    def player(self, head: tuple[str, int], body: tuple[str, int]) -> dict[str, Any]:
        assert self.clause is not None
        words = self.tokens(*head)
        if len(words) != 1 and not head[0].strip():
            self.fail(Msg("line-error.player-name"), head[1])
        if len(words) == 1:
            name = words[0][0].strip()
        else:       # an unquoted name with spaces: Ana Maria: …
            name = head[0].strip()
        if not name:
            self.fail(Msg("line-error.player-name"), head[1])
        self.clause.who = name
        self.spots[name.lower()] = self.clause
        parts = [(t, s) for t, s in self.split(*body, ",")]
        out: dict[str, Any] = {"name": name}
        if len(parts) < 2 or not parts[1][0].strip():
            at = parts[-1][1] + len(parts[-1][0])
            if not parts[0][0].strip():
                self.fail(Msg("line-error.missing-garden", {"name": name}), at)
            self.fail(Msg("line-error.one-action"), at)
        out["garden"] = self.card_part(*parts[0], "garden")
        action, astart = parts[1]
        words = self.tokens(action, astart)
        first = words[0][0].lower() if words else ""
        if first in ("conspire", "conspires") and not words[0][2] and len(words) > 1:
            first = words[1][0].lower()     # "conspire Witch on Caio": the verb is optional
            action, astart = action[words[1][1] - astart:], words[1][1]
            words = words[1:]
        first = {"passes": "pass", "convokes": "convoke"}.get(first, first)
        if first == "pass" and not words[0][2]:
            if len(words) > 1:
                self.fail(Msg("line-error.pass-alone"), words[1][1])
            out["passes"] = True
        elif first == "convoke" and not words[0][2]:
            out["convoke"] = self.convoke(words[1:])
        else:
            out["conspire"] = self.card_part(action, astart, "conspire")
        for text, start in parts[2:]:
            zone = self.tokens(text, start)
            if not zone:
                self.fail(Msg("line-error.empty-part"), start)
            word, at, _ = zone[0]
            key = ZONE_WORDS.get(word.lower()) or _ZONE_ALIASES.get(word.lower())
            if key is None:
                zones = Join(Msg("line-error.zone-form", {"word": w}) for w in ZONE_WORDS)
                hand = bool(canonical(word) or _prefix(word))
                self.fail(Msg("line-error.not-a-zone-hand" if hand else "line-error.not-a-zone",
                              {"word": repr(word), "cards": text.strip(), "zones": zones}), at)
            if key in out:
                self.fail(Msg("line-error.twice", {"key": key}), at)
            cards = zone[1:]
            if len(cards) == 1 and cards[0][0].lower() == "none":
                out[key] = []
            else:
                if not cards:
                    self.fail(Msg("line-error.zone-needs-cards", {"word": word}), at)
                out[key] = [self.card(c, cat, key) for c, cat, _ in cards]
        return out

    def convoke(self, words: list[tuple[str, int, bool]]) -> dict[str, Any]:
        discard, take = [], None
        k = 0
        while k < len(words):
            word, at, quoted = words[k]
            if word.lower() == "take" and not quoted:
                if k + 1 >= len(words):
                    self.fail(Msg("line-error.take-needs"), at)
                take = self.card(words[k + 1][0], words[k + 1][1], "convoke.take")
                if k + 2 < len(words):
                    self.fail(Msg("line-error.after-take"), words[k + 2][1])
                break
            discard.append(self.card(word, at, "convoke.discard"))
            k += 1
        out: dict[str, Any] = {"discard": discard}
        if take is not None:
            out["take"] = take
        return out

    def card_part(self, text: str, start: int, where: str) -> str | dict[str, Any]:
        words = self.tokens(text, start)
        if not words:
            self.fail(Msg("line-error.missing-card", {"where": where}), start)
        card = self.card(words[0][0], words[0][1], where)
        choices: dict[str, Any] = {}
        table = choices
        k = 1
        while k < len(words):
            word, at, quoted = words[k]
            low = word.lower()
            if _DELTA.fullmatch(word) and not quoted:
                self.put(table, "delta", self.number(word, f"`{where}.delta`", at, True), at, where)
                k += 1
                continue
            if low == "replay" and not quoted:
                if where != "conspire" or table is not choices:
                    self.fail(Msg("line-error.replay-where"), at)
                choices["replay"] = table = {}
                k += 1
                continue
            key = CHOICE_WORDS.get(low)
            if key is None and not quoted and (canonical(word) or _prefix(word)):
                self.fail(Msg("line-error.card-not-choice", {"word": repr(word), "card": card}), at)
            if key is None or quoted:
                self.fail(Msg("line-error.not-a-choice-conspire" if where == "conspire"
                              else "line-error.not-a-choice", {"word": repr(word)}), at)
            if k + 1 >= len(words):
                self.fail(Msg("line-error.needs-value", {"word": word}), at)
            if key == "keep":
                cards = []
                k += 1
                while k < len(words) and (words[k][2] or (words[k][0].lower() not in CHOICE_WORDS
                                                           and words[k][0].lower() != "replay"
                                                           and not _DELTA.fullmatch(words[k][0]))):
                    cards.append(self.card(words[k][0], words[k][1], f"{where}.keep"))
                    k += 1
                self.put(table, "keep", cards, at, where)
                continue
            value, vat, vquoted = words[k + 1]
            self.put(table, key, self.value(key, value, vat, vquoted, where), at, where)
            k += 2
        if choices.get("replay") == {}:
            self.fail(Msg("line-error.replay-empty"),
                      start + len(text.rstrip()) - 1)
        return {"card": card, **choices} if choices else card

    def number(self, value: str, what: str, at: int, signed: bool = False) -> int:
        """A whole number of the line, read by the one bounded reader (ASCII digits, at most
        24 characters): ``²`` or a 5 000-digit seed is this clause's mistake, not a crash."""
        try:
            return files.whole_number(value, what, -files.NUMBER_LIMIT if signed else 0,
                                      signed=signed, allowed="(-5 or 5)" if signed else None)
        except files.NumberError as exc:
            self.fail(str(exc), at)

    def put(self, table: dict[str, Any], key: str, value: Any, at: int, where: str) -> None:
        if key in table:
            self.fail(Msg("line-error.twice", {"key": f"{where}.{key}"}), at)
        table[key] = value

    def value(self, key: str, value: str, at: int, quoted: bool, where: str) -> Any:
        if key == "delta":
            return self.number(value, f"`{where}.delta`", at, True)
        if key == "exchange" and not quoted and value.lower() in ("yes", "no", "true", "false"):
            return value.lower() in ("yes", "true")
        if key in ("target", "peek"):
            return value
        return self.card(value, at, f"{where}.{key}")

    def card(self, value: str, at: int, where: str) -> str:
        name = canonical(value)
        if name is None:
            name = _prefix(value)
        if name is None:
            allowed = Join(n for n in CARDS if self.expansion or not CARDS[n].expansion)
            self.fail(Msg("line-error.not-a-card", {"where": where, "value": repr(value),
                                                    "allowed": allowed}), at)
        if CARDS[name].expansion and not self.expansion and where != "crowns":
            self.fail(Msg("line-error.expansion-card", {"where": where, "card": name}), at)
        return name


def _prefix(value: str) -> str | None:
    """The one card whose name starts with ``value`` (at least three letters), or None."""
    low = value.strip().lower()
    if len(low) < 3:
        return None
    found = [n for n in CARDS if n.lower().startswith(low)]
    return found[0] if len(found) == 1 else None


def parse(text: str) -> dict[str, Any]:
    """The scenario file data (the shape of its TOML) a line holds; :class:`LineError` if the
    line is malformed. Card names come back in their proper spelling."""
    if not isinstance(text, str):
        raise LineError(message_text("line-error.not-text"))
    return _Reader(text).read()


def to_toml(text: str) -> str:
    """The scenario TOML of a line (``scenario.loads`` of it validates the round)."""
    from .toml import dumps as toml_dumps
    return toml_dumps(parse(text))


def load(text: str, path: str = "<line>") -> Scenario:
    """The validated round a line holds. A malformed line, and a round the validator refuses,
    are a :class:`LineError` naming the clause (and, for the line's own mistakes, the
    character) at fault; the validator's message follows in its own words."""
    from .. import scenario
    from .toml import dumps as toml_dumps
    data = parse(text)
    try:
        return scenario.loads(toml_dumps(data), path)
    except ScenarioError as exc:
        raise locate(text, exc) from None


def locate(text: str, error: ScenarioError | str, path: str = "<line>") -> LineError:
    """The :class:`LineError` of a scenario error (validator or engine) about the round of
    line ``text``: the clause of the player it is said of, and where that clause starts.
    Read from the error's message (its ID and fields), never from its words: the problem
    said `at` the file, and of a player (``of-player``) when it is one's. An error with no
    message (or a text: ``path`` is then only a name kept for callers) is the line's."""
    said: Any = inside_file(error)
    if said is error:                     # not said `at` a file: the error's text
        said = str(error)
    player, problem = _of_player(said)
    reader = _Reader(text)
    reader.read()
    spot = reader.spots.get(player.lower()) if player is not None else None
    if spot is None:
        return LineError(message_text("line-error.at", where=_where(None, None, None), problem=said))
    where = _where(spot.number, files.cut(spot.who or ""), spot.start + 1)
    return LineError(message_text("line-error.at", where=where, problem=problem), spot.number,
                     spot.start + 1)


def _of_player(problem: Any) -> tuple[str | None, Any]:
    """The player a problem is said of (the name) and the problem without them: a validator's
    ``of-player``, the engine's answer (``decision-error.of-player``, or a file's answer said
    ``of-player``), either inside a stopped round's "variants in play"; else (None, problem)."""
    msg = message_of(problem)
    if msg is None:
        return None, problem
    if msg.id == "scenario-play.stopped-variants":
        fields = msg.fields or {}
        player, inner = _of_player(fields["error"])
        return (player, Msg(msg.id, {**fields, "error": inner})) if player is not None else (None, problem)
    of = said_of(msg)
    return (_unquoted(of[0]), of[1]) if of is not None else (None, problem)


def _unquoted(quoted: Any) -> str | None:
    """A name as the messages' fields hold it (``repr(name)``), back as the name."""
    try:
        name = ast.literal_eval(quoted) if isinstance(quoted, str) else None
    except (ValueError, SyntaxError):
        return None
    return name if isinstance(name, str) else None


def _where(clause: int | None, who: str | None, character: int | None) -> Msg:
    """Where in the line a mistake is: the line, its clause (and whose), the character."""
    at = character is not None
    if clause is None:
        kind = "line-where.line-character" if at else "line-where.line"
    elif who is None:
        kind = "line-where.clause-character" if at else "line-where.clause"
    else:
        kind = "line-where.clause-who-character" if at else "line-where.clause-who"
    return Msg(kind, {"clause": clause, "who": who, "character": character})
