"""The static site under test, built once per test run into ``.site-cache/test-site/`` of the
clone (``site_dir`` in conftest.py uses it). ``scripts/test.sh`` also runs this file, in the
background before pytest starts, so that the build (about a minute) overlaps the lint and the
first tests instead of holding up the first test that needs the site:

    python tests/browser/static_site/build.py RUN_ID

Either way one build per run id: the first to take the lock builds (under pytest-xdist the
other workers wait and reuse it); a build that failed leaves no stamp, so the fixture builds
again and reports the failure. Plain Python (no pytest), so that it runs as a script.
"""
from __future__ import annotations

import fcntl
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
CACHE = ROOT / ".site-cache"
BUILT = CACHE / "test-site"


def build_once(run_id: str) -> str | None:
    """Build the site into BUILT unless the build of ``run_id`` is there already ("" always
    builds); None once it is there, else why the build failed (its stderr)."""
    CACHE.mkdir(exist_ok=True)
    stamp = CACHE / "test-site.run"          # which test run built test-site/
    with open(CACHE / "test-site.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)     # one build at a time (xdist workers, two runs in one clone)
        if run_id and stamp.is_file() and stamp.read_text() == run_id and BUILT.is_dir():
            return None
        stamp.unlink(missing_ok=True)
        done = subprocess.run([sys.executable, "-m", "aristofarsa.cli", "site", "-o", str(BUILT),
                               "--cache", str(CACHE)], cwd=ROOT, capture_output=True, text=True,
                              timeout=900)
        if done.returncode != 0:
            return done.stderr
        stamp.write_text(run_id)
    return None


if __name__ == "__main__":
    failed = build_once(sys.argv[1])
    if failed is not None:
        print(f"aristofarsa site failed (the site tests build it again and report it):\n{failed}",
              file=sys.stderr)
    sys.exit(failed is not None)
