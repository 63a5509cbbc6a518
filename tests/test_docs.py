"""Docs stay current with the code: every ruling, variant, command and scenario key is documented."""
import re
from pathlib import Path

from aristofarsa.cli import build_parser
from aristofarsa.rulings import RULINGS
from aristofarsa.scenario import EXPECT_KEYS, PLAYER_KEYS, TOP_KEYS
from aristofarsa.variants import VARIANTS

DOCS = Path(__file__).resolve().parents[1] / "docs"


def test_every_ruling_has_a_section():
    text = (DOCS / "rulings.md").read_text(encoding="utf-8")
    headings = set(re.findall(r"^### ([A-Z]\d+)\b", text, flags=re.M))
    assert sorted(set(RULINGS) - headings) == []


def test_every_variant_is_documented():
    text = (DOCS / "rulings.md").read_text(encoding="utf-8")
    for name in VARIANTS:
        assert f"`{name}`" in text or name in text


def test_every_command_is_documented():
    text = (DOCS / "cli.md").read_text(encoding="utf-8")
    sub = next(a for a in build_parser()._actions if a.dest == "command")
    for name in sub.choices:
        assert f"## `{name}`" in text, name


def test_every_scenario_key_is_documented():
    text = (DOCS / "scenario-format.md").read_text(encoding="utf-8")
    for key in (*TOP_KEYS, *PLAYER_KEYS, *EXPECT_KEYS):
        assert f"`{key}`" in text or f"{key} =" in text or f"[[{key}]]" in text or f"[{key}]" in text, key
