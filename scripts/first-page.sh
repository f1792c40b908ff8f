#!/usr/bin/env bash
# What a newcomer waits for: a fresh clone of a commit, with cargo's and npm's caches
# empty (their own CARGO_HOME, target directory and npm cache in a temporary folder),
# runs the README's first command, `make run`, and the script times it until `GET /`
# answers 200, and adds a line to bench/first-page.tsv. Run it on an idle machine: it measures the machine as much as
# the build.
# Usage: scripts/first-page.sh [commit, default HEAD]   (FIRST_PAGE_KEEP=0: no line)
set -euo pipefail
cd "$(dirname "$0")/.."

REV=$(git rev-parse --short "${1:-HEAD}")
WORK=$(mktemp -d /tmp/first-page.XXXXXX)
PORT=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
PID=""
cleanup() {
  [ -n "$PID" ] && { kill -- -"$PID" 2>/dev/null || true; wait "$PID" 2>/dev/null || true; }
  rm -rf "$WORK"
}
trap cleanup EXIT

git clone -q --no-local . "$WORK/clone"
git -C "$WORK/clone" checkout -q "$REV"
export CARGO_HOME="$WORK/cargo-home" npm_config_cache="$WORK/npm-cache"
unset CARGO_TARGET_DIR CARGO_BUILD_TARGET_DIR
export PATH="$HOME/.cargo/bin:$PATH" FAGFOLK_ADDR="127.0.0.1:$PORT"

# The machine's own speed, measured as bench/run.sh measures it (gzip -6 of the same 15 MB
# on one core, the median of three): a line from a faster machine says so.
calibrate() {
  local start
  start=$(date +%s%N)
  seq 1 2000000 | gzip -6 >/dev/null
  echo $((($(date +%s%N) - start) / 1000000))
}
calibration=$(for _ in 1 2 3; do calibrate; done | sort -n | sed -n 2p)
load=$(cut -d' ' -f1 /proc/loadavg)
cd "$WORK/clone"
start=$(date +%s)
setsid make --no-print-directory run >"$WORK/run.log" 2>&1 &
PID=$!
until curl -fsS -o /dev/null "http://127.0.0.1:$PORT/" 2>/dev/null; do
  kill -0 "$PID" 2>/dev/null || { tail -30 "$WORK/run.log"; echo "make run stoppet før første side" >&2; exit 1; }
  sleep 0.5
done
end=$(date +%s)

minutes() { awk -v s="$1" 'BEGIN { printf "%d:%02d", s / 60, s % 60 }'; }
total=$((end - start))
echo "Ny klone av $REV, tomme cacher: make run svarte på GET / etter $(minutes "$total") (kalibrering ${calibration} ms)"
cd - >/dev/null
if [ "${FIRST_PAGE_KEEP:-1}" != 0 ]; then
  [ -f bench/first-page.tsv ] || printf 'Dato\tCommit\tFørste side\tMaskin\n' >bench/first-page.tsv
  printf '%s\t%s\t%s\t%s\n' "$(date +%F)" "$REV" "$(minutes "$total")" \
    "$(nproc) kjerner, kalibrering ${calibration} ms, last før start $load" >>bench/first-page.tsv
fi
