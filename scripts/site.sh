#!/usr/bin/env bash
# Build the docs and the six apps as one static site (Python runs in the visitor's browser) in
# _site/, or in the folder given: bash scripts/site.sh [DIR]. Sets up .venv with the apps and the
# site's pinned build tools (site/requirements.txt) first; npm (Node.js) is installed with apt-get
# when missing and run as root. `bash scripts/site.sh --tools` only sets up (scripts/test.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh "${AF_EXTRAS:-apps}"
stamp=.venv/.installed-site
if [ ! -f "$stamp" ] || [ site/requirements.txt -nt "$stamp" ]; then
  echo "Installing the site's build tools (site/requirements.txt) ..." >&2
  if ! .venv/bin/python -m pip install -q -r site/requirements.txt > .venv/site-setup.log 2>&1; then
    cat .venv/site-setup.log >&2
    echo "scripts/site.sh: installing site/requirements.txt failed (log above)" >&2
    exit 1
  fi
  touch "$stamp"
fi
if ! command -v npm >/dev/null 2>&1; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "Installing npm (apt-get) for the site's Pyodide runtime and Viz.js ..." >&2
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq >/dev/null && apt-get install -y -qq --no-install-recommends npm >/dev/null
  else
    echo "scripts/site.sh: npm is missing; install Node.js (e.g. sudo apt-get install npm)" >&2
    exit 1
  fi
fi
if [ "${1:-}" = "--tools" ]; then exit 0; fi
exec .venv/bin/aristofarsa site -o "${1:-_site}"
