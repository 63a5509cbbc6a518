"""Every ruling ID the engine cites (the rulings and the project's own, docs/rulings.md)."""
from __future__ import annotations

import re
from enum import StrEnum
from functools import cache
from pathlib import Path

from .messages import Msg

RULINGS: dict[str, str] = {  # i18n: data (the ruling titles, in their one definition)
    "M1": "Seats and turn order", "M2": "Winner and next starter",
    "M3": "Prestige has three layers", "M4": "Garden values", "M5": "Leaving and entering",
    "M6": "Zones", "M7": "Choices", "M8": "Player count", "M9": "Crowns (provisional)",
    "M10": "Determinism",
    "M11": "What one round decides about the end of the game (project)",
    "D1": "Drawing and reshuffling", "D2": "Cannot refill: the game ends",
    "D3": "Exiled cards become ordinary cards",
    "P1": "The Garden queue", "P2": "Phase-2 order", "P3": "Litter", "P4": "Conspire",
    "P5": "Convoke", "P6": "Bishop mode", "P7": "Oracle peek",
    "P8": "No legal Phase-2 action: pass (project)",
    "B1": "Revealing in order", "B2": "Witch", "B3": "Jester", "B4": "Damsel",
    "B5": "Merchant", "B6": "Rogue", "B7": "Knight", "B8": "Squire", "B9": "Courtisan",
    "B10": "Bishop", "B11": "No-effect and cancelled cards", "B12": "Effect Convokes",
    "B13": "Chains of Bishop cancellations (project)",
    "B14": "A Bishop-mode replay takes back no play (project)",
    "S1": "Winners", "S2": "What scores", "S3": "Card movement",
    "S4": "'The winner' for the Damsel is the M2 winner (project)",
    "E1": "Aristocrat scores", "E2": "Cannot refill", "E3": "Empty Parlor: one more round",
    "E4": "Ranking",
    "X1": "Exiled deck", "X2": "Exile", "X3": "Bard", "X4": "Scribe", "X5": "Elder",
    "X6": "Oracle",
    "X7": "Exile's worst is over all Garden cards; a scored worst card is skipped (project)",
}

#: Each ruling's deciding sentence: the one sentence of it that decides rounds, written from the
#: binding rulings in the words of the rules pages (the catalog's ``ruling.deciding.<ID>``). The
#: apps show it beside the ruling's ID (controllers.rulings_text.deciding); docs/rules.md lists
#: them all.
DECIDING: dict[str, Msg] = {rid: Msg(f"ruling.deciding.{rid}") for rid in RULINGS}

#: docs/rulings.md of a clone, else the copy a wheel carries (setup.py puts it there)
DOCS_FILES = (Path(__file__).resolve().parents[2] / "docs" / "rulings.md",
              Path(__file__).resolve().parents[1] / "docs" / "rulings.md")


def docs_text() -> str | None:
    """The text of docs/rulings.md (a clone's, else the wheel's copy); None without either."""
    for path in DOCS_FILES:
        try:
            return path.read_text(encoding="utf-8")
        except OSError:
            continue
    return None


def heading_anchor(heading: str) -> str:
    """The GitHub-style anchor of a Markdown heading ("B2 Witch" -> "b2-witch")."""
    text = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return text.replace(" ", "-")


@cache
def _doc_anchors() -> dict[str, str]:
    out: dict[str, str] = {}
    for heading in re.findall(r"^### (.+)$", docs_text() or "", flags=re.M):
        rid = heading.split()[0]
        if rid in RULINGS and rid not in out:
            out[rid] = heading_anchor(heading)
    return out


def ruling_anchor(rid: str) -> str:
    """The anchor of a ruling's heading in docs/rulings.md (from its title when the page is
    absent): the one computation of every ruling link."""
    found = _doc_anchors().get(rid)
    if found is not None:
        return found
    return heading_anchor(f"{rid} {RULINGS[rid]}") if rid in RULINGS else rid.lower()


#: Ruling M8: a game, and a one-round scenario, seats 3 to 6 players.
MIN_PLAYERS, MAX_PLAYERS = 3, 6


class EndReason(StrEnum):
    """Why a game ended (the contract's ``end_reason``); members equal their JSON strings."""

    ARISTOCRAT_SCORED = "aristocrat-scored"
    CANNOT_REFILL = "cannot-refill"
    PARLOR_EMPTY = "parlor-empty"
    ARISTOCRAT_WORST = "aristocrat-worst"


#: How a game ends: the contract's end reasons, each with the ruling that ends it and the
#: catalog's message saying what happened (``str()`` renders it: "an Aristocrat scored"). The
#: one source for ``END_REASONS``, the end-of-game trace and the game text.
END_RULES: dict[str, tuple[str, Msg]] = {
    EndReason.ARISTOCRAT_SCORED: ("E1", Msg("end-reason.aristocrat-scored")),
    EndReason.CANNOT_REFILL: ("E2", Msg("end-reason.cannot-refill")),
    EndReason.PARLOR_EMPTY: ("E3", Msg("end-reason.parlor-empty")),
    EndReason.ARISTOCRAT_WORST: ("X2", Msg("end-reason.aristocrat-worst")),
}
#: The end reasons of the public contract, in ruling order.
END_REASONS: tuple[str, ...] = tuple(END_RULES)
