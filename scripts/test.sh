#!/usr/bin/env bash
# Set up everything the tests need on a fresh machine, then run the whole test suite.
# Extra arguments go to pytest (e.g. scripts/test.sh -k ledger; the quick loop without a
# browser: scripts/test.sh -m "not browser").
# Every check runs even when an earlier one fails; the exit status is non-zero if any failed.
set -uo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh test || exit 1
AF_EXTRAS=test bash scripts/site.sh --tools || exit 1   # the static site's build tools and npm (tests/browser/static_site)
bash scripts/chromium.sh || exit 1
# Bytecode caches on (some machines set PYTHONDONTWRITEBYTECODE: then every process the suite
# starts, kernels and CLI runs alike, compiles the package again), kept in the venv, not the clone.
export PYTHONDONTWRITEBYTECODE= PYTHONPYCACHEPREFIX="$PWD/.venv/pycache"
failed=()
run() {  # run one check; remember its name if it fails
  local name="$1"
  shift
  "$@" || failed+=("$name (exit $?)")
}
# One id for every pytest run below: they share one build of the static site
# (tests/browser/static_site/conftest.py).
export AF_TEST_RUN_ID="scripts/test.sh-$$-$(date +%s)"
# lint and types first (rules in pyproject.toml: [tool.ruff], [tool.mypy]: the engine modules
# under the per-module form of --strict)
run ruff .venv/bin/python -m ruff check aristofarsa tests
run mypy .venv/bin/python -m mypy aristofarsa
# pytest-xdist: AF_TEST_WORKERS processes (default 2, one per core of the machine the suite is
# timed on); worksteal hands a finished worker part of a busy one's queue. The whole suite runs
# the tests without a browser that way, then the browser tests in two processes by group
# (tests/browser/conftest.py: those on the shared server in one, the rest, mostly waits and
# static pages, in the other).
xdist=(-n "${AF_TEST_WORKERS:-2}" --dist worksteal)
if [ "$#" -eq 0 ]; then
  run pytest .venv/bin/python -m pytest "${xdist[@]}" -m "not browser"
  run "pytest (browser)" .venv/bin/python -m pytest -n "${AF_TEST_WORKERS:-2}" --dist loadgroup -m browser
else
  run pytest .venv/bin/python -m pytest "${xdist[@]}" "$@"
fi
# nbval on every app notebook (stored outputs, sanitised); skipped when pytest got arguments
if [ "$#" -eq 0 ]; then
  run nbval .venv/bin/python -m pytest -p no:cacheprovider --nbval notebooks/ \
    --nbval-sanitize-with tests/nbval_sanitize.cfg
fi
if [ "${#failed[@]}" -gt 0 ]; then
  printf 'scripts/test.sh: failed: %s\n' "${failed[@]}" >&2
  exit 1
fi
