#!/usr/bin/env bash
# Set up everything the tests need on a fresh machine, then run the whole test suite.
# Extra arguments go to pytest (e.g. scripts/test.sh -k ledger).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh test
AF_EXTRAS=test bash scripts/site.sh --tools   # the static site's build tools and npm (tests/static_site)
bash scripts/chromium.sh
# lint and types first (rules in pyproject.toml: [tool.ruff], [tool.mypy])
.venv/bin/python -m ruff check aristofarsa tests
.venv/bin/python -m mypy aristofarsa
.venv/bin/python -m pytest "$@"
# nbval on every app notebook (stored outputs, sanitised); skipped when pytest got arguments
if [ "$#" -eq 0 ]; then .venv/bin/python -m pytest -p no:cacheprovider --nbval notebooks/ --nbval-sanitize-with tests/nbval_sanitize.cfg; fi
