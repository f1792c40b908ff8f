#!/usr/bin/env bash
# Quotes (#26), figures not tests: how long the PDF of a 20-line quote takes (the admin's
# PDF of a draft, made on every request), the customer's page beside GET /, and the
# server's resident memory idle and after 200 PDFs. Release build, SQLite; needs wrk,
# jq and a built web app (make web).
# Usage: bash bench/quotes.sh [seconds per run, default 8]
set -euo pipefail
cd "$(dirname "$0")/.."

DURATION="${1:-8}"
PORT="${BENCH_PORT:-18997}"
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
COOKIE=$(awk '/fagfolk_session/ { print $6 "=" $7 }' "$JAR")
post() { curl -fsS -b "$JAR" -H 'x-fagfolk-csrf: 1' -H 'Content-Type: application/json' -X POST -d "${2:-{\}}" "$BASE$1"; }
lead=$(post /api/admin/leads '{"name":"Øystein Åsen","email":"oystein@example.no","adresse":"Bjørnstjerne Bjørnsons gate 5"}' | jq -r .id)
lines=$(jq -nc '[range(1; 21) | {description: "Flislegging av våtrom, linje \(.) – fuging og silikon i dusjnisjen", quantity: (. * 125), unit: "m2", unit_price: (89000 + .), vat: 25}]')
quote=$(post "/api/admin/leads/$lead/quotes" "{\"lines\": $lines, \"terms\": \"Betaling 14 dager etter ferdigstillelse. Arbeidet utføres etter NS 8406.\"}" | jq -r .id)
sent=$(post "/api/admin/leads/$lead/quotes" "{\"lines\": $lines}" | jq -r .id)
link=$(post "/api/admin/quotes/$sent/send" | jq -r .link)
page="${link#$BASE}"

sleep 1
idle=$(rss_mb "$PID")
for _ in $(seq 1 200); do curl -fsS -o /dev/null -b "$JAR" "$BASE/api/admin/quotes/$quote/pdf"; done
after=$(rss_mb "$PID")
bytes=$(curl -fsS -b "$JAR" "$BASE/api/admin/quotes/$quote/pdf" | wc -c)

run() { wrk "$@" -d"${DURATION}s" --latency -s bench/p95.lua | awk '/Requests\/sec/ { rps = $2 } /^p50/ { p = $0 } END { printf "%8.0f req/s   %s ms\n", rps, p }'; }
echo "PDF av et tilbud med 20 linjer ($bytes byte), én om gangen:"
echo "  $(run -t1 -c1 -H "Cookie: $COOKIE" "$BASE/api/admin/quotes/$quote/pdf")"
echo "Kundens side $page beside GET /, wrk -t2 -c16:"
echo "  /tilbud/…  $(run -t2 -c16 -H 'Accept-Encoding: gzip' "$BASE$page")"
echo "  GET /      $(run -t2 -c16 -H 'Accept-Encoding: gzip' "$BASE/")"
echo "Minne (VmRSS): $idle MB i ro, $after MB etter 200 PDF-er"
echo "Binærfil (release, strippet): $(stat -c %s "$BIN") byte"
