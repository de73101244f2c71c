#!/usr/bin/env bash
# System packages the server tests need, from Debian:
#  - chromium: tests/server/test_bonaken_browser.py drives it with Playwright's Python package
#    (launched by executable_path; `playwright install` is never run);
#  - postgresql: its server binaries (initdb, pg_ctl, postgres) start a throwaway
#    cluster for the storage and restart tests.
# Already installed packages are not fetched again.
set -euo pipefail
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
need=()
command -v chromium >/dev/null 2>&1 || need+=(chromium)
compgen -G "/usr/lib/postgresql/*/bin/initdb" >/dev/null || need+=(postgresql)
if [ "${#need[@]}" -gt 0 ]; then
    export DEBIAN_FRONTEND=noninteractive
    $SUDO apt-get update -q
    $SUDO apt-get install -y -q "${need[@]}"
fi
