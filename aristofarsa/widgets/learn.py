"""Placeholder for the Learn the rules app (infra); its owner replaces this file."""
from __future__ import annotations

from ._placeholder import PlaceholderApp


class LearnApp(PlaceholderApp):
    title = "Learn the rules"
