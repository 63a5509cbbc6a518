"""`aristofarsa play` and `aristofarsa simulate` (whole games)."""
from __future__ import annotations


def add_game_commands(sub) -> None:
    """Register the whole-game commands on the main parser's subparsers."""
