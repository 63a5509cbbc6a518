"""The flat module paths of before the layers still work (docs/architecture.md, "Layers").

``import aristofarsa.round`` gives the very module object of ``aristofarsa.core.round``
(so a monkeypatch through either name patches both) and warns once with a
DeprecationWarning naming the new path; the new paths import without any warning, and the
public entry points (``aristofarsa.scenario.load``, ``aristofarsa.cli:main``, ``python -m
aristofarsa.cli``, the pytest plugin) are where they were.
"""
from __future__ import annotations

import importlib
import pickle
import subprocess
import sys
from importlib.metadata import entry_points
from pathlib import Path

import pytest

import aristofarsa
from aristofarsa import MOVED, scenario
from aristofarsa.core import round as core_round
from aristofarsa.games import stats as games_stats

PACKAGE_DIR = Path(aristofarsa.__file__).parent


def _forget(old: str) -> None:
    """Undo an earlier import of the old name, so importing it again runs the finder."""
    sys.modules.pop(f"aristofarsa.{old}", None)
    if f"aristofarsa.{old}" != f"aristofarsa.{MOVED[old]}":
        aristofarsa.__dict__.pop(old, None)


@pytest.mark.parametrize("old", sorted(MOVED))
def test_an_old_path_is_the_same_module_and_warns(old):
    new = importlib.import_module(f"aristofarsa.{MOVED[old]}")
    _forget(old)
    with pytest.warns(DeprecationWarning) as caught:
        module = importlib.import_module(f"aristofarsa.{old}")
    assert module is new
    assert getattr(aristofarsa, old) is new                 # `aristofarsa.round` as an attribute
    assert [str(w.message) for w in caught] == [
        f"aristofarsa.{old} is deprecated: import aristofarsa.{MOVED[old]} (the same module; "
        'docs/architecture.md, "Layers")']
    assert new.__spec__.name == new.__name__ == f"aristofarsa.{MOVED[old]}"  # its own spec kept
    assert not (PACKAGE_DIR / f"{old}.py").exists()         # no file left to shadow the finder


def test_from_an_old_path_import_names_and_monkeypatch_through_it(monkeypatch):
    with pytest.warns(DeprecationWarning):
        _forget("round")
        from aristofarsa.round import Round
        from aristofarsa.scenario_model import Scenario
    assert Round is core_round.Round and Scenario is scenario.Scenario
    marker = object()
    monkeypatch.setattr("aristofarsa.round.convoke_total", marker)
    assert core_round.convoke_total is marker


def test_the_scenario_package_keeps_every_public_name():
    before = {"CONSPIRE_CHOICES", "EXPECT_KEYS", "GARDEN_CHOICES", "MULTISET_FIELDS",
              "OPTIONAL_CHOICES", "PLAYER_KEYS", "TOP_KEYS", "ZONE_KEYS", "AutoForMissing",
              "MissingChoice", "PlayerSpec", "Scenario", "ScenarioDecider", "ScenarioError",
              "Validator", "build_players", "check_expect", "layout", "load", "loads", "problems",
              "run", "validate", "problems_of_data", "files"}
    assert before <= set(vars(scenario))
    assert set(scenario.__all__) <= before
    # its submodules are named apart from its functions, so importing one never hides one
    for name in ("decide", "zones", "model", "runner", "toml", "validator", "line", "share"):
        importlib.import_module(f"aristofarsa.scenario.{name}")
    for name in ("run", "layout", "validate", "load", "problems", "check_expect"):
        assert callable(getattr(scenario, name)), name
    assert scenario.load(aristofarsa.SCENARIOS_DIR / "p7-oracle-peek.toml").expansion


def test_pickles_name_the_new_path_and_old_ones_still_load():
    stats = games_stats.Stats()
    assert b"aristofarsa.games.stats" in pickle.dumps(stats)
    written_before = pickle.dumps(stats, protocol=0).replace(b"aristofarsa.games.stats\n",
                                                             b"aristofarsa.stats\n")
    assert b"caristofarsa.stats\n" in written_before   # as a pickle of the flat layout reads
    _forget("stats")
    with pytest.warns(DeprecationWarning, match="aristofarsa.stats is deprecated"):
        again = pickle.loads(written_before)
    assert type(again) is games_stats.Stats and again.to_json() == stats.to_json()


def test_entry_points_are_where_they_were():
    plugin = [e for e in entry_points(group="pytest11") if e.name == "aristofarsa"]
    assert [e.value for e in plugin] == ["aristofarsa.pytest_plugin"]
    script = [e for e in entry_points(group="console_scripts") if e.name == "aristofarsa"]
    assert [e.value for e in script] == ["aristofarsa.cli:main"]


def _python(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-W", "error::DeprecationWarning", *args],
                          capture_output=True, text=True, timeout=120)


def test_the_new_paths_import_with_deprecation_warnings_as_errors():
    done = _python("-c", "import aristofarsa.cli, aristofarsa.pytest_plugin, aristofarsa.games.simulate\n"
                   "from aristofarsa.scenario import load\n"
                   "from aristofarsa.scenario import line, share\n"
                   "from aristofarsa.cli import main; print(main.__module__)")
    assert done.returncode == 0, done.stderr
    assert done.stdout == "aristofarsa.cli\n"
    lesson = str(aristofarsa.SCENARIOS_DIR / "p7-oracle-peek.toml")
    run = _python("-m", "aristofarsa.cli", "resolve", "--json", lesson)
    assert run.returncode == 0, run.stderr
    assert run.stdout.startswith("{") and run.stderr == ""


def test_an_old_path_in_a_script_shows_the_warning_at_the_import_line():
    done = subprocess.run([sys.executable, "-c", "import sys\nimport aristofarsa.bots\n"],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0
    assert done.stderr.startswith("<string>:2: DeprecationWarning: aristofarsa.bots is deprecated: "
                                  "import aristofarsa.games.bots"), done.stderr
    strict = _python("-c", "import aristofarsa.bots")
    assert strict.returncode == 1 and "DeprecationWarning: aristofarsa.bots is deprecated" in strict.stderr
