#!/usr/bin/env bash
# The server binary held to a budget: fails when it is larger than the size measured when
# the budget was last reviewed (docs/BENCHMARKS.md, "The build"), with some room. A
# dependency or an embedded file that makes the binary grow past it has to be looked at,
# and the budget raised on purpose in the same commit, with the reason.
#
# Two binaries, two budgets. CI checks the test build's server (target/debug/fagfolk,
# which CI builds anyway), stripped: it grows with every dependency and every file
# compiled in that the shipped binary grows with (not the web app, which the test build
# reads from disk and web/scripts/budget.mjs holds to its own budget), and checking it
# costs nothing. `--release` builds and checks
# the shipped binary itself (`cargo build --release`, as docs/DEPLOY.md does), which CI
# does not build: from a cold cache that build alone is 12 minutes, more than half of
# CI's budget. bench/run.sh, which builds it anyway, checks it on every benchmark run.
# Usage: scripts/build-budget.sh [--release]
set -euo pipefail
cd "$(dirname "$0")/.."

# Measured on 2026-11-27, with about 3 % of room: the shipped binary 36.5 MB (thin LTO,
# four codegen units, stripped, the web app's 1.8 MB inside), the test build's server
# 59.9 MB stripped. Raised on 2026-11-28 for oppdrag (#44: jobs, hours, materials, the
# meter, tilleggsarbeid, the time sheet as CSV and PDF, about 5 000 lines of server code
# and no new dependency): the test build's server 62.0 MB, the shipped binary 37.85 MB.
# Raised again on 2026-11-28 for finishing a job (#45: the invoice basis, invoices and
# credit notes, EHF written with quick-xml, which object_store already compiled in, and
# the samsvarserklæring, about 3 000 lines of server code and no new crate): the test
# build's server 63.88 MB, 20 KB under the old budget. The shipped binary was not built
# in that session. Measured on 2026-11-28 (session 33) with the customer's documents page
# and the declaration's photos too: the shipped binary 39.52 MB (a cold release build of
# 6:44 on a faster machine), over its 39.0 MB budget, which is raised with the same 3 %
# of room; the test build's server 64.6 MB, inside its budget. Raised on 2026-11-28
# (session 37) for money in (#61: the list of invoices, payments, the bank's camt.054
# read with quick-xml, which the data crate now uses too (the same crate the server's EHF
# compiled in already), sending, the dashboard's figures; about 3 000 lines and no new
# crate): the test build's server 66.2 MB, with 3 % of room. The shipped binary was not
# built in that session. Raised on 2026-11-29 (session 43) for planning (#63: planned
# days, absences, the board and its clashes, the feeds' job days; about 1 500 lines and
# no new crate) and the job list's worker rows (#62): the shipped binary 40.97 MB and
# the test build's server 68.76 MB, each with 3 % of room.
RELEASE_BUDGET=42200000
DEBUG_BUDGET=70900000

TARGET="${CARGO_TARGET_DIR:-target}"
if [ "${1:-}" = --release ]; then
  cargo build --release --quiet
  name="Den leverte binærfilen (release)"
  size=$(stat -c %s "$TARGET/release/fagfolk")
  budget=$RELEASE_BUDGET
else
  # The binary the tests run: `cargo build` would resolve features without the
  # dev-dependencies and compile much of the tree again.
  cargo test --workspace --no-run --quiet
  stripped=$(mktemp)
  trap 'rm -f "$stripped"' EXIT
  strip -o "$stripped" "$TARGET/debug/fagfolk"
  name="Testbyggets server (debug, strippet)"
  size=$(stat -c %s "$stripped")
  budget=$DEBUG_BUDGET
fi
mb() { awk -v b="$1" 'BEGIN { printf "%.1f MB", b / 1000000 }'; }
if [ "$size" -gt "$budget" ]; then
  echo "$name er $(mb "$size"), over budsjettet på $(mb "$budget") (scripts/build-budget.sh)" >&2
  exit 1
fi
echo "$name er $(mb "$size"), budsjettet er $(mb "$budget")"
