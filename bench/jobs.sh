#!/usr/bin/env bash
# Oppdrag (#44), figures not tests: a year of a small firm's hours (50 montører x 250 working
# days = 12 500 entries) on 2 000 jobs, and how fast the three reads that grow with it
# answer: a person's week, a job's page with its meter, and a person's month as the time
# sheet's CSV; then the job list with every meter. p50 and p95 by wrk, one connection and
# 16 at once, and the server's memory after. Release build; SQLite and PostgreSQL.
# The jobs and people are made through the API; the year of hours is written straight into
# the database (the API refuses hours of a locked month, as it should), each row copied
# from one entry the API wrote, so its formats are the server's own.
# Needs wrk, jq, psql and a built web app (make web).
# Usage: bash bench/jobs.sh [seconds per run, default 6]
set -euo pipefail
cd "$(dirname "$0")/.."

DURATION="${1:-6}"
TARGET="${CARGO_TARGET_DIR:-target}"
command -v wrk >/dev/null || { echo "wrk mangler: apt-get install -y wrk" >&2; exit 1; }
cargo build --release --quiet
BIN="$TARGET/release/fagfolk"
DATA="$(mktemp -d)"
PG_ADMIN="${TEST_POSTGRES_URL:-postgres://postgres@127.0.0.1:5432/postgres}"
PGDB="fagfolk_bench_jobs_$$"
PID=""
cleanup() {
  [ -n "$PID" ] && kill "$PID" 2>/dev/null || true
  wait 2>/dev/null || true
  psql -q "$PG_ADMIN" -c "DROP DATABASE IF EXISTS $PGDB WITH (FORCE)" >/dev/null 2>&1 || true
  rm -rf "$DATA"
}
trap cleanup EXIT
rss_mb() { awk '/VmRSS/ { printf "%.1f", $2 / 1024 }' "/proc/$1/status"; }
free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
run() { wrk "$@" -d"${DURATION}s" --latency -s bench/p95.lua | awk '/Requests\/sec/ { rps = $2 } /^p50/ { p = $0 } END { printf "%7.0f req/s   %s ms\n", rps, p }'; }

bench() {
  local kind=$1 url=$2
  local port; port=$(free_port)
  local base="http://127.0.0.1:$port" email=bench@fagfolk.test password="benk-passord-$$-som-er-langt"
  FAGFOLK_ADDR="127.0.0.1:$port" DATABASE_URL="$url" FAGFOLK_STORAGE="$DATA/media-$kind" FAGFOLK_PUBLIC_URL="$base" \
    FAGFOLK_ADMIN_EMAIL="$email" FAGFOLK_ADMIN_PASSWORD="$password" RUST_LOG=warn "$BIN" serve &
  PID=$!
  until curl -fsS "$base/healthz" >/dev/null 2>&1; do sleep 0.05; done
  local jar="$DATA/cookies-$kind"
  curl -fsS -c "$jar" -H 'x-fagfolk-csrf: 1' -H 'Content-Type: application/json' \
    -d "{\"email\":\"$email\",\"password\":\"$password\"}" "$base/api/auth/login" >/dev/null
  post() { curl -fsS -b "$jar" -H 'x-fagfolk-csrf: 1' -H 'Content-Type: application/json' -X POST -d "$2" "$base$1"; }

  # 50 montører; 2 000 call-out jobs on 200 leads, each with one montør on it (40 each).
  local workers=() started; started=$(date +%s)
  for n in $(seq 1 50); do
    workers+=("$(post /api/admin/users "{\"name\":\"Montør $n\",\"email\":\"m$n@fagfolk.test\",\"password\":\"$password\",\"role\":\"montor\"}" | jq -r .id)")
  done
  local lead="" first_job=""
  for n in $(seq 0 1999); do
    if [ $((n % 10)) -eq 0 ]; then
      lead=$(post /api/admin/leads "{\"name\":\"Kunde $n Ødegård\",\"adresse\":\"Storgata $n\",\"postnr\":\"0155\"}" | jq -r .id)
    fi
    job=$(post "/api/admin/leads/$lead/jobs" "{\"title\":\"Oppdrag $n\",\"hourly_rate\":95000,\"budget\":5000000,\"workers\":[\"${workers[$((n % 50))]}\"]}" | jq -r .id)
    [ -z "$first_job" ] && first_job=$job
  done
  # One entry through the API, today, as the pattern for the year.
  post /api/admin/time "{\"job_id\":\"$first_job\",\"day\":\"$(date +%F)\",\"minutes\":450}" >/dev/null
  # 250 working days back from today for each montør, on a job of theirs that changes every week.
  local sql_sqlite="
    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 350),
    days AS (SELECT date('now', '-' || i || ' days') AS day FROM n
             WHERE strftime('%w', date('now', '-' || i || ' days')) NOT IN ('0', '6') LIMIT 250),
    people AS (SELECT u.id AS user_id, u.name, ROW_NUMBER() OVER (ORDER BY u.id) AS p FROM admin_users u WHERE u.role = 'montor'),
    theirs AS (SELECT w.user_id, w.job_id, ROW_NUMBER() OVER (PARTITION BY w.user_id ORDER BY w.job_id) AS k FROM job_workers w)
    INSERT INTO time_entries (id, job_id, user_id, user_name, day, minutes, line, note, extra, created_at, updated_at)
    SELECT randomblob(16), t.job_id, p.user_id, p.name, d.day, 450, NULL, 'Arbeid', 0, e.created_at, e.updated_at
    FROM people p CROSS JOIN days d
    JOIN theirs t ON t.user_id = p.user_id AND t.k = 1 + (CAST(julianday(d.day) AS INTEGER) / 7) % 40
    CROSS JOIN (SELECT created_at, updated_at FROM time_entries LIMIT 1) e;"
  local sql_pg="
    WITH days AS (SELECT d::date AS day FROM generate_series(current_date - 350, current_date - 1, interval '1 day') d
                  WHERE extract(isodow FROM d) < 6 ORDER BY d DESC LIMIT 250),
    people AS (SELECT u.id AS user_id, u.name FROM admin_users u WHERE u.role = 'montor'),
    theirs AS (SELECT w.user_id, w.job_id, ROW_NUMBER() OVER (PARTITION BY w.user_id ORDER BY w.job_id) AS k FROM job_workers w)
    INSERT INTO time_entries (id, job_id, user_id, user_name, day, minutes, line, note, extra, created_at, updated_at)
    SELECT gen_random_uuid(), t.job_id, p.user_id, p.name, d.day, 450, NULL, 'Arbeid', false, now(), now()
    FROM people p CROSS JOIN days d
    JOIN theirs t ON t.user_id = p.user_id AND t.k = 1 + ((d.day - date '2000-01-03') / 7) % 40;"
  if [ "$kind" = sqlite ]; then
    python3 -c 'import sqlite3, sys; db = sqlite3.connect(sys.argv[1]); db.executescript(sys.argv[2]); db.commit()' "${url#sqlite://}" "$sql_sqlite"
  else
    psql -q "$url" -c "$sql_pg" >/dev/null
  fi
  local made=$(($(date +%s) - started))
  local worker=${workers[7]} monday; monday=$(date -d "last monday - 3 weeks" +%F)
  local month; month=$(date -d "2 months ago" +%Y-%m)
  local job; job=$(curl -fsS -b "$jar" "$base/api/admin/work/week?user_id=$worker&day=$monday" | jq -r '.entries[0].job_id')
  local cookie; cookie="Cookie: $(awk '{ sub(/^#HttpOnly_/, "") } !/^#/ && NF >= 7 { print $6 "=" $7 }' "$jar" | tail -1)"
  local entries; entries=$(curl -fsS -b "$jar" "$base/api/admin/time/sheet?month=$month" | wc -l)
  echo "== $kind: 50 montører, 2 000 oppdrag og $(curl -fsS -b "$jar" "$base/api/admin/jobs" | jq '[.[] | .meter.used] | length') målere, laget på ${made} s; månedens timeliste for alle: $entries linjer"
  for target in "uke:/api/admin/work/week?user_id=$worker&day=$monday" "oppdragets måler:/api/admin/jobs/$job" \
    "månedens timeliste (CSV):/api/admin/time/sheet?month=$month&user_id=$worker" "alle oppdrag med målere:/api/admin/jobs"; do
    local name=${target%%:*} path=${target#*:}
    echo "  $name"
    echo "    én om gangen  $(run -t1 -c1 -H "$cookie" -H 'x-fagfolk-csrf: 1' "$base$path")"
    echo "    16 samtidig   $(run -t2 -c16 -H "$cookie" -H 'x-fagfolk-csrf: 1' "$base$path")"
  done
  echo "  Minne (VmRSS) etter: $(rss_mb "$PID") MB"
  kill "$PID"; wait "$PID" 2>/dev/null || true; PID=""
}

bench sqlite "sqlite://$DATA/bench.db"
psql -q "$PG_ADMIN" -c "CREATE DATABASE $PGDB" >/dev/null
bench postgres "${PG_ADMIN%/*}/$PGDB"
