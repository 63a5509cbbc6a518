"""Placeholder for the Effect graphs app (infra); its owner replaces this file."""
from __future__ import annotations

from ._placeholder import PlaceholderApp


class GraphsApp(PlaceholderApp):
    title = "Effect graphs"
