"""The static site under test: built once per session, served by a plain static server.

Fixtures:

* ``site_dir`` (session): the folder ``aristofarsa site -o`` wrote, built once per test run into
  ``.site-cache/test-site/`` of the clone (downloads cached in ``.site-cache/``, so only the
  first build reaches the registries; build.py). Under pytest-xdist the first worker to need it
  builds it while holding a lock; the others wait and reuse that build (so does a later pytest
  run given the same ``AF_TEST_RUN_ID``, which ``scripts/test.sh`` sets: it starts the build
  itself, in the background, before pytest). The site tests skip, saying
  why, only when the site's build tools are missing (``pip install -r
  site/requirements.txt``; ``scripts/test.sh`` installs them, so CI runs them).
* ``site_url`` (session): the site's address under a sub-folder
  (``http://127.0.0.1:PORT/test-site/``, as on GitHub Pages), served by ``python -m
  http.server``: no server-side code at all.
* ``browser``, ``page``, ``serve``, ``wait_for_app``: the browser tests' own, inherited
  from tests/browser/conftest.py (one Chromium for the whole session: a second Playwright in
  the same thread is refused): a page fails its test on any request that leaves 127.0.0.1.
"""
from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from browser.conftest import free_port
from browser.static_site.build import BUILT, CACHE, ROOT, build_once

__all__ = ["BUILT", "CACHE", "ROOT"]     # test_static_site.py imports them from here
TOOLS = ("voici_core", "jupyterlite_pyodide_kernel", "mkdocs", "material")


@pytest.fixture(scope="session")
def site_dir(request: pytest.FixtureRequest) -> Path:
    missing = [m for m in TOOLS if importlib.util.find_spec(m) is None]
    if missing:
        pytest.skip(f"the site's build tools are missing ({', '.join(missing)}): "
                    "pip install -r site/requirements.txt (scripts/test.sh does it)")
    if shutil.which("npm") is None:
        pytest.skip("npm is missing (Debian: apt-get install npm; scripts/site.sh does it as root)")
    failed = build_once(_run_id(request.config))
    assert failed is None, f"aristofarsa site failed:\n{failed}"
    return BUILT


def _run_id(config: pytest.Config) -> str:
    """The same for every pytest-xdist worker of one run, and for every pytest run given the
    same ``AF_TEST_RUN_ID`` (``scripts/test.sh`` sets one); "" for a lone run without xdist:
    always build."""
    if run := os.environ.get("AF_TEST_RUN_ID", ""):
        return run
    workerinput = getattr(config, "workerinput", None)
    return str(workerinput["testrunuid"]) if workerinput else ""


@pytest.fixture(scope="session")
def site_url(site_dir: Path) -> Iterator[str]:
    port = free_port()
    server = subprocess.Popen([sys.executable, "-m", "http.server", "--bind", "127.0.0.1",
                               "--directory", str(site_dir.parent), str(port)],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}/{site_dir.name}/"
    try:
        deadline = time.monotonic() + 15
        while True:
            try:
                urllib.request.urlopen(url, timeout=2).close()
                break
            except OSError:
                assert time.monotonic() < deadline, "the static server did not start"
                time.sleep(0.1)
        yield url
    finally:
        server.terminate()
        server.wait(timeout=10)

