"""The "How a round works" pages of the Learn and Exiled apps, in plain Python (no Jupyter).

Each :class:`RulesPage` is one idea, in play order (``aristofarsa/data/rules_pages.toml``
for the Learn app; the expansion's rulings for the Exiled app), with its rulings (their texts
shown in the page) and a live :class:`Example`: a bundled lesson resolved by the engine and
drawn at one moment, with the trace sentences that show the idea, and the lesson to open.
:class:`RulesBook` pages through them.
"""
from __future__ import annotations

import re
import tomllib
from collections.abc import Iterable
from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path

from .. import scenario as scenario_mod
from ..analysis.outcome import who_wins
from ..core.cards import fill_family, on_registry_change
from ..core.messages import Join, Msg, per_catalog
from ..core.messages import text as said
from ..core.rulings import DECIDING, RULINGS
from .lessons import library
from .rulings_text import RulingInfo, deciding, ruling
from .stepper import Frame, Stepper

RULES_PAGES_FILE = Path(__file__).resolve().parent.parent / "data" / "rules_pages.toml"
BOARDS = ("none", "ring", "order", "garden", "final")
RULING_ID = re.compile(r"\b([MDPBSEX]\d{1,2})\b")
#: a ruling cited with its deciding sentence in a rules page's body: ``{rule:P3}``
RULE_CITE = re.compile(r"\{rule:(\w+)\}")


@dataclass(frozen=True)
class Rule:
    id: str
    title: str
    lessons: tuple[str, ...]

    @property
    def text(self) -> str:
        """The ruling's deciding sentence (the one wording the pages and the quiz show)."""
        return deciding(self.id)


#: Exile and the expansion's rulings (the Exiled app's pages), each said in its deciding sentence.
#: Their titles are the rulings' data (X3–X6: the card's name, its page's title; X1, X2 and X7
#: have no page of their own).
EXILE_RULES: tuple[Rule, ...] = (  # i18n: data
    Rule("X1", "The Exiled deck", ("x1-exiled-deck-top-card", "x1-elder-oracle-are-nobles")),
    Rule("X2", "Exile",
         ("x2-lowest-exiles", "x2-ties-all-exile", "x2-everyone-tied-nobody-exiles",
          "x2-jester-highest-exiles", "x2-knight-anyway-not-exiled", "x2-aristocrat-worst-game-over")),
    Rule("X3", "Bard",
         ("m4-bard-adds-printed-prestige", "x3-bard-reveals-card-still-to-play", "x3-bard-balcony-discard")),
    Rule("X4", "Scribe",
         ("x4-garden-scribe-draw-discard-also-score", "x4-balcony-scribe-scores-with-exiled-target",
          "x4-exchanged-in-scribe-also-scores")),
    Rule("X5", "Elder",
         ("m4-elder-noble-neighbour", "x5-elder-copies-merchant", "x5-elder-copies-jester",
          "x5-elder-copies-bard", "x5-elder-copies-servant-nothing")),
    Rule("X6", "Oracle",
         ("p2-oracle-acts-last", "p7-oracle-peek", "x6-balcony-oracle-draw",
          "x6-oracle-draw-five-keep-three")),
    Rule("X7", "The worst is over all Garden cards", ("x7-scored-worst-card-shields-nobody",)),
)


@dataclass(frozen=True)
class Example:
    """One lesson drawn by the engine at the moment a page is about."""

    lesson: str
    title: str
    players: tuple[str, ...]
    first: str
    board: str                           # one of BOARDS
    order: tuple[str, ...]               # Phase-2 order (for "order")
    frame: Frame                         # the board at that moment (Garden, Balcony)
    lines: tuple[tuple[str, str], ...]   # (trace text, ruling ID)
    outcome: str = ""                    # who won and what scores: "Winning card: Ana's Knight (8).
    #                                      Starts next round: Ana. Scores: Ana's Knight."
    label: str = ""                      # "Who won", or "After Phase 1" (an example of a Phase-1 moment)


@dataclass(frozen=True)
class RulesPage:
    key: str
    title: str
    body: str                            # light Markdown
    rulings: tuple[RulingInfo, ...]
    lesson: str
    board: str = "final"
    lines: tuple[str, ...] = ()          # trace event kinds shown under the example
    line_phases: tuple[str, ...] = ()    # only from these phases (empty: any)
    line_rules: tuple[str, ...] = ()     # only events citing these rulings (empty: any)
    card: str = ""                       # a card's page: the card itself is shown (its Cards-tab view)

    def example(self) -> Example:
        return _example(self.lesson, self.board, self.lines, self.line_phases, self.line_rules)


def rulings_in(text: str) -> list[RulingInfo]:
    """The rulings a text cites, e.g. "(P2)", in order, each once."""
    ids = dict.fromkeys(m for m in RULING_ID.findall(text) if m in RULINGS)
    return [info for info in map(ruling, ids) if info is not None]


@per_catalog      # its sentences are rendered: one set per catalog in use
def _example(lesson: str, board: str, kinds: tuple[str, ...], phases: tuple[str, ...],
             rules: tuple[str, ...]) -> Example:
    meta = library()[lesson]
    sc = meta.scenario()
    result = scenario_mod.run(sc, trace=True)
    events = list(result.trace)
    stepper = Stepper.from_events(events, result.winners, players=meta.players)
    if board == "garden":      # the Garden as Phase 1 leaves it: at the Phase-2 order step
        stepper.go(next((k for k, e in enumerate(events) if e.kind == "order"), len(events) - 1))
    else:
        stepper.go(max(k for k, e in enumerate(events) if e.phase not in ("draw", "end")))
    frame = stepper.frame()
    lines = tuple((e.text, e.rule) for e in events
                  if e.kind in kinds and (not phases or e.phase in phases)
                  and (not rules or e.rule in rules))
    if board == "final":       # the whole round is on show: who won, and why it ends
        label = said("learn-rules.who-won")
        won = who_wins(result.garden, result.winners,
                       None if result.game_over else result.next_first, result.lowest_wins)
        scored = Join((Msg("quiz.card", {"player": who, "card": card})
                       for who, cards in result.scored.items() for card in cards),
                      empty="learn-rules.nothing")
        outcome = said("learn-rules.outcome-ends" if result.game_over else "learn-rules.outcome",
                       outcome=won, scored=scored)
    elif board in ("ring", "none", "order"):   # seats or steps only (the order's step says who
        label, outcome = "", ""                  # leads): nothing about who wins
    else:                      # a Phase-1 moment: who leads then, not who wins the round
        label = said("learn-rules.after-phase-1")
        top = next((e for e in events if e.kind == "order"), None)
        value = next((g.prestige for g in frame.garden if top is not None
                      and (g.player, g.card) == (top.actor, top.card)), None)
        outcome = ("" if top is None else
                   said("learn-rules.lead", player=top.actor, card=top.card, value=value))
    return Example(lesson, meta.title, meta.players, sc.first, board, tuple(result.phase2_order),
                   frame, lines, outcome, label)


def cite_rulings(body: str) -> str:
    """``body`` with each ``{rule:P3}`` replaced by the ruling's deciding sentence and its ID,
    "Whoever acts first … and nothing else (P3).": the rule in one wording, the one the quiz's
    Why and the ruling's ID show (:func:`.rulings_text.deciding`). An unknown ID is a
    ValueError naming it."""
    def cite(match: re.Match[str]) -> str:
        rid = match.group(1)
        if rid not in RULINGS:
            raise ValueError(f"{{rule:{rid}}}: no ruling {rid!r}; the rulings are "  # i18n: developer
                             f"{', '.join(RULINGS)}")
        return said("ruling.cited", sentence=DECIDING.get(rid, RULINGS[rid]), ruling=rid)
    return RULE_CITE.sub(cite, body)


@per_catalog      # a page cites rulings in their deciding sentences
def learn_pages() -> tuple[RulesPage, ...]:
    with RULES_PAGES_FILE.open("rb") as f:
        data = tomllib.load(f)
    pages = []
    for p in data["page"]:
        ids = [r for r in p["rulings"] if r in RULINGS]
        pages.append(RulesPage(p["key"], p["title"], fill_family(cite_rulings(p["body"].strip())),
                               tuple(info for info in map(ruling, ids) if info is not None),
                               p["lesson"], p.get("board", "final"), tuple(p.get("lines", ())),
                               tuple(p.get("line_phases", ()))))
    return tuple(pages)


on_registry_change(learn_pages.cache_clear)   # the family's counts and lists are filled in


def exiled_pages() -> tuple[RulesPage, ...]:
    """The Exiled app's pages: exile first (the Learn app's page), then one per expansion card:
    the card as the Cards tab shows it (the same words, read once) and a lesson that shows it."""
    exile = next(p for p in learn_pages() if p.key == "exile")
    pages = [exile]
    for rule in EXILE_RULES:
        if rule.id in ("X1", "X2", "X7"):
            continue
        info = ruling(rule.id)
        pages.append(RulesPage(rule.id.lower(), rule.title, "", (info,) if info is not None else (),
                               rule.lessons[0], "none", ("entry", "prestige", "score", "effect", "order"),
                               (), CARD_PAGE_RULES.get(rule.id, (rule.id,)), card=rule.title))
    return tuple(pages)


#: the trace steps a card page's example shows: those citing these rulings
CARD_PAGE_RULES = {"X6": ("X6", "P2", "P7"), "X5": ("X5", "M4")}


class RulesBook:
    """The pages in order and the one on screen."""

    def __init__(self, pages: tuple[RulesPage, ...]) -> None:
        if not pages:
            raise ValueError("a rules book needs at least one page")  # i18n: developer
        self.pages = pages
        self.index = 0

    def __len__(self) -> int:
        return len(self.pages)

    def page(self) -> RulesPage:
        return self.pages[self.index]

    def go(self, k: int) -> None:
        self.index = max(0, min(len(self.pages) - 1, int(k)))

    def next(self) -> None:
        self.go(self.index + 1)

    def back(self) -> None:
        self.go(self.index - 1)

    @property
    def is_last(self) -> bool:
        return self.index == len(self.pages) - 1


# ------------------------------------------------------------------ reading time
#: words a person reads in a minute (the reading time shown on each page)
WORDS_PER_MINUTE = 200
_BLOCK = {"div", "p", "li", "ul", "ol", "h1", "h2", "h3", "h4", "h5", "tr", "table", "br", "svg", "g",
          "text", "section", "blockquote"}
_VOID = {"br", "img", "hr", "input", "meta", "link", "wbr", "circle", "rect", "line", "path", "polygon",
         "ellipse", "polyline"}
WORD = re.compile(r"\S*[\w\d]\S*")


class _Visible(HTMLParser):
    """The text a browser shows of an HTML fragment, line by line: no style or script, no
    element hidden by ``display:none``, no closed <details> but its <summary>."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.lines: list[str] = []
        self.current: list[str] = []
        self.stack: list[tuple[str, bool]] = []      # (tag, hides its content)
        self.hidden = 0
        self.closed_details: list[int] = []          # stack depths of closed <details>

    def _break(self) -> None:
        line = " ".join("".join(self.current).split())
        if line:
            self.lines.append(line)
        self.current = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag in _BLOCK and not self.hidden:
            self._break()
        if tag in _VOID:
            return
        style = (a.get("style") or "").replace(" ", "")
        hides = tag in ("style", "script", "title") or "display:none" in style
        if self.closed_details and tag != "summary" and len(self.stack) == self.closed_details[-1] + 1:
            hides = True                              # a closed <details> shows only its <summary>
        self.stack.append((tag, hides))
        self.hidden += hides
        if tag == "details" and "open" not in a:
            self.closed_details.append(len(self.stack) - 1)

    def handle_endtag(self, tag: str) -> None:
        if tag in _VOID:
            return
        while self.stack:
            t, hides = self.stack.pop()
            self.hidden -= hides
            if t == "details" and self.closed_details and self.closed_details[-1] == len(self.stack):
                self.closed_details.pop()
            if t == tag:
                break
        if tag in _BLOCK and not self.hidden:
            self._break()

    def handle_data(self, data: str) -> None:
        if self.hidden:
            return
        if self.closed_details and len(self.stack) == self.closed_details[-1] + 1:
            return                                    # loose text right inside a closed <details>
        self.current.append(data)

    def close(self) -> None:
        super().close()
        self._break()


def visible_lines(html: str) -> list[str]:
    """The lines of text a reader sees of an HTML fragment (see :class:`_Visible`)."""
    parser = _Visible()
    parser.feed(html)
    parser.close()
    return parser.lines


def word_count(lines: Iterable[str]) -> int:
    """Words in ``lines``, each distinct line once (a word: a run with a letter or a digit)."""
    return sum(len(WORD.findall(line)) for line in dict.fromkeys(lines))


def minutes(words: int) -> int:
    """Reading time in whole minutes (at least 1)."""
    return max(1, round(words / WORDS_PER_MINUTE))
