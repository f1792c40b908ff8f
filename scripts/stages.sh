#!/usr/bin/env bash
# Runs `make test`'s stages one after another, as make would, and says how long each
# took: a line per stage in target/ci/stages.tsv (name, seconds, exit code, and how busy
# the machine's cores were meanwhile, in per cent of all of them) and a table at the end.
# A stage that keeps the cores half idle can gain from running more at once; one that
# keeps them full can only gain by doing less. Stops at the first stage that fails, as make does. The web app is built
# by the stage `web` once; the later stages are told it is done (`make -o web`), so no
# stage builds it again.
# Usage: scripts/stages.sh <make target>...
set -uo pipefail
cd "$(dirname "$0")/.."
MAKE="${MAKE:-make}"
mkdir -p target/ci
log=target/ci/stages.tsv
# .ci/run keeps the stages it timed itself (FAGFOLK_CI_STAGES=1) and prints the table at
# its own end; alone, `make test` starts a new table.
[ -n "${FAGFOLK_CI_STAGES:-}" ] || python3 scripts/ci-summary.py --start
summary() { [ -n "${FAGFOLK_CI_STAGES:-}" ] || python3 scripts/ci-summary.py; }
# shellcheck source=scripts/cpu-busy.sh
. scripts/cpu-busy.sh
done_flags=()
for stage in "$@"; do
  echo "== $stage"
  start=$(date +%s)
  before=$(ticks)
  "$MAKE" --no-print-directory "${done_flags[@]}" "$stage"
  rc=$?
  printf '%s\t%s\t%s\t%s\n' "$stage" "$(($(date +%s) - start))" "$rc" "$(busy "$before" "$(ticks)")" >>"$log"
  if [ "$rc" -ne 0 ]; then
    echo "== $stage feilet (kode $rc)" >&2
    summary
    exit "$rc"
  fi
  [ "$stage" = web ] && done_flags=(-o web -o web-deps)
done
summary
