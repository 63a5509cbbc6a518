#!/usr/bin/env bash
# Set up aristofarsa on a fresh machine and explain a bundled example round step by step.
# Give a scenario file to explain that one instead: scripts/demo.sh my-round.toml
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
FILE="${1:-aristofarsa/scenarios/example-merchant-crowns-aristocrat.toml}"
.venv/bin/aristofarsa resolve "$FILE"
echo
echo "More lessons: .venv/bin/aristofarsa scenarios   (resolve any of them with .venv/bin/aristofarsa resolve FILE)"
