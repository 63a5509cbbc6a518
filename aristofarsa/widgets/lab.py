"""Placeholder for the Scenario Lab app (infra); its owner replaces this file."""
from __future__ import annotations

from ._placeholder import PlaceholderApp


class LabApp(PlaceholderApp):
    title = "Scenario Lab"
