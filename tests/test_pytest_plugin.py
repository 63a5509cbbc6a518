"""The pytest plugin (aristofarsa/pytest_plugin.py, entry point pytest11): `pytest
--aristofarsa-scenarios DIR` makes each scenario with [expect] under DIR one test item, and
reports a mismatch field by field."""
from __future__ import annotations

import tomllib
from importlib.metadata import entry_points
from pathlib import Path

import pytest

from aristofarsa.core.files import MAX_TEXT_BYTES

pytest_plugins = ["pytester"]

ROOT = Path(__file__).resolve().parents[1]


def _plugin_args() -> list[str]:
    """Load the plugin by name when the package's entry point is not installed (a checkout)."""
    installed = any(e.value == "aristofarsa.pytest_plugin" for e in entry_points(group="pytest11"))
    return [] if installed else ["-p", "aristofarsa.pytest_plugin"]


@pytest.fixture
def club(pytester: pytest.Pytester, example: Path) -> Path:
    text = example.read_text(encoding="utf-8")
    rulings = pytester.mkdir("rulings")
    (rulings / "good.toml").write_text(text, encoding="utf-8")
    nested = rulings / "2026"
    nested.mkdir()
    (nested / "bad.toml").write_text(text.replace('winners = ["Caio"]', 'winners = ["Ana"]')
                                     .replace('next_first = "Caio"', 'next_first = "Ana"'),
                                     encoding="utf-8")
    (rulings / "invalid.toml").write_text('[[player]]\nname = "Ana"\ngarden = "Knight"\n'
                                          '[expect]\nwinners = ["Ana"]\n', encoding="utf-8")
    (rulings / "no-expect.toml").write_text(text.split("[expect]")[0], encoding="utf-8")
    return rulings


def test_each_scenario_with_expect_is_one_item(pytester: pytest.Pytester, club: Path) -> None:
    result = pytester.runpytest(*_plugin_args(), "--aristofarsa-scenarios", str(club), "-v")
    result.assert_outcomes(passed=1, failed=2)
    result.stdout.fnmatch_lines(["*good.toml PASSED*"])
    assert "no-expect.toml" not in result.stdout.str()


def test_a_mismatch_is_reported_field_by_field(pytester: pytest.Pytester, club: Path) -> None:
    result = pytester.runpytest(*_plugin_args(), "--aristofarsa-scenarios", str(club))
    out = result.stdout.str()
    assert ("bad.toml: the round does not resolve as its [expect] says (2 fields differ):\n"
            "    winners: expected ['Ana'], got ['Caio']\n"
            "    next_first: expected 'Ana', got 'Caio'\n") in out
    assert "invalid.toml: 1 player; Aristofarsa is for 3 to 6 players (M8)" in out
    assert "Traceback" not in out


def test_pytest_options_apply_to_the_items(pytester: pytest.Pytester, club: Path) -> None:
    result = pytester.runpytest(*_plugin_args(), "--aristofarsa-scenarios", str(club), "-k", "good")
    result.assert_outcomes(passed=1)
    assert pytester.runpytest(*_plugin_args(), "--aristofarsa-scenarios", str(club / "nope")).ret \
        == pytest.ExitCode.USAGE_ERROR


def test_without_the_option_nothing_is_collected(pytester: pytest.Pytester, club: Path) -> None:
    result = pytester.runpytest(*_plugin_args())
    assert result.ret == pytest.ExitCode.NO_TESTS_COLLECTED


def test_the_plugin_is_a_pytest11_entry_point() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert project["entry-points"]["pytest11"] == {"aristofarsa": "aristofarsa.pytest_plugin"}
    assert "pytest>=7" in " ".join(project["optional-dependencies"]["test"])


# ------------------------------------------------------------------ issue 30: hostile files
def test_a_bad_scenario_file_is_that_files_failure_never_internalerror(
        pytester: pytest.Pytester) -> None:
    folder = pytester.mkdir("club")
    example = ROOT / "aristofarsa" / "scenarios" / "example-merchant-crowns-aristocrat.toml"
    (folder / "good.toml").write_text(example.read_text(encoding="utf-8"), encoding="utf-8")
    (folder / "keys.toml").write_text(".".join(["a"] * 31_998) + " = 1\n[expect]\n")
    (folder / "deep.toml").write_text("a = " + "[" * 19_999 + "]" * 19_999 + "\n[expect]\n")
    (folder / "digits.toml").write_text("a = " + "9" * 5000 + "\n[expect]\n")
    (folder / "big.toml").write_text("# " + "x" * (MAX_TEXT_BYTES + 10) + "\n[expect]\n")
    result = pytester.runpytest_subprocess(*_plugin_args(), "--aristofarsa-scenarios", str(folder),
                                           timeout=120)
    out = result.stdout.str()
    assert "INTERNALERROR" not in out + result.stderr.str()
    result.assert_outcomes(passed=1, failed=4)
    for words in ("keys.toml: line 1: a key of more than 8 dotted parts",
                  "deep.toml: line 1: lists or tables nested too deep",
                  "digits.toml: line 1: a number of 5,000 digits", "big.toml: is 1,000,0"):
        assert words in out, (words, out[-3000:])
