#!/usr/bin/env bash
# Money in (#61), figures not tests: ten years of a small firm's invoices (20 000 invoices on
# 20 000 jobs, 30 000 payments booked on them: half paid in two parts, half in one, so half
# still owe something), and how fast the reads that grow with them answer: the list of
# invoices unfiltered, filtered by state, searched by customer and by number; then one bank
# file (camt.054) of 1 000 payments by KID imported. p50 and p95 by wrk, one connection and
# 16 at once, and the server's memory after. Release build; SQLite and PostgreSQL. (The dashboard, which reads
# every job's meter, is #62's: bench/jobs.sh.)
# One invoice is made through the API; the rest are written straight into the database,
# each row copied from that one (its basis and seller as the server wrote them), with its
# own number, days, customer and sums, and `paid` counted from the payments as the server
# counts it.
# Needs wrk, jq, psql and a built web app (make web).
# Usage: bash bench/invoices.sh [seconds per run, default 6]
set -euo pipefail
cd "$(dirname "$0")/.."

DURATION="${1:-6}"
TARGET="${CARGO_TARGET_DIR:-target}"
command -v wrk >/dev/null || { echo "wrk mangler: apt-get install -y wrk" >&2; exit 1; }
[ -n "${NO_BUILD:-}" ] || cargo build --release --quiet
BIN="$TARGET/release/fagfolk"
DATA="$(mktemp -d)"
PG_ADMIN="${TEST_POSTGRES_URL:-postgres://postgres@127.0.0.1:5432/postgres}"
PGDB="fagfolk_bench_invoices_$$"
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

# The rows: jobs and invoices copied from the first, payments made for them, `paid` counted.
# $1 is the database kind; the SQL takes the copied columns from the table itself.
fill() {
  local kind=$1 url=$2
  python3 - "$kind" "$url" <<'PY'
import sys, subprocess, uuid
kind, url = sys.argv[1], sys.argv[2]
N = 20_000
if kind == "sqlite":
    import sqlite3
    db = sqlite3.connect(url.removeprefix("sqlite://"))
    def cols(table): return [r[1] for r in db.execute(f"PRAGMA table_info({table})")]
    job_cols = cols("jobs")
    job = db.execute("SELECT * FROM jobs WHERE id = (SELECT job_id FROM invoices LIMIT 1)").fetchone()
    inv_cols = cols("invoices")  # without the generated ones (standing, owing), which table_info leaves out
    invoice = db.execute(f"SELECT {','.join(inv_cols)} FROM invoices LIMIT 1").fetchone()
    jobs, invoices, payments = [], [], []
    import datetime
    today = datetime.date.today()
    for i in range(1, N):
        job_id = uuid.uuid4().bytes
        row = list(job); row[job_cols.index("id")] = job_id; jobs.append(row)
        issued = today - datetime.timedelta(days=(i * 3650) // N)
        customer = f"Ødegård Bygg {i % 3000}" if i % 2 else f"Kari Hansen {i % 3000}"
        number = f"{issued.year}-{i:05d}"
        total = 100_000 + (i % 97) * 1_000
        inv = list(invoice)
        for name, value in [("id", uuid.uuid4().bytes), ("job_id", job_id), ("number", number),
                            ("issue_date", issued.isoformat()), ("due_date", (issued + datetime.timedelta(days=14)).isoformat()),
                            ("customer", customer), ("search", f"{number} {customer}".lower()), ("total", total),
                            ("net_total", total * 4 // 5), ("vat_total", total - total * 4 // 5), ("paid", 0), ("credited", 0), ("charged", 0)]:
            inv[inv_cols.index(name)] = value
        invoices.append(inv)
        inv_id = inv[inv_cols.index("id")]
        halves = [total // 2, total - total // 2] if i % 2 else [total // 2]
        for k, amount in enumerate(halves):
            payments.append((uuid.uuid4().bytes, inv_id, amount, (issued + datetime.timedelta(days=10 + k)).isoformat(),
                             "manual", "matched", "Benk", "2026-01-01T00:00:00Z"))
    db.executemany(f"INSERT INTO jobs ({','.join(job_cols)}) VALUES ({','.join('?' * len(job_cols))})", jobs)
    db.executemany(f"INSERT INTO invoices ({','.join(inv_cols)}) VALUES ({','.join('?' * len(inv_cols))})", invoices)
    db.executemany("INSERT INTO payments (id, invoice_id, amount, paid_on, source, status, created_by, created_at) VALUES (?,?,?,?,?,?,?,?)", payments)
    db.execute("UPDATE invoices SET paid = COALESCE((SELECT SUM(amount) FROM payments WHERE payments.invoice_id = invoices.id AND status = 'matched'), 0)")
    db.commit()
    db.execute("ANALYZE")
else:
    # The invoices' columns but the generated ones (standing, owing), which take no value.
    inv_cols = subprocess.run(["psql", "-Atq", url, "-c", "SELECT string_agg(column_name, ', ' ORDER BY ordinal_position) "
                               "FROM information_schema.columns WHERE table_name = 'invoices' AND is_generated = 'NEVER'"],
                              check=True, capture_output=True, text=True).stdout.strip()
    sql = f"""
    CREATE TEMP TABLE n AS SELECT i FROM generate_series(1, {N - 1}) i;
    CREATE TEMP TABLE made AS SELECT i, gen_random_uuid() AS job_id, gen_random_uuid() AS invoice_id,
        current_date - (i * 3650 / {N}) AS issued,
        CASE WHEN i % 2 = 1 THEN 'Ødegård Bygg ' ELSE 'Kari Hansen ' END || (i % 3000) AS customer,
        100000 + (i % 97) * 1000 AS total FROM n;
    INSERT INTO jobs SELECT (jsonb_populate_record(NULL::jobs, to_jsonb(j) || jsonb_build_object('id', m.job_id))).*
        FROM made m, (SELECT * FROM jobs WHERE id = (SELECT job_id FROM invoices LIMIT 1)) j;
    INSERT INTO invoices ({inv_cols}) SELECT {inv_cols} FROM (SELECT (jsonb_populate_record(NULL::invoices, to_jsonb(v) || jsonb_build_object(
        'id', m.invoice_id, 'job_id', m.job_id,
        'number', extract(year FROM m.issued)::int || '-' || lpad(m.i::text, 5, '0'),
        'issue_date', m.issued, 'due_date', m.issued + 14, 'customer', m.customer,
        'search', lower(extract(year FROM m.issued)::int || '-' || lpad(m.i::text, 5, '0') || ' ' || m.customer),
        'total', m.total, 'net_total', m.total * 4 / 5, 'vat_total', m.total - m.total * 4 / 5,
        'paid', 0, 'credited', 0, 'charged', 0))).*
        FROM made m, (SELECT * FROM invoices LIMIT 1) v) AS copied;
    INSERT INTO payments (id, invoice_id, amount, paid_on, source, status, created_by, created_at)
        SELECT gen_random_uuid(), m.invoice_id, m.total / 2, m.issued + 10, 'manual', 'matched', 'Benk', now() FROM made m;
    INSERT INTO payments (id, invoice_id, amount, paid_on, source, status, created_by, created_at)
        SELECT gen_random_uuid(), m.invoice_id, m.total - m.total / 2, m.issued + 11, 'manual', 'matched', 'Benk', now()
        FROM made m WHERE m.i % 2 = 1;
    UPDATE invoices SET paid = COALESCE((SELECT SUM(amount) FROM payments WHERE payments.invoice_id = invoices.id AND status = 'matched'), 0);
    """
    subprocess.run(["psql", "-q", "-v", "ON_ERROR_STOP=1", url, "-c", sql], check=True, stdout=subprocess.DEVNULL)
    # As autovacuum would have left ten years of rows: visible to index-only scans.
    subprocess.run(["psql", "-q", url, "-c", "VACUUM ANALYZE invoices"], check=True, stdout=subprocess.DEVNULL)
PY
}

# A camt.054 file of 1 000 payments by KID, each what is left on one of the invoices that
# still owe something (numbers and sums from the list).
bank_file() {
  python3 - "$1" <<'PY'
import json, sys, datetime
rows = json.load(open(sys.argv[1]))
def kid(number):
    digits = [int(c) for c in number if c.isdigit()]
    total = 0
    for index, digit in enumerate(reversed(digits)):
        if index % 2 == 0:
            digit *= 2
            digit = digit // 10 + digit % 10
        total += digit
    return "".join(map(str, digits)) + str((10 - total % 10) % 10)
day = datetime.date.today().isoformat()
tx = "".join(
    f'<TxDtls><Refs><AcctSvcrRef>BENK-{n}</AcctSvcrRef></Refs><AmtDtls><TxAmt><Amt Ccy="NOK">{left / 100:.2f}</Amt></TxAmt></AmtDtls>'
    f'<RltdPties><Dbtr><Nm>Kunde {n}</Nm></Dbtr></RltdPties><RmtInf><Strd><CdtrRefInf><Ref>{kid(number)}</Ref></CdtrRefInf></Strd></RmtInf></TxDtls>'
    for n, (number, left) in enumerate(rows))
total = sum(left for _, left in rows) / 100
print(f'''<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.054.001.02"><BkToCstmrDbtCdtNtfctn>
<GrpHdr><MsgId>BENK-{day}</MsgId><CreDtTm>{day}T06:00:00</CreDtTm></GrpHdr>
<Ntfctn><Id>N-{day}</Id><CreDtTm>{day}T06:00:00</CreDtTm><Acct><Id><Othr><Id>12345678903</Id></Othr></Id><Ccy>NOK</Ccy></Acct>
<Ntry><Amt Ccy="NOK">{total:.2f}</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts>BOOK</Sts><BookgDt><Dt>{day}</Dt></BookgDt><ValDt><Dt>{day}</Dt></ValDt><AcctSvcrRef>E-{day}</AcctSvcrRef><BkTxCd/>
<NtryDtls>{tx}</NtryDtls></Ntry></Ntfctn></BkToCstmrDbtCdtNtfctn></Document>''')
PY
}

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
  call() { curl -fsS -b "$jar" -H 'x-fagfolk-csrf: 1' -H 'Content-Type: application/json' -X "$1" -d "$3" "$base$2"; }

  # The firm can invoice; one call-out job, worked a day and done, invoiced through the API.
  local settings; settings=$(curl -fsS -b "$jar" "$base/api/admin/settings" | jq '.company_name = "Benk AS" | .orgnr = "923 456 783"
    | .adresse = "Storgata 1, 0155 Oslo" | .invoicing = {account_number: "1234.56.78903", vat_registered: true, payment_days: 14, kid: true}')
  call PUT /api/admin/settings "$settings" >/dev/null
  local lead job started; started=$(date +%s)
  lead=$(call POST /api/admin/leads '{"name":"Kunde Ødegård","email":"kunde@example.no","adresse":"Storgata 2","postnr":"0155"}' | jq -r .id)
  job=$(call POST "/api/admin/leads/$lead/jobs" '{"title":"Oppdrag","hourly_rate":95000,"budget":5000000,"workers":[]}' | jq -r .id)
  call POST /api/admin/time "{\"job_id\":\"$job\",\"day\":\"$(date +%F)\",\"minutes\":450}" >/dev/null
  call PUT "/api/admin/jobs/$job" '{"status":"done"}' >/dev/null
  call POST "/api/admin/jobs/$job/invoices" '{}' >/dev/null
  kill "$PID"; wait "$PID" 2>/dev/null || true; PID=""
  fill "$kind" "$url"
  FAGFOLK_ADDR="127.0.0.1:$port" DATABASE_URL="$url" FAGFOLK_STORAGE="$DATA/media-$kind" FAGFOLK_PUBLIC_URL="$base" \
    RUST_LOG=warn "$BIN" serve &
  PID=$!
  until curl -fsS "$base/healthz" >/dev/null 2>&1; do sleep 0.05; done
  curl -fsS -c "$jar" -H 'x-fagfolk-csrf: 1' -H 'Content-Type: application/json' \
    -d "{\"email\":\"$email\",\"password\":\"$password\"}" "$base/api/auth/login" >/dev/null
  local made=$(($(date +%s) - started))
  local cookie; cookie="Cookie: $(awk '{ sub(/^#HttpOnly_/, "") } !/^#/ && NF >= 7 { print $6 "=" $7 }' "$jar" | tail -1)"
  local counts; counts=$(curl -fsS -b "$jar" "$base/api/admin/invoices" | jq -c '{"rader": .total_rows, "utestående": .outstanding, "tilstander": .counts}')
  echo "== $kind: laget på ${made} s; $counts"
  for target in "listen, første side:/api/admin/invoices" "listen, forfalt:/api/admin/invoices?state=overdue" \
    "listen, delvis betalt, side 50:/api/admin/invoices?state=partly_paid&page=50" \
    "søk på kunde («ødegård bygg 12»):/api/admin/invoices?q=%C3%B8deg%C3%A5rd%20bygg%2012" \
    "søk på nummer («2024-1»):/api/admin/invoices?q=2024-1"; do
    local name=${target%%:*} path=${target#*:}
    echo "  $name"
    echo "    én om gangen  $(run -t1 -c1 -H "$cookie" -H 'x-fagfolk-csrf: 1' "$base$path")"
    echo "    16 samtidig   $(run -t2 -c16 -H "$cookie" -H 'x-fagfolk-csrf: 1' "$base$path")"
  done
  # 1 000 of the invoices that still owe something, paid by KID in one file.
  local owed="$DATA/owed-$kind.json" file="$DATA/camt-$kind.xml"
  : > "$owed.lines"
  for page in $(seq 1 20); do
    curl -fsS -b "$jar" "$base/api/admin/invoices?state=partly_paid&page=$page" \
      | jq -c '.rows[] | [.number, .balance.outstanding]' >> "$owed.lines"
  done
  jq -s '.[:1000]' "$owed.lines" > "$owed"
  bank_file "$owed" > "$file"
  local took; took=$(curl -fsS -o "$DATA/imported-$kind.json" -w '%{time_total}' -b "$jar" -H 'x-fagfolk-csrf: 1' \
    -F "file=@$file;type=application/xml" "$base/api/admin/payments/import")
  echo "  bankfil med $(jq length "$owed") innbetalinger: $(jq -c . "$DATA/imported-$kind.json") på ${took} s"
  echo "  Minne (VmRSS) etter: $(rss_mb "$PID") MB"
  kill "$PID"; wait "$PID" 2>/dev/null || true; PID=""
  # KEEP_DB=path keeps the SQLite database, to look into a query afterwards.
  if [ "$kind" = sqlite ] && [ -n "${KEEP_DB:-}" ]; then cp "${url#sqlite://}" "$KEEP_DB"; fi
}

bench sqlite "sqlite://$DATA/bench.db"
psql -q "$PG_ADMIN" -c "CREATE DATABASE $PGDB" >/dev/null
bench postgres "${PG_ADMIN%/*}/$PGDB"
