"""Placeholder for the The Exiled expansion app (infra); its owner replaces this file."""
from __future__ import annotations

from ._placeholder import PlaceholderApp


class ExiledApp(PlaceholderApp):
    title = "The Exiled expansion"
