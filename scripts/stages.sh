#!/usr/bin/env bash
# Runs `make test`'s stages in order, as make would, and says how long each took: a line
# per stage in target/ci/stages.tsv (name, seconds, exit code, and how busy the machine's
# cores were meanwhile, in per cent of all of them) and a table at the end. A stage that
# keeps the cores half idle can gain from running more at once; one that keeps them full
# can only gain by doing less. Stops after the first stage that fails, as make does. The
# web app is built by the stage `web` once; the later stages are told it is done
# (`make -o web`), so no stage builds it again.
#
# Stages joined by `+` run at the same time (`test-rust+test-e2e`): each writes its
# output to target/ci/<stage>.log, which is printed when the group is done, and the group
# is one line of the table, timed from its start to its last stage's end. Only stages
# that share nothing but the built binaries are joined (docs/TESTING.md, "Where CI's
# minutes go"); each test file still has its own server, database and port.
# Usage: scripts/stages.sh <make target or targets joined by +>...
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

# run_group STAGE...: the stages at once, each into its own log; fails if any failed.
run_group() {
  local stages=("$@") pids=() stage rc=0 i failed
  for stage in "${stages[@]}"; do
    (
      start=$(date +%s)
      "$MAKE" --no-print-directory "${done_flags[@]}" "$stage" >"target/ci/$stage.log" 2>&1
      rc=$?
      echo "$(($(date +%s) - start))" >"target/ci/$stage.seconds"
      exit "$rc"
    ) &
    pids+=("$!")
  done
  for i in "${!pids[@]}"; do
    stage="${stages[$i]}"
    failed=""
    wait "${pids[$i]}" || { failed=1; rc=1; }
    echo "== $stage ($(cat "target/ci/$stage.seconds") s)"
    cat "target/ci/$stage.log"
    [ -z "$failed" ] || echo "== $stage feilet" >&2
  done
  return "$rc"
}

# name SPEC: the stage, or a group's stages each with its own minutes (test-rust 4:31 + ...).
name() {
  local stage out=""
  [[ "$1" == *+* ]] || { echo "$1"; return; }
  IFS=+ read -r -a group <<<"$1"
  for stage in "${group[@]}"; do
    out+="${out:+ + }$stage $(awk '{ printf "%d:%02d", $1 / 60, $1 % 60 }' "target/ci/$stage.seconds")"
  done
  echo "$out"
}

for spec in "$@"; do
  echo "== ${spec//+/ og }"
  start=$(date +%s)
  before=$(ticks)
  if [[ "$spec" == *+* ]]; then
    IFS=+ read -r -a group <<<"$spec"
    run_group "${group[@]}"
  else
    "$MAKE" --no-print-directory "${done_flags[@]}" "$spec"
  fi
  rc=$?
  printf '%s\t%s\t%s\t%s\n' "$(name "$spec")" "$(($(date +%s) - start))" "$rc" "$(busy "$before" "$(ticks)")" >>"$log"
  if [ "$rc" -ne 0 ]; then
    echo "== $spec feilet (kode $rc)" >&2
    summary
    exit "$rc"
  fi
  [ "$spec" = web ] && done_flags=(-o web -o web-deps)
done
summary
