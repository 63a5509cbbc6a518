"""Placeholder for the Play a game app (infra); its owner replaces this file."""
from __future__ import annotations

from ._placeholder import PlaceholderApp


class PlayApp(PlaceholderApp):
    title = "Play a game"
