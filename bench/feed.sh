#!/usr/bin/env bash
# Befaringer (#28), figures not tests: a calendar feed (/kalender/<secret>.ics) with 1000
# befaringer, how fast it is answered and how large it is, and the server's memory before
# and after. Release build, SQLite; needs wrk, jq and a built web app (make web).
# Usage: bash bench/feed.sh [seconds per run, default 8]
set -euo pipefail
cd "$(dirname "$0")/.."

DURATION="${1:-8}"
PORT="${BENCH_PORT:-18996}"
TARGET="${CARGO_TARGET_DIR:-target}"
command -v wrk >/dev/null || { echo "wrk mangler: apt-get install -y wrk" >&2; exit 1; }
cargo build --release --quiet
BIN="$TARGET/release/fagfolk"
DATA="$(mktemp -d)"
trap 'kill "$PID" 2>/dev/null || true; rm -rf "$DATA"' EXIT
rss_mb() { awk '/VmRSS/ { printf "%.1f", $2 / 1024 }' "/proc/$1/status"; }

BASE="http://127.0.0.1:$PORT"
EMAIL=bench@fagfolk.test
PASSWORD="benk-passord-$$-som-er-langt"
FAGFOLK_ADDR="127.0.0.1:$PORT" DATABASE_URL="sqlite://$DATA/bench.db" FAGFOLK_STORAGE="$DATA/media" \
  FAGFOLK_PUBLIC_URL="$BASE" FAGFOLK_ADMIN_EMAIL="$EMAIL" FAGFOLK_ADMIN_PASSWORD="$PASSWORD" RUST_LOG=warn "$BIN" serve &
PID=$!
until curl -fsS "$BASE/" >/dev/null 2>&1; do sleep 0.01; done

JAR="$DATA/cookies"
curl -fsS -c "$JAR" -H 'x-fagfolk-csrf: 1' -H 'Content-Type: application/json' \
  -d "{\"email\":\"$EMAIL\",\"password\":\"$PASSWORD\"}" "$BASE/api/auth/login" >/dev/null
post() { curl -fsS -b "$JAR" -H 'x-fagfolk-csrf: 1' -H 'Content-Type: application/json' -X POST -d "$2" "$BASE$1"; }
me=$(curl -fsS -b "$JAR" "$BASE/api/auth/session" | jq -r .user.id)

# 1000 befaringer on 100 leads, from tomorrow on, a few a day, all the admin's.
started=$(date +%s)
for n in $(seq 0 999); do
  if [ $((n % 10)) -eq 0 ]; then
    lead=$(post /api/admin/leads "{\"name\":\"Kunde $n Ødegård\",\"phone\":\"9$(printf %07d "$n")\",\"adresse\":\"Storgata $n\",\"postnr\":\"0155\"}" | jq -r .id)
  fi
  day=$(date -u -d "+$((1 + n / 3)) days" +%F)
  post "/api/admin/leads/$lead/visits" \
    "{\"day\":\"$day\",\"start\":\"$(printf %02d $((8 + n % 3 * 3))):00\",\"minutes\":90,\"staff_id\":\"$me\",\"note\":\"Ta med fuktmåler og stige\"}" >/dev/null
done
booked=$(($(date +%s) - started))
url=$(post /api/admin/calendar-feeds '{"scope":"own"}' | jq -r .url)
path="${url#$BASE}"

sleep 1
idle=$(rss_mb "$PID")
bytes=$(curl -fsS "$BASE$path" | wc -c)
events=$(curl -fsS "$BASE$path" | grep -c '^BEGIN:VEVENT')
run() { wrk "$@" -d"${DURATION}s" --latency -s bench/p95.lua | awk '/Requests\/sec/ { rps = $2 } /^p50/ { p = $0 } END { printf "%8.0f req/s   %s ms\n", rps, p }'; }
echo "1000 befaringer booket gjennom API-et på ${booked} s (med e-post av: ingen SMTP)"
echo "Kalenderstrøm med $events hendelser, $bytes byte:"
echo "  én om gangen     $(run -t1 -c1 "$BASE$path")"
echo "  16 samtidig      $(run -t2 -c16 "$BASE$path")"
echo "Minne (VmRSS): $idle MB før, $(rss_mb "$PID") MB etter"
