"""Where each ruling is explained: its title, its docs/rulings.md anchor and short text.

The text comes from ``docs/rulings.md`` of a clone, or from the copy an installed wheel
carries (``aristofarsa/docs/rulings.md``); without either, every title is still there
(``aristofarsa.rulings.RULINGS``).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from ..rulings import RULINGS

#: docs/rulings.md of a clone, else the copy a wheel carries (setup.py puts it there)
DOCS_FILES = (Path(__file__).resolve().parents[2] / "docs" / "rulings.md",
              Path(__file__).resolve().parents[1] / "docs" / "rulings.md")
DOCS_URL = "docs/rulings.md"


@dataclass(frozen=True, slots=True)
class RulingInfo:
    id: str
    title: str
    anchor: str          # GitHub-style anchor of its heading in docs/rulings.md
    summary: str         # "In short" sentence (or first paragraph); "" when the docs are absent

    @property
    def link(self) -> str:
        return f"{DOCS_URL}#{self.anchor}"


def _anchor(heading: str) -> str:
    text = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return text.replace(" ", "-")


@cache
def _sections() -> dict[str, tuple[str, str]]:
    for path in DOCS_FILES:
        try:
            text = path.read_text(encoding="utf-8")
            break
        except OSError:
            continue
    else:
        return {}
    out: dict[str, tuple[str, str]] = {}
    for block in re.split(r"^### ", text, flags=re.M)[1:]:
        heading, _, body = block.partition("\n")
        rid = heading.split()[0] if heading.split() else ""
        if rid not in RULINGS or rid in out:
            continue
        body = body.split("\n## ")[0]
        short = re.search(r"\*In short:\*\s*(.+?)(?:\n\s*\n|$)", body, flags=re.S)
        if short:
            summary = short.group(1)
        else:
            paragraphs = [p for p in body.strip().split("\n\n") if p.strip()]
            summary = paragraphs[0] if paragraphs else ""
        out[rid] = (_anchor(heading), " ".join(summary.split()))
    return out


def ruling(rid: str | None) -> RulingInfo | None:
    """What the app shows for a ruling ID; None for no ID or one the project does not know."""
    if not rid or rid not in RULINGS:
        return None
    anchor, summary = _sections().get(rid, (_anchor(f"{rid} {RULINGS[rid]}"), ""))
    return RulingInfo(rid, RULINGS[rid], anchor, summary)
