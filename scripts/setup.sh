#!/usr/bin/env bash
# Create .venv (if missing) and install aristofarsa with the given extras. Idempotent.
# The installer's chatter goes to .venv/setup.log; it is shown only if the install fails.
set -euo pipefail
cd "$(dirname "$0")/.."
EXTRAS="${1:-}"
PY="${PYTHON:-python3}"
if [ ! -x .venv/bin/python ]; then
  "$PY" -m venv .venv
fi
stamp=".venv/.installed-${EXTRAS:-core}"
if [ ! -f "$stamp" ] || [ pyproject.toml -nt "$stamp" ]; then
  target="."
  [ -n "$EXTRAS" ] && target=".[${EXTRAS}]"
  echo "Setting up .venv (aristofarsa${EXTRAS:+ with $EXTRAS extras}) ..." >&2
  if ! { .venv/bin/python -m pip install -q --upgrade pip &&
         .venv/bin/python -m pip install -q -e "$target"; } > .venv/setup.log 2>&1; then
    cat .venv/setup.log >&2
    echo "scripts/setup.sh: installing aristofarsa failed (log above, also in .venv/setup.log)" >&2
    exit 1
  fi
  touch "$stamp"
fi
