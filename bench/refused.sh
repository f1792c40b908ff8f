#!/usr/bin/env bash
# Refused enquiries (#40, finding 9), figures not tests: one client posts the contact form
# without JavaScript as fast as it can for a while, every post refused (the name left out);
# how many posts went through, what they were answered, and how much CPU the server spent
# on them. Each refused post used to render the contact page again in the engine; past its
# budget (src/contact/limit.rs) a post is answered 429 on a plain page.
# Release build unless BIN names another; SQLite.
# Usage: bash bench/refused.sh [seconds, default 20] [clients at once, default 4]
set -euo pipefail
cd "$(dirname "$0")/.."

SECONDS_FOR="${1:-20}"
CLIENTS="${2:-4}"
PORT="${BENCH_PORT:-18996}"
TARGET="${CARGO_TARGET_DIR:-target}"
if [ -z "${BIN:-}" ]; then
  cargo build --release --quiet
  BIN="$TARGET/release/fagfolk"
fi
DATA="$(mktemp -d)"
trap 'kill "$PID" 2>/dev/null || true; rm -rf "$DATA"' EXIT
cpu_ticks() { awk '{ print $14 + $15 }' "/proc/$1/stat"; }

BASE="http://127.0.0.1:$PORT"
FAGFOLK_ADDR="127.0.0.1:$PORT" DATABASE_URL="sqlite://$DATA/bench.db" FAGFOLK_STORAGE="$DATA/media" \
  FAGFOLK_PUBLIC_URL="$BASE" RUST_LOG=warn "$BIN" serve &
PID=$!
until curl -fsS "$BASE/" >/dev/null 2>&1; do sleep 0.05; done
sleep 1

BODY='name=&email=kari%40example.no&phone=912+34+567&service=&message=Det+drypper.&website='
before=$(cpu_ticks "$PID")
end=$(($(date +%s) + SECONDS_FOR))
for client in $(seq 1 "$CLIENTS"); do
  (while [ "$(date +%s)" -lt "$end" ]; do
     curl -s -o /dev/null -w '%{http_code}\n' -H "Origin: $BASE" \
       -H 'Content-Type: application/x-www-form-urlencoded' --data "$BODY" "$BASE/kontakt"
   done >"$DATA/codes-$client") &
done
wait $(jobs -p | grep -v "^$PID$") 2>/dev/null || true
after=$(cpu_ticks "$PID")
cat "$DATA"/codes-* | sort | uniq -c | awk '{ printf "svar %s: %d\n", $2, $1 }'
echo "poster: $(cat "$DATA"/codes-* | wc -l) på $SECONDS_FOR s fra $CLIENTS klienter"
echo "serverens CPU: $(awk -v t=$((after - before)) -v hz="$(getconf CLK_TCK)" 'BEGIN { printf "%.1f", t / hz }') s"
