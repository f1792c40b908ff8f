#!/usr/bin/env bash
# Runs make test's Rust, Vitest and Playwright parts N times on a busy machine, to find
# the tests that race before CI does (docs/TESTING.md, "On a busy machine"). stress-ng
# keeps both cores busy beside the tests (`apt-get install stress-ng`); nothing is tried
# again, and every test is run even after a failure, so each run lists every test that
# failed. Failures go to target/under-load/run-<i>/failures.txt, with the tools' output
# beside them, and each run ends with a line of its times and the failures it found.
# Usage: scripts/under-load.sh [runs, default 5] [stress-ng workers, default 2]
set -uo pipefail
cd "$(dirname "$0")/.."
RUNS="${1:-5}"
WORKERS="${2:-2}"
command -v stress-ng >/dev/null || { echo "stress-ng mangler: apt-get install stress-ng" >&2; exit 1; }
make --no-print-directory web >/dev/null
cargo test --workspace --no-run --quiet
out=target/under-load
rm -rf "$out"
mkdir -p "$out"
stress-ng --cpu "$WORKERS" --timeout 0 --quiet &
STRESS=$!
trap 'kill "$STRESS" 2>/dev/null; wait "$STRESS" 2>/dev/null' EXIT

for run in $(seq 1 "$RUNS"); do
  dir="$out/run-$run"
  mkdir -p "$dir"
  : >"$dir/failures.txt"
  start=$(date +%s)
  NEXTEST_PROFILE=default cargo nextest run --workspace --no-fail-fast --retries 0 \
    --status-level fail --final-status-level fail >"$dir/rust.log" 2>&1
  # nextest's summary names each failed test on a line starting with FAIL (or TIMEOUT).
  grep -E '^\s+(FAIL|TIMEOUT|SIGSEGV|SIGABRT|LEAK-FAIL)\b' "$dir/rust.log" | sed 's/^ */rust: /' | sort -u >>"$dir/failures.txt"
  rust=$(($(date +%s) - start))
  start=$(date +%s)
  (cd web && npx vitest run >"../$dir/vitest.log" 2>&1) ||
    grep -E '^\s*(FAIL|×)' "$dir/vitest.log" | sed 's/^ */vitest: /' >>"$dir/failures.txt"
  vitest=$(($(date +%s) - start))
  start=$(date +%s)
  (cd web && CI= npx playwright test --retries 0 --reporter=line >"../$dir/playwright.log" 2>&1) ||
    grep -E '^\s+[0-9]+\) ' "$dir/playwright.log" | sed 's/^ */playwright: /' | sort -u >>"$dir/failures.txt"
  e2e=$(($(date +%s) - start))
  echo "run $run: rust ${rust}s, vitest ${vitest}s, playwright ${e2e}s, $(wc -l <"$dir/failures.txt") feil"
  sed 's/^/  /' "$dir/failures.txt"
done
