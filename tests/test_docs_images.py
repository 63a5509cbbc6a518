"""The docs' pictures are what the package draws now (``scripts/docs_images.py``)."""
from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def script():
    spec = importlib.util.spec_from_file_location("docs_images", ROOT / "scripts" / "docs_images.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_every_image_in_the_docs_is_made_by_the_script():
    images = {p.name for p in (ROOT / "docs" / "images").iterdir()}
    linked = {m for page in (ROOT / "docs").glob("*.md")
              for m in re.findall(r"\]\(images/([^)]+)\)", page.read_text(encoding="utf-8"))}
    assert images == set(script().GRAPHS) == linked


def test_the_docs_images_are_current():
    pytest.importorskip("pygraphviz", reason="drawing SVG needs the apps extra's pygraphviz")
    module = script()
    assert module.stale() == [], "run python scripts/docs_images.py"
    from aristofarsa.render import theme

    drawn = module.draw("b13-bishop-chain")
    assert all(f'"{seat.border}"' in drawn for seat in theme.SEATS[:4])   # four seats, the theme's
