#!/usr/bin/env bash
# Lead list latency with 10 000 leads, on SQLite and on PostgreSQL (a benchmark, not a
# test). Needs wrk, sqlite3 and psql. Usage: bash bench/leads.sh [seconds per run, default 5]
set -euo pipefail
cd "$(dirname "$0")/.."

DURATION="${1:-5}"
PORT="${BENCH_PORT:-18998}"
TARGET="${CARGO_TARGET_DIR:-target}"
PG_ADMIN="${TEST_POSTGRES_URL:-postgres://postgres@127.0.0.1:5432/postgres}"
EMAIL=bench@fagfolk.test
PASSWORD='benk med ti tusen leads'
for tool in wrk sqlite3 psql curl; do command -v "$tool" >/dev/null || { echo "$tool mangler" >&2; exit 1; }; done

cargo build --release --quiet
BIN="$TARGET/release/fagfolk"
DATA="$(mktemp -d)"
PGDB="fagfolk_bench_$$"
PID=""
cleanup() {
  [ -n "$PID" ] && kill "$PID" 2>/dev/null || true
  psql -q "$PG_ADMIN" -c "DROP DATABASE IF EXISTS $PGDB WITH (FORCE)" >/dev/null 2>&1 || true
  rm -rf "$DATA"
}
trap cleanup EXIT

start() {
  FAGFOLK_ADDR="127.0.0.1:$PORT" DATABASE_URL="$1" FAGFOLK_STORAGE="$DATA/media" RUST_LOG=warn \
    FAGFOLK_ADMIN_EMAIL="$EMAIL" FAGFOLK_ADMIN_PASSWORD="$PASSWORD" "$BIN" serve &
  PID=$!
  until curl -fsS "http://127.0.0.1:$PORT/healthz" >/dev/null 2>&1; do sleep 0.05; done
}

stop() { kill "$PID"; wait "$PID" 2>/dev/null || true; PID=""; }

cookie() {
  curl -fsS -D - -o /dev/null -H 'Content-Type: application/json' -H 'X-Fagfolk-Csrf: 1' \
    -d "{\"email\":\"$EMAIL\",\"password\":\"$PASSWORD\"}" "http://127.0.0.1:$PORT/api/auth/login" |
    awk -F'[ ;]' 'tolower($1) == "set-cookie:" { print $2 }'
}

measure() {
  local label="$1" path="$2" session="$3" out
  out=$(wrk -t2 -c16 -d"${DURATION}s" --latency -H "Cookie: $session" "http://127.0.0.1:$PORT$path")
  printf '| %-9s | %-42s | %9s | %8s | %8s |\n' "$label" "$path" \
    "$(awk '/Requests\/sec/ { print $2 }' <<<"$out")" \
    "$(awk '$1 == "50%" { print $2 }' <<<"$out")" "$(awk '$1 == "99%" { print $2 }' <<<"$out")"
}

run_all() {
  local label="$1" session
  session=$(cookie)
  for path in "/api/admin/leads" "/api/admin/leads?q=kari" "/api/admin/leads?status=Kontaktet&page=20" \
    "/api/admin/leads/board" "/api/admin/dashboard"; do
    measure "$label" "$path" "$session"
  done
}

SEED_SQL_SQLITE="WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 10000)
INSERT INTO leads (id, name, email, phone, status, kilde, beskrivelse, adresse, postnr, tags, created_at, updated_at)
SELECT randomblob(16), 'Kunde ' || i || CASE WHEN i % 50 = 0 THEN ' Kari' ELSE '' END, 'kunde' || i || '@example.no',
  '9' || (10000000 + i), CASE i % 6 WHEN 0 THEN 'Ny' WHEN 1 THEN 'Kontaktet' WHEN 2 THEN 'Avtalt befaring'
  WHEN 3 THEN 'Tilbud sendt' WHEN 4 THEN 'Vunnet' ELSE 'Tapt' END, 'Web', 'Trenger hjelp med jobb nummer ' || i,
  'Gate ' || i, '0' || (150 + i % 800), '[]',
  strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now', '-' || (i * 5) || ' minutes'),
  strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now', '-' || (i * 5) || ' minutes') FROM n;"

SEED_SQL_PG="INSERT INTO leads (id, name, email, phone, status, kilde, beskrivelse, adresse, postnr, tags, created_at, updated_at)
SELECT gen_random_uuid(), 'Kunde ' || i || CASE WHEN i % 50 = 0 THEN ' Kari' ELSE '' END, 'kunde' || i || '@example.no',
  '9' || (10000000 + i), (ARRAY['Ny','Kontaktet','Avtalt befaring','Tilbud sendt','Vunnet','Tapt'])[i % 6 + 1], 'Web',
  'Trenger hjelp med jobb nummer ' || i, 'Gate ' || i, '0' || (150 + i % 800), '[]',
  now() - make_interval(mins => i * 5), now() - make_interval(mins => i * 5) FROM generate_series(1, 10000) AS i;"

echo
echo "Maskin: $(nproc) kjerner, $(awk '/MemTotal/ { printf "%.0f GiB", $2 / 1048576 }' /proc/meminfo). 10 000 leads, wrk -t2 -c16 -d${DURATION}s."
echo
echo "| Database  | Forespørsel                                | req/s     | p50      | p99      |"
echo "|-----------|--------------------------------------------|-----------|----------|----------|"

start "sqlite://$DATA/bench.db"
sqlite3 "$DATA/bench.db" "$SEED_SQL_SQLITE"
run_all SQLite
stop

psql -q "$PG_ADMIN" -c "CREATE DATABASE $PGDB" >/dev/null
PG_URL="${PG_ADMIN%/*}/$PGDB"
start "$PG_URL"
psql -q "$PG_URL" -c "$SEED_SQL_PG" >/dev/null
run_all PostgreSQL
stop
