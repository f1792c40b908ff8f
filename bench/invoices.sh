#!/usr/bin/env bash
# Money in (#61), figures not tests: ten years of a small firm's invoices (20 000 invoices on
# 20 000 jobs, 30 000 payments booked on them: half paid in two parts, half in one, so half
# still owe something), and how fast the reads that grow with them answer: the list of
# invoices unfiltered, filtered by state, searched by customer and by number; then one bank
# file (camt.054) of 1 000 payments by KID imported; then the largest file taken (5 000
# payments none of which names an invoice: all wait) and a file of 100 000 entries, each
# imported while another session writes (a new lead every 50 ms), with the slowest of those
# writes (#74: a write must not wait more than a second behind a bank file), and the first
# page of the 5 000 waiting. p50 and p95 by wrk, one connection and 16 at once, and the
# server's memory after. Release build; SQLite and PostgreSQL. (The dashboard, which reads
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

# The ten years' rows (`fill`): bench/ten-years.sh, which bench/jobs.sh reads too.
source bench/ten-years.sh

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

# A camt.054 file of $1 payments of 1 kr with a KID no invoice has (each waits), in one entry,
# as written by a bank without its own references (each known by its EndToEndId); written
# tight, so that 100 000 of them stay under the 20 MB a file may be and reach the reader.
unknown_file() {
  python3 - "$1" <<'PY'
import sys, datetime
n = int(sys.argv[1]); day = datetime.date.today().isoformat()
tx = "".join(
    f'<TxDtls><Refs><EndToEndId>U{i}</EndToEndId></Refs><AmtDtls><TxAmt><Amt Ccy="NOK">1</Amt></TxAmt></AmtDtls>'
    f'<RmtInf><Strd><CdtrRefInf><Ref>12345678903</Ref></CdtrRefInf></Strd></RmtInf></TxDtls>'
    for i in range(n))
print(f'''<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.054.001.02"><BkToCstmrDbtCdtNtfctn>
<GrpHdr><MsgId>UKJENT-{n}</MsgId><CreDtTm>{day}T06:00:00</CreDtTm></GrpHdr>
<Ntfctn><Id>U-{n}</Id><CreDtTm>{day}T06:00:00</CreDtTm><Acct><Id><Othr><Id>12345678903</Id></Othr></Id><Ccy>NOK</Ccy></Acct>
<Ntry><Amt Ccy="NOK">{n}.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts>BOOK</Sts><BookgDt><Dt>{day}</Dt></BookgDt><ValDt><Dt>{day}</Dt></ValDt><BkTxCd/>
<NtryDtls>{tx}</NtryDtls></Ntry></Ntfctn></BkToCstmrDbtCdtNtfctn></Document>''')
PY
}

# Imports bank file $1 while a second session writes a lead every 50 ms; prints the
# import's answer and seconds, and the slowest of the writes made meanwhile.
import_beside_writes() {
  local file=$1 log="$DATA/writes-$RANDOM"
  : > "$log"
  (
    while true; do
      curl -sS -o /dev/null -w '%{time_total}\n' -b "$jar" -H 'x-fagfolk-csrf: 1' -H 'Content-Type: application/json' \
        -d '{"name":"Samtidig Ødegård","phone":"91234567"}' "$base/api/admin/leads" >> "$log" || true
      sleep 0.05
    done
  ) &
  local writer=$!
  sleep 0.3
  local answer took
  answer=$(curl -sS -o "$DATA/answer.json" -w '%{http_code} %{time_total}' -b "$jar" -H 'x-fagfolk-csrf: 1' \
    -F "file=@$file;type=application/xml" "$base/api/admin/payments/import")
  sleep 0.3
  kill "$writer"; wait "$writer" 2>/dev/null || true
  took=${answer#* }
  echo "${answer%% *} $(head -c 160 "$DATA/answer.json") på ${took} s; $(wc -l < "$log") skrivinger ved siden av, den tregeste $(sort -g "$log" | tail -1) s"
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

  local started; started=$(date +%s)
  first_invoice
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
  # 1 000 of the invoices that still owe something (partly paid, nearly all of them overdue),
  # paid by KID in one file.
  local owed="$DATA/owed-$kind.json" file="$DATA/camt-$kind.xml"
  : > "$owed.lines"
  for page in $(seq 1 20); do
    curl -fsS -b "$jar" "$base/api/admin/invoices?state=unpaid&page=$page" \
      | jq -c '.rows[] | [.number, .balance.outstanding]' >> "$owed.lines"
  done
  jq -s '.[:1000]' "$owed.lines" > "$owed"
  bank_file "$owed" > "$file"
  local took; took=$(curl -fsS -o "$DATA/imported-$kind.json" -w '%{time_total}' -b "$jar" -H 'x-fagfolk-csrf: 1' \
    -F "file=@$file;type=application/xml" "$base/api/admin/payments/import")
  echo "  bankfil med $(jq length "$owed") innbetalinger: $(jq -c . "$DATA/imported-$kind.json") på ${took} s"
  local most="$DATA/most-$kind.xml" huge="$DATA/huge-$kind.xml"
  unknown_file 5000 > "$most"
  unknown_file 100000 > "$huge"
  echo "  største bankfil som tas (5 000 som venter, $(du -h "$most" | cut -f1)): $(import_beside_writes "$most")"
  echo "  bankfil med 100 000 poster ($(du -h "$huge" | cut -f1)): $(import_beside_writes "$huge")"
  echo "  til avklaring, første side av $(curl -fsS -b "$jar" "$base/api/admin/payments/waiting" | jq .total)"
  echo "    én om gangen  $(run -t1 -c1 -H "$cookie" -H 'x-fagfolk-csrf: 1' "$base/api/admin/payments/waiting")"
  echo "    16 samtidig   $(run -t2 -c16 -H "$cookie" -H 'x-fagfolk-csrf: 1' "$base/api/admin/payments/waiting")"
  echo "  Minne (VmRSS) etter: $(rss_mb "$PID") MB"
  kill "$PID"; wait "$PID" 2>/dev/null || true; PID=""
  # KEEP_DB=path keeps the SQLite database, to look into a query afterwards.
  if [ "$kind" = sqlite ] && [ -n "${KEEP_DB:-}" ]; then cp "${url#sqlite://}" "$KEEP_DB"; fi
}

bench sqlite "sqlite://$DATA/bench.db"
psql -q "$PG_ADMIN" -c "CREATE DATABASE $PGDB" >/dev/null
bench postgres "${PG_ADMIN%/*}/$PGDB"
