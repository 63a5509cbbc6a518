"""HTML pieces of the Dispute resolver and the Effect graphs gallery (pure data → str); the
steps and the board are the Lab's (render/html.py)."""
from __future__ import annotations

import html
from typing import TYPE_CHECKING

from ..rulings import RULINGS

if TYPE_CHECKING:
    from ..controllers.graphs import GalleryItem

e = html.escape



def gallery_item_html(item: GalleryItem) -> str:
    rulings = ", ".join(f"<span title='{e(RULINGS.get(r, ''))}'>{e(r)}</span>" for r in item.rulings)
    return (f"<h4>{e(item.title)}</h4><div class='af-muted'><code>{e(item.name)}</code> · rulings "
            f"{rulings} · {e(item.outcome.rstrip('.'))} · "
            f"<a class='af-open-lab' href='{e(item.link)}' target='_blank' rel='noopener'>"
            f"open in the Lab</a></div>")
