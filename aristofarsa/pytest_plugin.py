"""A pytest plugin that pins a club's rulings: every scenario with `[expect]` is a test.

Installed with the package (entry point ``pytest11``), it adds one option and does nothing
without it::

    pip install 'aristofarsa[test]'
    pytest --aristofarsa-scenarios rulings/

collects every ``*.toml`` under ``rulings/`` (searched recursively) that has an `[expect]`
table as one test item, named after the file. An item passes when the engine resolves the
round as its `[expect]` says; a mismatch is reported field by field, in the words of
``aristofarsa check`` ("winners: expected ['Ana'], got ['Caio']"), and a file the validator
refuses fails with the validator's message. Files without `[expect]` are not collected.
``-k``, ``-x``, ``--lf`` and the other pytest options apply as to any test.

This module is imported by every pytest run where aristofarsa is installed, so it imports
nothing of the engine until a scenario item runs.
"""
from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

OPTION = "--aristofarsa-scenarios"


def text(id: str, **fields: Any) -> str:
    """Message ``id`` of the catalog (imported here: the plugin imports nothing of the package
    until pytest asks for its option's help or an item runs)."""
    from .core.messages import text as said
    return said(id, **fields)


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("aristofarsa", text("pytest-plugin.group"))
    group.addoption(OPTION, action="append", default=[], metavar="DIR",
                    help=text("pytest-plugin.option"))


class ScenarioMismatch(AssertionError):
    """The round resolved otherwise than its `[expect]` says: one line per field."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__("\n".join(problems))
        self.problems = problems


class ScenarioInvalid(Exception):
    """The file is not a valid scenario (the validator's message)."""


class ScenarioFile(pytest.File):
    """One scenario file: one item when it has `[expect]` (or cannot be read as TOML)."""

    def collect(self) -> Iterator[ScenarioItem]:
        yield ScenarioItem.from_parent(self, name=self.path.name)


class ScenarioItem(pytest.Item):
    """Resolve the round and compare it with the file's `[expect]`, field by field."""

    def runtest(self) -> None:
        from . import scenario
        try:
            sc = scenario.load(self.path)
            result = scenario.run(sc, trace=False)
        except scenario.ScenarioError as exc:
            raise ScenarioInvalid(str(exc)) from None
        problems = scenario.check_expect(sc, result)
        if problems:
            raise ScenarioMismatch(problems)

    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException],
                     style: Any = None) -> str:
        exc = excinfo.value
        if isinstance(exc, ScenarioMismatch):
            n = len(exc.problems)
            return (text("pytest-plugin.mismatch", path=self.path, count=n) + "\n"
                    + "\n".join(f"    {line}" for line in exc.problems))
        if isinstance(exc, ScenarioInvalid):
            return text("pytest-plugin.invalid", error=exc)
        return str(super().repr_failure(excinfo))

    def reportinfo(self) -> tuple[Path, int | None, str]:
        return self.path, None, text("pytest-plugin.item", name=self.path.name)


def _has_expect(path: Path) -> bool:
    """True for a file with an `[expect]` table, and for one that cannot be read as a scenario
    (too big, not TOML, a key of thousands of parts, nesting or numbers past the limits): it
    fails as its own test item with the reader's message rather than vanish from the run or
    stop it. It is read by the same bounded reader as every scenario (``files.parse_toml``)."""
    from .core import files
    try:
        data = files.parse_toml(files.read_text(path, files.SCENARIO_FILE), str(path))
    except (files.FileInputError, ValueError, RecursionError, MemoryError):
        return True
    return "expect" in data


def scenario_paths(folders: list[str]) -> list[Path]:
    """Every ``*.toml`` with `[expect]` under the folders (a file may be named directly)."""
    found: list[Path] = []
    for raw in folders:
        folder = Path(raw)
        if folder.is_file():
            found.append(folder)
            continue
        if not folder.is_dir():
            raise pytest.UsageError(text("pytest-plugin.no-folder", option=OPTION, folder=raw))
        found += sorted(p for p in folder.rglob("*.toml") if p.is_file())
    return [p for p in dict.fromkeys(p.resolve() for p in found) if _has_expect(p)]


@pytest.hookimpl(tryfirst=True)     # before -k / -m deselect, so they apply to these items too
def pytest_collection_modifyitems(session: pytest.Session, config: pytest.Config,
                                  items: list[pytest.Item]) -> None:
    folders = config.getoption(OPTION)
    if not folders:
        return
    for path in scenario_paths(folders):
        items.extend(ScenarioFile.from_parent(session, path=path).collect())
