"""Every lesson's narration is pinned: its golden playthrough (tests/golden/NAME.txt, made by
scripts/golden.py) matches the engine step for step — phase, kind, ruling, sentence, facts."""
from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

from aristofarsa import SCENARIOS_DIR, scenario

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("golden", ROOT / "scripts" / "golden.py")
assert _spec is not None and _spec.loader is not None
golden = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(golden)

LESSONS = sorted(SCENARIOS_DIR.glob("*.toml"))
HINT = f"run `{golden.REGENERATE}` to regenerate, then review the diff"


@pytest.mark.parametrize("path", LESSONS, ids=[p.stem for p in LESSONS])
def test_golden_playthrough(path):
    found = golden.diff(path)
    assert not found, f"the playthrough of {path.name} changed ({HINT}):\n{found}"


def test_no_golden_file_without_a_lesson():
    assert not golden.stale(), f"golden files without a lesson: {golden.stale()} ({HINT})"


def test_a_lesson_without_a_golden_file_fails(tmp_path, monkeypatch):
    monkeypatch.setattr(golden, "GOLDEN_DIR", tmp_path)
    monkeypatch.setattr(golden, "ROOT", tmp_path.parent)
    assert "is missing" in golden.diff(LESSONS[0])


def test_a_changed_sentence_shows_as_a_diff(tmp_path, monkeypatch):
    path = SCENARIOS_DIR / "b5-merchant-own-card.toml"
    text = golden.render(path)
    sentence = next(line for line in text.splitlines() if "×2 to" in line)
    (tmp_path / f"{path.stem}.txt").write_text(text.replace(sentence, sentence + " (edited)"))
    monkeypatch.setattr(golden, "GOLDEN_DIR", tmp_path)
    monkeypatch.setattr(golden, "ROOT", tmp_path.parent)
    found = golden.diff(path)
    assert f"-{sentence} (edited)" in found and f"+{sentence}" in found


def _parse(text: str) -> dict:
    """The JSON a golden file stands for (the rendering is lossless)."""
    _comments, head, *steps = text.split("\n\n")
    doc = {}
    for line in head.splitlines():
            key, value = line.split(": ", 1)
            doc[key] = json.loads(value)
    doc["trace"] = []
    for block in steps:
        first, sentence, *facts = block.rstrip("\n").split("\n")
        step, rest = first.split(maxsplit=1)
        phase, kind, rule = rest.split(" · ")
        event = {"step": int(step), "phase": phase, "kind": kind, "rule": rule,
                 "text": sentence[4:]}
        for fact in _split_facts(facts[0][4:]) if facts else []:
            key, value = fact.split("=", 1)
            event[key] = json.loads(value) if value[:1] in '"[{' or value in (
                "true", "false", "null") or value.lstrip("-").isdigit() else value
        doc["trace"].append(event)
    return doc


def _split_facts(line: str) -> list[str]:
    facts, current, depth, quoted = [], "", 0, False
    for i, ch in enumerate(line):
        if ch == '"' and (i == 0 or line[i - 1] != "\\"):
            quoted = not quoted
        elif not quoted and ch in "[{":
            depth += 1
        elif not quoted and ch in "]}":
            depth -= 1
        if ch == " " and depth == 0 and not quoted:
            facts.append(current)
            current = ""
        else:
            current += ch
    return [*facts, current] if current else facts


@pytest.mark.parametrize("name", ["b10-first-choice-made-again", "x6-oracle-draw-five-keep-three",
                                  "m9-crowns-override", "p7-oracle-peek"])
def test_golden_file_is_the_resolve_json(name):
    """The golden text stands for `resolve --json` exactly, key order included."""
    path = SCENARIOS_DIR / f"{name}.toml"
    expected = scenario.run(scenario.load(path)).to_json()
    assert json.dumps(_parse(golden.render(path))) == json.dumps(expected)
