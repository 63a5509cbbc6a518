"""Placeholder for the Dispute resolver app (infra); its owner replaces this file."""
from __future__ import annotations

from ._placeholder import PlaceholderApp


class DisputeApp(PlaceholderApp):
    title = "Dispute resolver"
