#!/usr/bin/env bash
# Set up aristofarsa with its apps on a fresh machine (.venv) and serve them; prints the address.
# Extra arguments go to `aristofarsa serve` (e.g. scripts/serve.sh --port 9000 --no-browser).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh apps
exec .venv/bin/aristofarsa serve "$@"
