#!/usr/bin/env bash
# Set up everything the tests need on a fresh machine, then run the whole test suite.
# Extra arguments go to pytest (e.g. scripts/test.sh -k ledger).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh test
.venv/bin/python -m pytest "$@"
