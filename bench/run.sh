#!/usr/bin/env bash
# Benchmarks (figures, not tests): start-up time to a healthy /healthz on an empty data
# directory, requests/second and latency for GET / and GET /api/services under wrk, and
# the server's resident memory idle and loaded. Needs wrk (apt-get install -y wrk) and a
# built web app (make web). Usage: bash bench/run.sh [seconds per run, default 10]
set -euo pipefail
cd "$(dirname "$0")/.."

DURATION="${1:-10}"
PORT="${BENCH_PORT:-18999}"
TARGET="${CARGO_TARGET_DIR:-target}"
command -v wrk >/dev/null || { echo "wrk mangler: apt-get install -y wrk" >&2; exit 1; }

cargo build --release --quiet
BIN="$TARGET/release/fagfolk"
DATA="$(mktemp -d)"
trap 'kill "$PID" 2>/dev/null || true; rm -rf "$DATA"' EXIT

rss_mb() { awk '/VmRSS/ { printf "%.1f", $2 / 1024 }' "/proc/$1/status"; }

start_ns=$(date +%s%N)
FAGFOLK_ADDR="127.0.0.1:$PORT" DATABASE_URL="sqlite://$DATA/bench.db" FAGFOLK_STORAGE="$DATA/media" \
  RUST_LOG=warn "$BIN" serve &
PID=$!
until curl -fsS "http://127.0.0.1:$PORT/healthz" >/dev/null 2>&1; do sleep 0.005; done
ready_ms=$(( ($(date +%s%N) - start_ns) / 1000000 ))
sleep 1
idle=$(rss_mb "$PID")

run() {
  local name="$1" path="$2"
  local out
  out=$(wrk -t2 -c64 -d"${DURATION}s" --latency -H 'Accept-Encoding: gzip' "http://127.0.0.1:$PORT$path")
  local rps p50 p99 errors
  rps=$(awk '/Requests\/sec/ { print $2 }' <<<"$out")
  p50=$(awk '$1 == "50%" { print $2 }' <<<"$out")
  p99=$(awk '$1 == "99%" { print $2 }' <<<"$out")
  errors=$(awk '/Non-2xx|Socket errors/ { e = e $0 "; " } END { print (e == "" ? "0" : e) }' <<<"$out")
  printf '| %-22s | %10s | %8s | %8s | %s |\n' "$name" "$rps" "$p50" "$p99" "$errors"
}

echo
echo "Maskin: $(nproc) kjerner, $(awk '/MemTotal/ { printf "%.0f GiB", $2 / 1048576 }' /proc/meminfo), $(uname -sr)"
echo "Oppstart til frisk /healthz (tom datamappe, migrering og startdata): ${ready_ms} ms"
echo
echo "| Forespørsel            |  req/s     | p50      | p99      | feil |"
echo "|------------------------|------------|----------|----------|------|"
run "GET / (prerendret)" "/"
run "GET /api/services" "/api/services"
loaded=$(rss_mb "$PID")
echo
echo "Resident minne: ${idle} MB i ro, ${loaded} MB etter last"
