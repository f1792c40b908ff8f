#!/usr/bin/env bash
# The soak (a benchmark, not a test): one minute of contact-form load (bench/contact.lua,
# each enquiry from an address of its own), then what one member of staff meets on the
# leads that load left behind: the lead list, a text search and the board, each timed
# with one connection (p50 and p95), and the server's resident memory after the load and
# half a minute later. Nothing may be lost: the enquiries stored are counted against the
# answers 201. Needs wrk, sqlite3 and psql.
# Usage: bash bench/soak.sh [sqlite|postgres] [seconds of load, default 60]
set -euo pipefail
cd "$(dirname "$0")/.."

DB_KIND="${1:-sqlite}"
LOAD="${2:-60}"
PORT="${BENCH_PORT:-18997}"
TARGET="${CARGO_TARGET_DIR:-target}"
PG_ADMIN="${TEST_POSTGRES_URL:-postgres://postgres@127.0.0.1:5432/postgres}"
EMAIL=bench@fagfolk.test
PASSWORD="benk-passord-$$-som-er-langt"
for tool in wrk sqlite3 psql curl; do command -v "$tool" >/dev/null || { echo "$tool mangler" >&2; exit 1; }; done

cargo build --release --quiet
BIN="$TARGET/release/fagfolk"
DATA="$(mktemp -d)"
PGDB="fagfolk_bench_soak_$$"
PID=""
cleanup() {
  [ -n "$PID" ] && kill "$PID" 2>/dev/null || true
  [ "$DB_KIND" = postgres ] && psql -q "$PG_ADMIN" -c "DROP DATABASE IF EXISTS $PGDB WITH (FORCE)" >/dev/null 2>&1
  rm -rf "$DATA"
}
trap cleanup EXIT

case "$DB_KIND" in
  sqlite) URL="sqlite://$DATA/bench.db"; count() { sqlite3 "$DATA/bench.db" "SELECT COUNT(*) FROM $1"; } ;;
  postgres)
    psql -q "$PG_ADMIN" -c "CREATE DATABASE $PGDB" >/dev/null
    URL="${PG_ADMIN%/*}/$PGDB"
    count() { psql -qAt "$URL" -c "SELECT COUNT(*) FROM $1"; } ;;
  *) echo "bruk: bash bench/soak.sh [sqlite|postgres] [sekunder]" >&2; exit 1 ;;
esac

# Every enquiry names its own address (X-Forwarded-For, trusted here), so the per-address
# limit counts as for real visitors; the limit itself is lifted for the load.
FAGFOLK_CONTACT_LIMIT=1000000000 FAGFOLK_TRUST_PROXY=true FAGFOLK_ADDR="127.0.0.1:$PORT" \
  DATABASE_URL="$URL" FAGFOLK_STORAGE="$DATA/media" FAGFOLK_ADMIN_EMAIL="$EMAIL" \
  FAGFOLK_ADMIN_PASSWORD="$PASSWORD" RUST_LOG=warn "$BIN" serve &
PID=$!
until curl -fsS "http://127.0.0.1:$PORT/" >/dev/null 2>&1; do sleep 0.05; done
rss_mb() { awk '/VmRSS/ { printf "%.1f", $2 / 1024 }' "/proc/$PID/status"; }
idle=$(rss_mb)

before=$(count leads)
out=$(wrk -t2 -c64 -d"${LOAD}s" --latency -s bench/contact.lua "http://127.0.0.1:$PORT/api/contact")
# Enquiries wrk sent but stopped waiting for are still written (each request runs to its
# end): a moment for them, then more stored than answered is fine, fewer is a loss.
sleep 1
stored=$(( $(count leads) - before ))
answered=$(awk '/requests in/ { print $1 }' <<<"$out")
errors=$(awk '/Non-2xx|Socket errors/ { e = e $0 "; " } END { print (e == "" ? "ingen" : e) }' <<<"$out")
loaded=$(rss_mb)

echo
echo "Maskin: $(nproc) kjerner. $DB_KIND, ${LOAD} s med henvendelser (wrk -t2 -c64):"
echo "$(awk '/Requests\/sec/ { printf "%.0f/s", $2 }' <<<"$out"), p50 $(awk '$1 == "50%" { print $2 }' <<<"$out"), p99 $(awk '$1 == "99%" { print $2 }' <<<"$out"); $answered svar, $stored lagret, feil: $errors"

session=$(curl -fsS -D - -o /dev/null -H 'Content-Type: application/json' -H 'X-Fagfolk-Csrf: 1' \
  -d "{\"email\":\"$EMAIL\",\"password\":\"$PASSWORD\"}" "http://127.0.0.1:$PORT/api/auth/login" |
  awk -F'[ ;]' 'tolower($1) == "set-cookie:" { print $2 }')
echo
echo "Én ansatt etterpå, $(count leads) leads (én forbindelse, 5 s hver; mål under 50 ms):"
echo
echo "| Forespørsel | p50 | p95 |"
echo "|---|---|---|"
# "Benk 1-4711": one lead's name among all the soak's, found by the search.
for path in "/api/admin/leads" "/api/admin/leads?q=Benk%201-4711" "/api/admin/leads?q=benk2-90" \
  "/api/admin/leads/board" "/api/admin/dashboard"; do
  one=$(wrk -t1 -c1 -d5s -s bench/p95.lua -H "Cookie: $session" "http://127.0.0.1:$PORT$path" | tail -1)
  printf '| %s | %s ms | %s ms |\n' "$(printf '%b' "${path//%/\\x}")" "$(awk '{ print $2 }' <<<"$one")" "$(awk '{ print $4 }' <<<"$one")"
done

sleep 30
echo
echo "Resident minne: ${idle} MB i ro, ${loaded} MB etter henvendelsene, $(rss_mb) MB etter lesingen og 30 s i ro"
if [ "$stored" -lt "$answered" ] && [ "$errors" = ingen ]; then
  echo "TAPT: $answered svar 201, men $stored lagret" >&2
  exit 1
fi
