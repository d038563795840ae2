#!/usr/bin/env bash
# Installs Debian's chromium headless shell for the browser tests (tests/browser, see docs/browser-tests.md).
# Idempotent and quiet: prints nothing when chromium is already there, apt's log only when it fails.
# Playwright drives this system browser; its own browser download (`playwright install`) is never used.
set -euo pipefail

if [ -x /usr/bin/chromium-headless-shell ]; then
    exit 0
fi

sudo=""
if [ "$(id -u)" -ne 0 ]; then
    sudo="sudo"
fi

log="$(mktemp)"
trap 'rm -f "$log"' EXIT
export DEBIAN_FRONTEND=noninteractive
# fonts-dejavu-core: without recommends chromium has no font at all, and screenshots show boxes.
if ! { $sudo apt-get update -qq && $sudo apt-get install -y -qq --no-install-recommends chromium-headless-shell fonts-dejavu-core; } \
    >"$log" 2>&1; then
    cat "$log" >&2
    echo "install_browser.sh: could not install chromium-headless-shell with apt-get (log above)" >&2
    exit 1
fi
echo "install_browser.sh: installed /usr/bin/chromium-headless-shell"
