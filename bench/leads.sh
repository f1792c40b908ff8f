#!/usr/bin/env bash
# Lead list latency with 10 000 leads, on SQLite and on PostgreSQL (a benchmark, not a
# test). Needs wrk, sqlite3 and psql. Usage: bash bench/leads.sh [seconds per run, default 5]
# (BENCH_PATHS="/api/admin/dashboard ..." measures only those requests).
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

# One member of staff (one connection, p95, the issue's 30 ms target for a text search)
# and sixteen at once (two wrk threads, 16 connections, the median against 60 ms).
measure() {
  local label="$1" path="$2" session="$3" one many
  one=$(wrk -t1 -c1 -d"${DURATION}s" -s bench/p95.lua -H "Cookie: $session" "http://127.0.0.1:$PORT$path" | tail -1)
  many=$(wrk -t2 -c16 -d"${DURATION}s" -s bench/p95.lua -H "Cookie: $session" "http://127.0.0.1:$PORT$path")
  printf '| %-10s | %-32s | %7s ms | %9s | %7s ms | %7s ms |\n' "$label" "$(printf '%b' "${path//%/\\x}")" \
    "$(awk '{ print $4 }' <<<"$one")" "$(awk '/Requests\/sec/ { printf "%.0f", $2 }' <<<"$many")" \
    "$(tail -1 <<<"$many" | awk '{ print $2 }')" "$(tail -1 <<<"$many" | awk '{ print $4 }')"
}

run_all() {
  local label="$1" session path
  session=$(cookie)
  if [ -n "${BENCH_PATHS:-}" ]; then
    for path in $BENCH_PATHS; do measure "$label" "$path" "$session"; done
    return
  fi
  # ødegård: 20 leads of 10 000 carry the name; 91234567 is one lead's phone, stored as
  # "+47 912 34 567"; kari is in 200 names; 1 000 leads have a follow-up day, 500 of them
  # due (the dashboard lists the open ones); the export is all 10 000 as CSV.
  for path in "/api/admin/leads" "/api/admin/leads?q=%C3%B8deg%C3%A5rd" "/api/admin/leads?q=91234567" \
    "/api/admin/leads?q=kari" "/api/admin/leads?status=Kontaktet&page=20" "/api/admin/leads/board" \
    "/api/admin/leads/board?q=%C3%B8deg%C3%A5rd" "/api/admin/search?q=%C3%B8deg%C3%A5rd" "/api/admin/dashboard" \
    "/api/admin/leads?follow_up=due" "/api/admin/leads?mine=true" "/api/admin/audit" "/api/admin/leads/export"; do
    measure "$label" "$path" "$session"
  done
}

# 10 000 leads written straight into the database, as a migration from another system
# would: their search columns are empty until the server starts and fills them in
# (src/leads/store.rs index_missing), which is timed here too.
SEED_SQL_SQLITE="WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 10000)
INSERT INTO leads (id, name, email, phone, status, kilde, beskrivelse, adresse, postnr, tags, follow_up, created_at, updated_at)
SELECT randomblob(16), CASE WHEN i % 500 = 0 THEN 'Åse Ødegård ' || i WHEN i % 50 = 0 THEN 'Kari Kunde ' || i
  ELSE 'Kunde ' || i END, 'kunde' || i || '@example.no',
  '+47 9' || substr(i + 1234566, 1, 2) || ' ' || substr(i + 1234566, 3, 2) || ' ' || substr(i + 1234566, 5, 3),
  CASE i % 6 WHEN 0 THEN 'Ny' WHEN 1 THEN 'Kontaktet' WHEN 2 THEN 'Avtalt befaring'
  WHEN 3 THEN 'Tilbud sendt' WHEN 4 THEN 'Vunnet' ELSE 'Tapt' END, 'Web', 'Trenger hjelp med jobb nummer ' || i,
  'Gate ' || i, '0' || (150 + i % 800), '[]',
  CASE WHEN i % 10 = 0 THEN date('now', ((i / 10) % 20 - 9) || ' days') END,
  strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now', '-' || (i * 5) || ' minutes'),
  strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now', '-' || (i * 5) || ' minutes') FROM n;"

SEED_SQL_PG="INSERT INTO leads (id, name, email, phone, status, kilde, beskrivelse, adresse, postnr, tags, follow_up, created_at, updated_at)
SELECT gen_random_uuid(), CASE WHEN i % 500 = 0 THEN 'Åse Ødegård ' || i WHEN i % 50 = 0 THEN 'Kari Kunde ' || i
  ELSE 'Kunde ' || i END, 'kunde' || i || '@example.no',
  '+47 9' || substr((i + 1234566)::text, 1, 2) || ' ' || substr((i + 1234566)::text, 3, 2) || ' ' || substr((i + 1234566)::text, 5, 3),
  (ARRAY['Ny','Kontaktet','Avtalt befaring','Tilbud sendt','Vunnet','Tapt'])[i % 6 + 1], 'Web',
  'Trenger hjelp med jobb nummer ' || i, 'Gate ' || i, '0' || (150 + i % 800), '[]',
  CASE WHEN i % 10 = 0 THEN current_date + ((i / 10) % 20 - 9) END,
  now() - make_interval(mins => i * 5), now() - make_interval(mins => i * 5) FROM generate_series(1, 10000) AS i;"

timed_start() {
  local started=$(date +%s%N)
  start "$1"
  echo "Oppstart med 10 000 leads uten søkekolonner ($2): $(( ($(date +%s%N) - started) / 1000000 )) ms" >&2
}

echo
echo "Maskin: $(nproc) kjerner, $(awk '/MemTotal/ { printf "%.0f GiB", $2 / 1048576 }' /proc/meminfo). 10 000 leads, ${DURATION}s per måling."
echo
echo "| Database   | Forespørsel                      | 1 bruker p95 | 16: req/s | 16: p50    | 16: p95    |"
echo "|------------|----------------------------------|--------------|-----------|------------|------------|"

start "sqlite://$DATA/bench.db"
stop
sqlite3 "$DATA/bench.db" "$SEED_SQL_SQLITE"
timed_start "sqlite://$DATA/bench.db" SQLite
run_all SQLite
stop

psql -q "$PG_ADMIN" -c "CREATE DATABASE $PGDB" >/dev/null
PG_URL="${PG_ADMIN%/*}/$PGDB"
start "$PG_URL"
stop
psql -q "$PG_URL" -c "$SEED_SQL_PG" >/dev/null
timed_start "$PG_URL" PostgreSQL
run_all PostgreSQL
stop
