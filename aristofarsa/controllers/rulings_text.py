"""What the apps show of each ruling: its title, a short text and its full text as a rule of
the game, so that a ruling ID opens its text in the page.

The text comes from ``docs/rulings.md`` of a clone, or from the copy an installed wheel
carries (``aristofarsa/docs/rulings.md``); without either, every title is still there
(``aristofarsa.rulings.RULINGS``). The apps show the rule and its example; the notes for
engine users (the *In the engine* paragraphs) stay in the docs.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from ..core.messages import per_catalog
from ..core.messages import text as said
from ..core.rulings import DECIDING, RULINGS, docs_text, heading_anchor, ruling_anchor

DOCS_URL = "docs/rulings.md"


@dataclass(frozen=True, slots=True)
class RulingInfo:
    id: str
    title: str
    anchor: str          # GitHub-style anchor of its heading in docs/rulings.md
    summary: str         # "In short" sentence (or first paragraph); "" when the docs are absent
    text: str = ""       # the rule and its example as plain text, paragraphs split by blank lines
    deciding: str = ""   # its deciding sentence, shown beside its ID (:func:`deciding`)

    @property
    def link(self) -> str:
        return f"{DOCS_URL}#{self.anchor}"


#: words that mark a paragraph as a note for engine users, not a rule of the game
ENGINE_WORDS = ("`", "engine", "scenario", "trace", "file", "--", "JSON")


def _plain(markdown: str) -> str:
    """A paragraph of docs/rulings.md as plain text: no emphasis marks, no code quotes,
    links reduced to their words."""
    text = re.sub(r"\[([^\]]+)\]\([^)]*\)", r"\1", markdown)
    text = text.replace("**", "").replace("`", "")
    text = re.sub(r"\[variant: ([\w-]+) — ([^\]]+)\]",  # i18n: code
                  lambda m: said("learn-rulings.house-rule", variant=m.group(1), summary=m.group(2)), text)
    text = re.sub(r"(?<![\w*])\*(?!\s)(.+?)(?<!\s)\*(?![\w*])", r"\1", text)
    lines = re.split(r"\n(?=\s*- )", text)            # a list keeps one line per item
    return "\n".join(" ".join(line.split()) for line in lines)


def _game_text(body: str) -> str:
    """The rule's own paragraphs and its example; no engine notes, no "In short" (a
    paragraph naming engine things is kept only when the rule has no other)."""
    paragraphs = [p.strip() for p in body.strip().split("\n\n")]
    rules = [p for p in paragraphs
             if p and not p.startswith(("*In the engine", "*In short", "|", "---"))]  # i18n: code
    game = [p for p in rules if not any(w in p for w in ENGINE_WORDS)]
    return "\n\n".join(_plain(p) for p in (game or rules))


@cache
def _sections() -> dict[str, tuple[str, str, str]]:
    text = docs_text()
    if text is None:
        return {}
    out: dict[str, tuple[str, str, str]] = {}
    for block in re.split(r"^### ", text, flags=re.M)[1:]:
        heading, _, body = block.partition("\n")
        rid = heading.split()[0] if heading.split() else ""
        if rid not in RULINGS or rid in out:
            continue
        body = body.split("\n## ")[0]
        short = re.search(r"\*In short:\*\s*(.+?)(?:\n\s*\n|$)", body, flags=re.S)
        text = _game_text(body)
        if short and not any(w in short.group(1) for w in ENGINE_WORDS):
            summary = _plain(short.group(1))
        else:
            summary = text.split("\n\n")[0] if text else ""
        out[rid] = (heading_anchor(heading), summary, text)
    return out


def ruling(rid: str | None) -> RulingInfo | None:
    """What the app shows for a ruling ID; None for no ID or one the project does not know."""
    if not rid or rid not in RULINGS:
        return None
    anchor, summary, text = _sections().get(rid, (ruling_anchor(rid), "", ""))
    return RulingInfo(rid, RULINGS[rid], anchor, summary, text, deciding(rid))


@per_catalog      # each holds its deciding sentence, rendered
def every_ruling() -> dict[str, RulingInfo]:
    """Every ruling the project knows, by ID (what a page needs to open any ID it shows)."""
    return {rid: info for rid in RULINGS if (info := ruling(rid)) is not None}


def deciding(rid: str) -> str:
    """A ruling's deciding sentence, to stand beside its ID where a learner meets it (its full
    text one click away): :data:`~aristofarsa.core.rulings.DECIDING`, one short sentence
    written from the binding rulings in the rules pages' words (the catalog's
    ``ruling.deciding.<ID>``); the ruling's title for an ID without one, "" for an unknown ID."""
    if rid not in RULINGS:
        return ""
    sentence = DECIDING.get(rid)
    return said("ruling.sentence", sentence=sentence) if sentence is not None else RULINGS[rid]


def deciding_markdown() -> str:
    """Every ruling's deciding sentence as a Markdown list, "- **P3 Litter.** Whoever acts
    first …": what docs/rules.md carries under "Every ruling in one sentence" (a test keeps
    the two equal, so the rule has one wording in the apps and the docs)."""
    return "\n".join(f"- **{rid} {title.removesuffix(' (project)')}.** {deciding(rid)}"
                     for rid, title in RULINGS.items())
