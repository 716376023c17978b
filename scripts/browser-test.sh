#!/usr/bin/env bash
# The browser test of `pdn report`: headless Chromium loads the report of corpus/, takes a
# screenshot and dumps the DOM (tests/it/browser.rs). Installs Debian's chromium when it is
# missing; when it cannot, says why and exits 0.
#
#   scripts/browser-test.sh                  run the test
#   scripts/browser-test.sh docs/report.png  also keep the screenshot there
set -u
cd "$(dirname "$0")/.."

if ! command -v chromium >/dev/null 2>&1 && ! command -v chromium-browser >/dev/null 2>&1; then
    if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null 2>&1; then
        echo "skipped: chromium is not installed, and apt-get as root is needed to install it (apt-get install chromium)"
        exit 0
    fi
    echo "installing chromium (apt-get install chromium)..."
    if ! timeout 900 apt-get install -y chromium >/dev/null 2>&1; then
        timeout 300 apt-get update >/dev/null 2>&1
        if ! timeout 900 apt-get install -y chromium >/dev/null 2>&1; then
            echo "skipped: apt-get could not install chromium (no network, or no such package here)"
            exit 0
        fi
    fi
fi

if [ $# -ge 1 ]; then
    PDN_REPORT_SCREENSHOT="$(realpath -m "$1")"
    export PDN_REPORT_SCREENSHOT
fi
exec cargo test --test it browser:: -- --nocapture
