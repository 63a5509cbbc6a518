#!/usr/bin/env bash
# Make sure Debian's Chromium is there for the browser tests (Playwright drives it; Playwright's
# own browser download is not used). Installs it with apt-get when run as root; otherwise says how.
set -euo pipefail
if [ -n "${CHROMIUM:-}" ] && [ -x "$CHROMIUM" ]; then exit 0; fi
if [ -x /usr/bin/chromium ] || command -v chromium >/dev/null 2>&1; then exit 0; fi
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing Chromium (apt-get) for the browser tests ..." >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >/dev/null && apt-get install -y -qq --no-install-recommends chromium fonts-dejavu-core >/dev/null
  exit 0
fi
echo "scripts/chromium.sh: Chromium is missing, so the browser tests will be skipped." >&2
echo "  Install it with:  sudo apt-get install chromium   (or set CHROMIUM=/path/to/chromium)" >&2
