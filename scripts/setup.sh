#!/usr/bin/env bash
# Create .venv (if missing) and install aristofarsa with the given extras. Idempotent.
set -euo pipefail
cd "$(dirname "$0")/.."
EXTRAS="${1:-}"
PY="${PYTHON:-python3}"
if [ ! -x .venv/bin/python ]; then
  "$PY" -m venv .venv
fi
stamp=".venv/.installed-${EXTRAS:-core}"
if [ ! -f "$stamp" ] || [ pyproject.toml -nt "$stamp" ]; then
  .venv/bin/python -m pip install -q --upgrade pip
  if [ -n "$EXTRAS" ]; then
    .venv/bin/python -m pip install -q -e ".[${EXTRAS}]"
  else
    .venv/bin/python -m pip install -q -e .
  fi
  touch "$stamp"
fi
