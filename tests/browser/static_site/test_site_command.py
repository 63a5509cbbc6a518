"""`aristofarsa site`: what it says when it cannot build (no build, no browser)."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from aristofarsa.cli.args import UsageError
from aristofarsa.cli.site import run

ROOT = Path(__file__).resolve().parents[3]


def test_a_failed_step_names_itself_and_the_tools_reason() -> None:
    failing = [sys.executable, "-c",
               "import sys; print('WARNING: Location x is ignored', file=sys.stderr); print('ERROR: No "
               "matching distribution found for ipython==0.0', file=sys.stderr); sys.exit(1)"]
    with pytest.raises(UsageError) as caught:
        run("downloading the wheels of site/pyodide-wheels.txt", failing)
    message = str(caught.value)
    assert message.startswith("downloading the wheels of site/pyodide-wheels.txt failed")
    assert "No matching distribution found for ipython==0.0" in message and "exit 1" in message
    assert "WARNING: Location" not in message.split("):\n", 1)[1]     # pip's noise is left out


def test_a_folder_that_is_not_a_site_is_refused(tmp_path: Path) -> None:
    (tmp_path / "notes.txt").write_text("keep me")
    done = subprocess.run([sys.executable, "-m", "aristofarsa.cli", "site", "-o", str(tmp_path)],
                          cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 2
    assert done.stderr.startswith("aristofarsa site: ")
    assert "Traceback" not in done.stderr
    assert (tmp_path / "notes.txt").read_text() == "keep me"


def test_the_wheel_is_built_from_sources_without_an_earlier_builds_leftovers(tmp_path: Path) -> None:
    """setuptools' build/ keeps every file it once copied: a catalog part file renamed since
    would ride along in the site's wheel (and the catalog refuses an ID defined twice). The
    wheel is built from a copy of the sources without build/, caches and environments."""
    from aristofarsa.cli.site import source_copy

    clone = tmp_path / "clone"
    (clone / "aristofarsa" / "data").mkdir(parents=True)
    (clone / "aristofarsa" / "data" / "messages-en.toml").write_text("x = 1\n")
    (clone / "pyproject.toml").write_text("[project]\n")
    for leftover in ("build/lib/aristofarsa/data/messages-en-old.toml", ".venv/bin/python",
                     ".site-cache/npm/x", "aristofarsa/__pycache__/m.pyc", ".git/HEAD"):
        (clone / leftover).parent.mkdir(parents=True, exist_ok=True)
        (clone / leftover).write_text("stale")
    copied = source_copy(clone, tmp_path / "copy")
    files = sorted(str(p.relative_to(copied)) for p in copied.rglob("*") if p.is_file())
    assert files == ["aristofarsa/data/messages-en.toml", "pyproject.toml"]
