"""What the tests share: the command-line runner and the lesson library.

Fixtures (use them by naming them as a test's argument):

- ``run_cli``: ``run_cli("resolve", path, "--json")`` runs the command line's
  ``aristofarsa.cli.main`` in this process, from the repository root, and returns a
  ``CompletedProcess`` (text ``stdout``/``stderr``, ``returncode``: ``main``'s, argparse's
  exit status, or 1 with the traceback in ``stderr`` for an uncaught exception, as
  ``python -m aristofarsa.cli`` would end); ``cwd=`` may be given. A Python process costs
  about 0.15 s of CPU: the suite's hundreds of command runs share the test's one.
- ``run_cli_process``: the same through ``python -m aristofarsa.cli`` in a subprocess (the
  entry point and the process's exit status, commands that start processes of their own,
  hostile input that could hang or crash a process); ``timeout=`` may be given too.
- ``lesson``: parametrizes a test over every bundled scenario (one test per file, named
  after it); ``resolve_lesson``: loads and runs a scenario file, returning
  ``(scenario, result)``.

- ``lessons``: the bundled scenario files, sorted; ``example``: the contract's worked
  example (``example-merchant-crowns-aristocrat.toml``).

The run order (pytest-xdist hands tests out in it, scripts/test.sh): the browser tests first,
those on the static site (fixture ``site_dir``) last among them, so that its build (started in
the background by scripts/test.sh) has run by then; then the longest of the others (``LONG``:
started late, one would run alone at the end of the run), then the rest.

Use the fixtures rather than ``from conftest import ...``: several folders have a
``conftest.py`` (``tests/browser/`` ...) and pytest keeps only one module of that name.
"""
from __future__ import annotations

import contextlib
import io
import os
import subprocess
import sys
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from aristofarsa import SCENARIOS_DIR

ROOT = Path(__file__).resolve().parents[1]
LESSONS: list[Path] = sorted(SCENARIOS_DIR.glob("*.toml"))
EXAMPLE = SCENARIOS_DIR / "example-merchant-crowns-aristocrat.toml"


def cli(*args: Any, timeout: float = 300, cwd: Path | str = ROOT) -> subprocess.CompletedProcess[str]:
    """Run ``python -m aristofarsa.cli ARGS`` (this Python, this checkout) and capture it."""
    return subprocess.run([sys.executable, "-m", "aristofarsa.cli", *map(str, args)], cwd=cwd,
                          capture_output=True, text=True, timeout=timeout)


def cli_in_process(*args: Any, timeout: float = 300,
                   cwd: Path | str = ROOT) -> subprocess.CompletedProcess[str]:
    """``aristofarsa.cli.main(ARGS)`` in this process, from ``cwd``, its output captured; ended
    as ``python -m aristofarsa.cli ARGS`` would end (``timeout`` is accepted for ``cli``'s
    signature: nothing here can stop a command that hangs)."""
    from aristofarsa.cli import main

    argv = [str(a) for a in args]
    out, err = (io.TextIOWrapper(io.BytesIO(), encoding="utf-8", newline="") for _ in range(2))
    here = os.getcwd()
    try:
        os.chdir(cwd)
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                code = main(argv)
            except SystemExit as exc:           # argparse: --help (0), a usage error (2)
                code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
                if exc.code is not None and not isinstance(exc.code, int):
                    print(exc.code, file=sys.stderr)
            except Exception:                   # as the interpreter would end: the traceback, 1
                traceback.print_exc()
                code = 1
    finally:
        os.chdir(here)

    def text_of(stream: io.TextIOWrapper) -> str:
        stream.flush()
        raw = stream.buffer.getvalue()          # type: ignore[attr-defined]
        return raw.decode("utf-8").replace("\r\n", "\n").replace("\r", "\n")   # as text=True reads it

    return subprocess.CompletedProcess(["aristofarsa", *argv], int(code or 0), text_of(out), text_of(err))


def resolve(path: Path | str, **run_options: Any) -> tuple[Any, Any]:
    """``(scenario, RoundResult)`` of a scenario file; ``run_options`` go to ``scenario.run``."""
    from aristofarsa import scenario
    sc = scenario.load(path)
    return sc, scenario.run(sc, **run_options)


@pytest.fixture
def run_cli() -> Callable[..., subprocess.CompletedProcess[str]]:
    return cli_in_process


@pytest.fixture
def run_cli_process() -> Callable[..., subprocess.CompletedProcess[str]]:
    return cli


@pytest.fixture
def resolve_lesson() -> Callable[..., tuple[Any, Any]]:
    return resolve


@pytest.fixture
def lessons() -> list[Path]:
    return list(LESSONS)


@pytest.fixture
def example() -> Path:
    return EXAMPLE


@pytest.fixture(params=LESSONS, ids=[p.name for p in LESSONS])
def lesson(request: pytest.FixtureRequest) -> Path:
    """Each bundled scenario file in turn."""
    return request.param


#: Tests outside tests/browser that take 15 s or more on a loaded 2-core machine (scripts/test.sh's
#: --durations list), by the start of their node id.
LONG = (
    "tests/test_bots.py::test_search_beats_greedy",
    "tests/test_apps_cli.py::test_snapshot_notebook",
    "tests/test_apps_cli.py::test_lesson_notebook_is_pinned",
    "tests/test_messages.py::test_every_whatif_table",
    "tests/test_fuzz_loader.py::",
    "tests/test_game.py::test_cli_simulate_on_a_local_dask_cluster",
    "tests/test_pytest_plugin.py::test_a_bad_scenario_file",
    "tests/test_line.py::test_any_round_data",
    "tests/test_properties.py::",
    "tests/test_bots.py::test_greedy_beats_random",
    "tests/test_scenario_toml.py::test_any_table_round_trips",
)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The run order of the module docstring."""
    def rank(item: pytest.Item) -> int:
        if item.get_closest_marker("browser"):
            return 1 if "site_dir" in getattr(item, "fixturenames", ()) else 0
        return 2 if item.nodeid.startswith(LONG) else 3

    items.sort(key=rank)        # stable: the collection order within each part
