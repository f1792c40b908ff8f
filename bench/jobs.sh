#!/usr/bin/env bash
# The office's month end (#62), figures not tests: ten years of a firm of 50 montører
# (20 000 jobs with their invoices and 30 000 payments, bench/ten-years.sh; 250 000 hours
# entries, two a working day each; 20 000 quotes, one a job), and how fast the reads that grow with it answer: the job
# list (a page, one montør's, those past their estimate), the dashboard, a person's week, the
# month's hours for everyone, the month's time sheet for everyone (CSV), and the planning
# board of two weeks with a year of plans (#63). p50 and p95 by
# wrk, one connection and 16 at once, and the server's memory after. Release build; SQLite
# and PostgreSQL.
# The people, one job, its hours and its invoice are made through the API; the rest is
# written straight into the database (the API refuses hours of a locked month, as it
# should), each row copied from one the API wrote, so its formats are the server's own.
# Needs wrk, jq, psql and a built web app (make web).
# Usage: bash bench/jobs.sh [seconds per run, default 6]   (NO_BUILD=1 skips cargo; KEEP_DB=<file>
# keeps the SQLite database there and the PostgreSQL one as fagfolk_bench_jobs_kept, to look into)
set -euo pipefail
cd "$(dirname "$0")/.."

DURATION="${1:-6}"
TARGET="${CARGO_TARGET_DIR:-target}"
command -v wrk >/dev/null || { echo "wrk mangler: apt-get install -y wrk" >&2; exit 1; }
[ -n "${NO_BUILD:-}" ] || cargo build --release --quiet
BIN="$TARGET/release/fagfolk"
DATA="$(mktemp -d)"
PG_ADMIN="${TEST_POSTGRES_URL:-postgres://postgres@127.0.0.1:5432/postgres}"
PGDB="fagfolk_bench_jobs_$$"
PID=""
cleanup() {
  [ -n "$PID" ] && kill "$PID" 2>/dev/null || true
  wait 2>/dev/null || true
  if [ -n "${KEEP_DB:-}" ]; then
    psql -q "$PG_ADMIN" -c "DROP DATABASE IF EXISTS fagfolk_bench_jobs_kept WITH (FORCE)" >/dev/null 2>&1 || true
    psql -q "$PG_ADMIN" -c "ALTER DATABASE $PGDB RENAME TO fagfolk_bench_jobs_kept" >/dev/null 2>&1 || true
  fi
  psql -q "$PG_ADMIN" -c "DROP DATABASE IF EXISTS $PGDB WITH (FORCE)" >/dev/null 2>&1 || true
  rm -rf "$DATA"
}
trap cleanup EXIT
rss_mb() { awk '/VmRSS/ { printf "%.1f", $2 / 1024 }' "/proc/$1/status"; }
free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
run() { wrk "$@" -d"${DURATION}s" --latency -s bench/p95.lua | awk '/Requests\/sec/ { rps = $2 } /^p50/ { p = $0 } END { printf "%7.0f req/s   %s ms\n", rps, p }'; }
source bench/ten-years.sh

# Every job gets one of the montører; each montør two entries a working day for ten years on
# a job of theirs that changes every week; the jobs' days follow their invoices' and the
# newest 200 are at work.
hours() {
  local kind=$1 url=$2
  if [ "$kind" = sqlite ]; then
    python3 - "${url#sqlite://}" <<'PY'
import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
db.executescript("""
INSERT OR IGNORE INTO job_workers (job_id, user_id)
  SELECT j.id, p.id FROM (SELECT id, ROW_NUMBER() OVER (ORDER BY id) AS k FROM jobs) j
  JOIN (SELECT id, ROW_NUMBER() OVER (ORDER BY id) - 1 AS p FROM admin_users WHERE role = 'montor') p ON p.p = j.k % 50;
UPDATE jobs SET created_at = (SELECT issue_date FROM invoices WHERE invoices.job_id = jobs.id LIMIT 1) || substr(created_at, 11)
  WHERE EXISTS (SELECT 1 FROM invoices WHERE invoices.job_id = jobs.id);
UPDATE jobs SET status = 'in_progress' WHERE id IN (SELECT id FROM jobs ORDER BY created_at DESC LIMIT 200);
CREATE TEMP TABLE theirs AS SELECT user_id, job_id, ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY job_id) AS k,
  COUNT(*) OVER (PARTITION BY user_id) AS n FROM job_workers;
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 3650),
days AS (SELECT date('now', '-' || i || ' days') AS day FROM n WHERE strftime('%w', date('now', '-' || i || ' days')) NOT IN ('0', '6')),
two(half) AS (VALUES (0), (1))
INSERT INTO time_entries (id, job_id, user_id, user_name, day, minutes, line, note, extra, created_at, updated_at, rate, held)
  SELECT randomblob(16), t.job_id, u.id, u.name, d.day, 225, NULL, 'Arbeid', 0, e.created_at, e.updated_at, e.rate, 0
  FROM admin_users u CROSS JOIN days d CROSS JOIN two
  JOIN theirs t ON t.user_id = u.id AND t.k = 1 + (CAST(julianday(d.day) AS INTEGER) / 7) % t.n
  CROSS JOIN (SELECT created_at, updated_at, rate FROM time_entries LIMIT 1) e
  WHERE u.role = 'montor';
-- The jobs copied without rows keep the sums of the job they were copied from; the
-- triggers counted those with rows (migration 0049).
UPDATE jobs SET used_sum = 0, held_sum = 0, extra_sum = 0
  WHERE id NOT IN (SELECT job_id FROM time_entries) AND id NOT IN (SELECT job_id FROM job_materials);
""")
db.commit()
db.execute("ANALYZE")
PY
  else
    psql -q -v ON_ERROR_STOP=1 "$url" >/dev/null <<'SQL'
INSERT INTO job_workers (job_id, user_id)
  SELECT j.id, p.id FROM (SELECT id, ROW_NUMBER() OVER (ORDER BY id) AS k FROM jobs) j
  JOIN (SELECT id, ROW_NUMBER() OVER (ORDER BY id) - 1 AS p FROM admin_users WHERE role = 'montor') p ON p.p = j.k % 50
  ON CONFLICT DO NOTHING;
UPDATE jobs SET created_at = i.issue_date + time '12:00' FROM invoices i WHERE i.job_id = jobs.id;
UPDATE jobs SET status = 'in_progress' WHERE id IN (SELECT id FROM jobs ORDER BY created_at DESC LIMIT 200);
CREATE TEMP TABLE theirs AS SELECT user_id, job_id, ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY job_id) AS k,
  COUNT(*) OVER (PARTITION BY user_id) AS n FROM job_workers;
INSERT INTO time_entries (id, job_id, user_id, user_name, day, minutes, line, note, extra, created_at, updated_at, rate, held)
  SELECT gen_random_uuid(), t.job_id, u.id, u.name, d.day, 225, NULL, 'Arbeid', false, now(), now(), e.rate, false
  FROM admin_users u
  CROSS JOIN (SELECT d::date AS day FROM generate_series(current_date - 3650, current_date - 1, interval '1 day') d
              WHERE extract(isodow FROM d) < 6) d
  CROSS JOIN (VALUES (0), (1)) AS two(half)
  JOIN theirs t ON t.user_id = u.id AND t.k = 1 + ((d.day - date '2000-01-03') / 7) % t.n
  CROSS JOIN (SELECT rate FROM time_entries LIMIT 1) e
  WHERE u.role = 'montor';
UPDATE jobs SET used_sum = 0, held_sum = 0, extra_sum = 0
  WHERE id NOT IN (SELECT job_id FROM time_entries) AND id NOT IN (SELECT job_id FROM job_materials);
VACUUM ANALYZE;
SQL
  fi
}

# Ten years of quotes, one a job, copied from the one the API drafted (their leads gone, so
# no lead has them all): most accepted (on
# the day their job was made), a tenth declined, a tenth sent and never answered (expired),
# and the newest 30 sent and still open, a few of them about to expire.
quotes() {
  local kind=$1 url=$2
  if [ "$kind" = sqlite ]; then
    python3 - "${url#sqlite://}" <<'PY'
import sqlite3, sys, uuid, datetime
db = sqlite3.connect(sys.argv[1])
cols = [r[1] for r in db.execute("PRAGMA table_info(quotes)")]
quote = db.execute(f"SELECT {','.join(cols)} FROM quotes LIMIT 1").fetchone()
jobs = db.execute("SELECT created_at FROM jobs ORDER BY created_at").fetchall()
today = datetime.date.today()
rows = []
for i, (created,) in enumerate(jobs):
    made = datetime.date.fromisoformat(created[:10])
    newest = i >= len(jobs) - 30
    status = "sent" if newest or i % 10 == 1 else "declined" if i % 10 == 0 else "accepted"
    valid = today + datetime.timedelta(days=i % 20) if newest else made + datetime.timedelta(days=30)
    row = list(quote)
    for name, value in [("id", uuid.uuid4().bytes), ("lead_id", None), ("number", f"{made.year}-{i:05d}"), ("version", 1), ("status", status),
                        ("valid_until", valid.isoformat()), ("created_at", created), ("updated_at", created),
                        ("accepted_at", created if status == "accepted" else None)]:
        row[cols.index(name)] = value
    rows.append(row)
db.executemany(f"INSERT INTO quotes ({','.join(cols)}) VALUES ({','.join('?' * len(cols))})", rows)
db.commit()
db.execute("ANALYZE")
PY
  else
    psql -q -v ON_ERROR_STOP=1 "$url" >/dev/null <<'SQL'
INSERT INTO quotes SELECT (jsonb_populate_record(NULL::quotes, to_jsonb(q) || jsonb_build_object(
    'id', gen_random_uuid(), 'lead_id', NULL, 'number', extract(year FROM j.created_at)::int || '-' || lpad(j.i::text, 5, '0'), 'version', 1,
    'status', CASE WHEN j.i > j.n - 30 OR j.i % 10 = 1 THEN 'sent' WHEN j.i % 10 = 0 THEN 'declined' ELSE 'accepted' END,
    'valid_until', CASE WHEN j.i > j.n - 30 THEN current_date + (j.i % 20)::int ELSE j.created_at::date + 30 END,
    'created_at', j.created_at, 'updated_at', j.created_at,
    'accepted_at', CASE WHEN j.i <= j.n - 30 AND j.i % 10 > 1 THEN j.created_at END))).*
  FROM (SELECT created_at, ROW_NUMBER() OVER (ORDER BY created_at) AS i, COUNT(*) OVER () AS n FROM jobs) j,
       (SELECT * FROM quotes LIMIT 1) q;
VACUUM ANALYZE quotes;
SQL
  fi
}

# A year of plans (#63): each montør planned every working day from a year back to a month
# ahead on a job of theirs that changes every week, from 07:30; one day in twenty away.
plans() {
  local kind=$1 url=$2
  if [ "$kind" = sqlite ]; then
    python3 - "${url#sqlite://}" <<'PY'
import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
db.executescript("""
CREATE TEMP TABLE theirs AS SELECT user_id, job_id, ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY job_id) AS k,
  COUNT(*) OVER (PARTITION BY user_id) AS n FROM job_workers;
WITH RECURSIVE n(i) AS (SELECT -365 UNION ALL SELECT i + 1 FROM n WHERE i < 30),
days AS (SELECT date('now', i || ' days') AS day FROM n WHERE strftime('%w', date('now', i || ' days')) NOT IN ('0', '6'))
INSERT INTO plan_days (id, job_id, user_id, day, starts_at, minutes, sequence, cancelled_at, created_by, created_at, updated_at)
  SELECT randomblob(16), t.job_id, u.id, d.day, 450, NULL, 0, NULL, 'Benk', e.created_at, e.created_at
  FROM admin_users u CROSS JOIN days d
  JOIN theirs t ON t.user_id = u.id AND t.k = 1 + (CAST(julianday(d.day) AS INTEGER) / 7) % t.n
  CROSS JOIN (SELECT created_at FROM time_entries LIMIT 1) e
  WHERE u.role = 'montor';
INSERT INTO absences (id, user_id, day, kind, created_by, created_at)
  SELECT randomblob(16), user_id, day, 'ferie', 'Benk', created_at FROM plan_days WHERE abs(random()) % 20 = 0;
""")
db.commit()
db.execute("ANALYZE")
PY
  else
    psql -q -v ON_ERROR_STOP=1 "$url" >/dev/null <<'SQL'
CREATE TEMP TABLE theirs AS SELECT user_id, job_id, ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY job_id) AS k,
  COUNT(*) OVER (PARTITION BY user_id) AS n FROM job_workers;
INSERT INTO plan_days (id, job_id, user_id, day, starts_at, minutes, sequence, cancelled_at, created_by, created_at, updated_at)
  SELECT gen_random_uuid(), t.job_id, u.id, d.day, 450, NULL, 0, NULL, 'Benk', now(), now()
  FROM admin_users u
  CROSS JOIN (SELECT d::date AS day FROM generate_series(current_date - 365, current_date + 30, interval '1 day') d
              WHERE extract(isodow FROM d) < 6) d
  JOIN theirs t ON t.user_id = u.id AND t.k = 1 + ((d.day - date '2000-01-03') / 7) % t.n
  WHERE u.role = 'montor';
INSERT INTO absences (id, user_id, day, kind, created_by, created_at)
  SELECT gen_random_uuid(), user_id, day, 'ferie', 'Benk', now() FROM plan_days WHERE random() < 0.05;
VACUUM ANALYZE plan_days;
VACUUM ANALYZE absences;
SQL
  fi
}

bench() {
  local kind=$1 url=$2
  local port; port=$(free_port)
  local base="http://127.0.0.1:$port" email=bench@fagfolk.test password="benk-passord-$$-som-er-langt"
  serve() {
    FAGFOLK_ADDR="127.0.0.1:$port" DATABASE_URL="$url" FAGFOLK_STORAGE="$DATA/media-$kind" FAGFOLK_PUBLIC_URL="$base" \
      FAGFOLK_ADMIN_EMAIL="$email" FAGFOLK_ADMIN_PASSWORD="$password" RUST_LOG=warn "$BIN" serve &
    PID=$!
    until curl -fsS "$base/healthz" >/dev/null 2>&1; do sleep 0.05; done
    curl -fsS -c "$jar" -H 'x-fagfolk-csrf: 1' -H 'Content-Type: application/json' \
      -d "{\"email\":\"$email\",\"password\":\"$password\"}" "$base/api/auth/login" >/dev/null
  }
  local jar="$DATA/cookies-$kind"
  serve
  call() { curl -fsS -b "$jar" -H 'x-fagfolk-csrf: 1' -H 'Content-Type: application/json' -X "$1" -d "$3" "$base$2"; }

  # 50 montører, and the invoice `fill` copies (bench/ten-years.sh).
  local started; started=$(date +%s)
  for n in $(seq 1 50); do
    call POST /api/admin/users "{\"name\":\"Montør $n\",\"email\":\"m$n@fagfolk.test\",\"password\":\"$password\",\"role\":\"montor\"}" >/dev/null
  done
  first_invoice
  local lead; lead=$(call POST /api/admin/leads '{"name":"Tilbud Ødegård","email":"tilbud@example.no"}' | jq -r .id)
  call POST "/api/admin/leads/$lead/quotes" \
    '{"customer_kind":"private","lines":[{"description":"Flislegging","quantity":1250,"unit":"m2","unit_price":89000,"vat":25}]}' >/dev/null
  kill "$PID"; wait "$PID" 2>/dev/null || true; PID=""
  fill "$kind" "$url"
  hours "$kind" "$url"
  quotes "$kind" "$url"
  plans "$kind" "$url"
  serve
  local made=$(($(date +%s) - started))
  local cookie; cookie="Cookie: $(awk '{ sub(/^#HttpOnly_/, "") } !/^#/ && NF >= 7 { print $6 "=" $7 }' "$jar" | tail -1)"
  local worker; worker=$(curl -fsS -b "$jar" "$base/api/admin/users" | jq -r '[.[] | select(.role == "montor")][7].id')
  local monday; monday=$(date -d "last monday - 3 weeks" +%F)
  local month; month=$(date -d "$(date +%Y-%m-15) - 1 month" +%Y-%m)
  local jobs; jobs=$(curl -fsS -b "$jar" "$base/api/admin/jobs" | jq .total_rows)
  local rows; rows=$(curl -fsS -b "$jar" "$base/api/admin/time/sheet?month=$month" | wc -l)
  echo "== $kind: $jobs oppdrag, laget på ${made} s; månedens timeliste for alle ($month): $rows linjer"
  for target in "oppdragslisten, første side:/api/admin/jobs" "oppdragslisten, én montørs:/api/admin/jobs?worker=$worker" \
    "oppdragslisten, over prisoverslaget:/api/admin/jobs?over_estimate=true" "oversikten:/api/admin/dashboard" \
    "en persons uke:/api/admin/work/week?user_id=$worker&day=$monday" "månedens timer for alle:/api/admin/time/month?month=$month" \
    "månedens timeliste for alle (CSV):/api/admin/time/sheet?month=$month" \
    "planleggingstavla, to uker:/api/admin/plan?from=$(date -d 'last monday' +%F)&days=14"; do
    local name=${target%%:*} path=${target#*:}
    echo "  $name"
    echo "    én om gangen  $(run -t1 -c1 -H "$cookie" -H 'x-fagfolk-csrf: 1' "$base$path")"
    echo "    16 samtidig   $(run -t2 -c16 -H "$cookie" -H 'x-fagfolk-csrf: 1' "$base$path")"
  done
  # The dashboard and the month are kept while nothing is committed (src/http/kept.rs): made
  # afresh, with a commit by the database's own tool before each of 30 asks, one at a time.
  afresh() {
    # A real change: SQLite writes nothing for an update to the same value, and its
    # data_version does not move.
    local times=() n touch="CREATE TABLE IF NOT EXISTS bench_touch (n INTEGER); INSERT INTO bench_touch VALUES (1);"
    for n in $(seq 1 30); do
      if [ "$kind" = sqlite ]; then
        python3 -c 'import sqlite3, sys; db = sqlite3.connect(sys.argv[1]); db.executescript(sys.argv[2])' "${url#sqlite://}" "$touch"
      else PGOPTIONS="-c client_min_messages=warning" psql -q "$url" -c "$touch"; fi
      times+=("$(curl -fsS -o /dev/null -w '%{time_total}' -H "$cookie" "$base$1")")
    done
    printf '%s\n' "${times[@]}" | sort -n | awk '{ t[NR] = $1 * 1000 } END { printf "p50 %.1f p95 %.1f ms", t[int(NR * 0.5 + 0.5)], t[int(NR * 0.95 + 0.5)] }'
  }
  echo "  laget på nytt etter en endring, én om gangen (30 kall)"
  echo "    oversikten                $(afresh /api/admin/dashboard)"
  echo "    månedens timer for alle   $(afresh "/api/admin/time/month?month=$month")"
  echo "  Minne (VmRSS) etter: $(rss_mb "$PID") MB"
  kill "$PID"; wait "$PID" 2>/dev/null || true; PID=""
  if [ "$kind" = sqlite ] && [ -n "${KEEP_DB:-}" ]; then cp "${url#sqlite://}" "$KEEP_DB"; fi
}

bench sqlite "sqlite://$DATA/bench.db"
psql -q "$PG_ADMIN" -c "CREATE DATABASE $PGDB" >/dev/null
bench postgres "${PG_ADMIN%/*}/$PGDB"
