#!/usr/bin/env bash
# Set up aristofarsa on a fresh machine and explain a bundled example round step by step.
# Give a scenario file to explain that one instead: scripts/demo.sh my-round.toml
# (FILE is taken relative to the folder you run the script from, like any command's file).
set -euo pipefail
HERE="$(pwd)"
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
if [ $# -gt 0 ]; then
  case "$1" in
    /*) FILE="$1" ;;
    *) FILE="$HERE/$1" ;;
  esac
else
  FILE="$ROOT/aristofarsa/scenarios/example-merchant-crowns-aristocrat.toml"
fi
cd "$ROOT"
bash scripts/setup.sh
.venv/bin/aristofarsa resolve "$FILE"
echo
echo "More lessons: .venv/bin/aristofarsa scenarios   (resolve any of them with .venv/bin/aristofarsa resolve FILE)"
