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
# One id for the pytest run below and anything it starts: one build of the static site
# (tests/browser/static_site/conftest.py).
export AF_TEST_RUN_ID="scripts/test.sh-$$-$(date +%s)"
# The whole suite: the static site's build (about a minute, tests/browser/static_site/build.py)
# starts now, in the background, so that it overlaps the lint and the first tests; the site
# tests take it when they come (or build it again and report why it failed).
if [ "$#" -eq 0 ]; then
  .venv/bin/python tests/browser/static_site/build.py "$AF_TEST_RUN_ID" > /dev/null 2>&1 &
fi
# lint first (rules in pyproject.toml: [tool.ruff]); then mypy (the engine modules under the
# per-module form of --strict, [tool.mypy]) and nbval (every app notebook's stored outputs,
# sanitised) in the background while pytest runs: their reports follow pytest's.
run ruff .venv/bin/python -m ruff check aristofarsa tests
logs="$(mktemp -d)"
trap 'kill $(jobs -p) 2> /dev/null; rm -rf "$logs"' EXIT
background() {  # background NAME COMMAND...: start a check; `finish NAME` waits for it
  "${@:2}" > "$logs/$1.log" 2>&1 &
  echo $! > "$logs/$1.pid"
}
finish() {  # print a background check's report; remember its name if it failed
  local status=0
  wait "$(cat "$logs/$1.pid")" || status=$?
  cat "$logs/$1.log"
  [ "$status" -eq 0 ] || failed+=("$1 (exit $status)")
}
background mypy .venv/bin/python -m mypy aristofarsa
# pytest-xdist. The whole suite: one run in AF_TEST_WORKERS processes (default 3 on the 2-core
# machine it is timed on), each handed the next test in collection order as it finishes one:
# the browser tests first (tests/browser: each process starts its own shared server and Chromium
# when its first browser test needs them), then the rest. A browser test mostly waits (for
# Chromium, a kernel, a culler's timer): the third process's work fills those waits. With
# arguments: AF_TEST_WORKERS (default 2) processes, and worksteal hands a finished process part
# of a busy one's queue.
if [ "$#" -eq 0 ]; then
  background nbval .venv/bin/python -m pytest -p no:cacheprovider --nbval notebooks/ \
    --nbval-sanitize-with tests/nbval_sanitize.cfg
  run pytest .venv/bin/python -m pytest -n "${AF_TEST_WORKERS:-3}" --dist load --maxschedchunk 1 --durations="${AF_TEST_DURATIONS:-40}"
  finish nbval
else
  run pytest .venv/bin/python -m pytest -n "${AF_TEST_WORKERS:-2}" --dist worksteal "$@"
fi
finish mypy
if [ "${#failed[@]}" -gt 0 ]; then
  printf 'scripts/test.sh: failed: %s\n' "${failed[@]}" >&2
  exit 1
fi
