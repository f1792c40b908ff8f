#!/usr/bin/env bash
# Benchmarks (figures, not tests): start-up time to a healthy /healthz on an empty data
# directory, requests/second and latency for GET / and GET /api/services beside nginx
# serving the same files, POST /api/contact on SQLite and on PostgreSQL, and the server's
# resident memory idle and loaded, and how long a settings save takes with the
# re-render of every page it causes; at the end, every figure beside the previous run's
# (bench/history.tsv). Needs wrk (apt-get install -y wrk), nginx, psql and pgbench for
# the comparisons, jq for the settings saves, and a built web app (make web).
#
# The benchmark knows its machine: it measures the machine too, in the same run, and
# prints each figure also as a ratio to that figure's ceiling on this machine. Pages and
# the services JSON against nginx serving the same bytes; PostgreSQL's enquiries against
# pgbench inserting the same rows with the same clients (bench/pg-ceiling.sql); the
# CPU-bound figures (SQLite's enquiries, a settings save, the start) against a fixed
# task, gzip of the same input, timed at the start and at the end. The comparison with
# the previous run is made on the ratios: a slower machine does not read as a
# regression, and a regression does not hide behind a faster machine.
# Usage: bash bench/run.sh [seconds per run, default 10]
set -euo pipefail
cd "$(dirname "$0")/.."

DURATION="${1:-10}"
PORT="${BENCH_PORT:-18999}"
TARGET="${CARGO_TARGET_DIR:-target}"
command -v wrk >/dev/null || { echo "wrk mangler: apt-get install -y wrk" >&2; exit 1; }

# BENCH_BIN measures another binary (an earlier commit's, kept, for a before and after
# in the same hour; BENCH_COMMIT names it in the history) instead of building this commit's.
if [ -n "${BENCH_BIN:-}" ]; then
  BIN="$BENCH_BIN"
else
  cargo build --release --quiet
  BIN="$TARGET/release/fagfolk"
  # The shipped binary against its size budget; over it, the figures are still measured.
  scripts/build-budget.sh --release || true
fi
DATA="$(mktemp -d)"
NGINX_PID=""
PG_PID=""
PG_ADMIN="${TEST_POSTGRES_URL:-postgres://postgres@127.0.0.1:5432/postgres}"
PGDB="fagfolk_bench_contact_$$"
cleanup() {
  kill "$PID" $NGINX_PID $PG_PID 2>/dev/null || true
  [ -n "$PG_PID" ] && { wait "$PG_PID" 2>/dev/null || true; psql -q "$PG_ADMIN" -c "DROP DATABASE IF EXISTS $PGDB WITH (FORCE)" >/dev/null 2>&1 || true; }
  rm -rf "$DATA"
}
trap cleanup EXIT

rss_mb() { awk '/VmRSS/ { printf "%.1f", $2 / 1024 }' "/proc/$1/status"; }
# The anonymous part (the heap, the stacks): what the server's code holds. The rest is the
# binary's own pages, which vary by several MB from run to run with what the kernel has
# cached of the file (it maps cached pages around each one used).
anon_mb() { awk '/RssAnon/ { printf "%.1f", $2 / 1024 }' "/proc/$1/status"; }

# The fixed CPU-bound task: one core compressing the same 15 MB, in milliseconds.
calibrate() {
  local start
  start=$(date +%s%N)
  seq 1 2000000 | gzip -6 >/dev/null
  echo $((($(date +%s%N) - start) / 1000000))
}
CALIBRATION=("$(calibrate)" "$(calibrate)" "$(calibrate)")

start_ns=$(date +%s%N)
# The contact form's per-IP limit is lifted: every request here comes from one address,
# but bench/contact.lua's, which name an address each (X-Forwarded-For, trusted here).
export FAGFOLK_CONTACT_LIMIT=1000000000 FAGFOLK_TRUST_PROXY=true
ADMIN_EMAIL=bench@fagfolk.test
ADMIN_PASSWORD="benk-passord-$$-som-er-langt"
FAGFOLK_ADDR="127.0.0.1:$PORT" DATABASE_URL="sqlite://$DATA/bench.db" FAGFOLK_STORAGE="$DATA/media" \
  FAGFOLK_ADMIN_EMAIL="$ADMIN_EMAIL" FAGFOLK_ADMIN_PASSWORD="$ADMIN_PASSWORD" RUST_LOG=warn "$BIN" serve &
PID=$!
until curl -fsS "http://127.0.0.1:$PORT/healthz" >/dev/null 2>&1; do sleep 0.005; done
ready_ms=$(( ($(date +%s%N) - start_ns) / 1000000 ))
# The first request waits for the first render of every page.
until curl -fsS "http://127.0.0.1:$PORT/" >/dev/null 2>&1; do sleep 0.005; done
page_ms=$(( ($(date +%s%N) - start_ns) / 1000000 ))
sleep 1
idle=$(rss_mb "$PID")
idle_anon=$(anon_mb "$PID")

# A settings save answers once every page is rendered again (src/site/cache.rs): its
# time is the save, its audit entry and the re-render of every page.
JAR="$DATA/cookies"
curl -fsS -c "$JAR" -H 'x-fagfolk-csrf: 1' -H 'Content-Type: application/json' \
  -d "{\"email\":\"$ADMIN_EMAIL\",\"password\":\"$ADMIN_PASSWORD\"}" "http://127.0.0.1:$PORT/api/auth/login" >/dev/null
settings=$(curl -fsS -b "$JAR" "http://127.0.0.1:$PORT/api/admin/settings")
saves=()
for i in $(seq 10 29); do
  body=$(jq -c --arg phone "22 33 44 $i" '.global_phone_primary = $phone' <<<"$settings")
  saves+=("$(curl -fsS -o /dev/null -w '%{time_total}' -b "$JAR" -X PUT -H 'x-fagfolk-csrf: 1' \
    -H 'Content-Type: application/json' -d "$body" "http://127.0.0.1:$PORT/api/admin/settings")")
done
save_ms=$(printf '%s\n' "${saves[@]}" | sort -n | awk '{ v[NR] = $1 * 1000 } END { printf "median %.0f ms, slowest %.0f ms", v[int((NR + 1) / 2)], v[NR] }')

run() {
  local name="$1" path="$2" port="${3:-$PORT}" script="${4:-}"
  local out
  out=$(wrk -t2 -c64 -d"${DURATION}s" --latency -H 'Accept-Encoding: gzip' ${script:+-s "$script"} \
    "http://127.0.0.1:$port$path")
  local rps p50 p99 errors
  rps=$(awk '/Requests\/sec/ { print $2 }' <<<"$out")
  p50=$(awk '$1 == "50%" { print $2 }' <<<"$out")
  p99=$(awk '$1 == "99%" { print $2 }' <<<"$out")
  errors=$(awk '/Non-2xx|Socket errors/ { e = e $0 "; " } END { print (e == "" ? "0" : e) }' <<<"$out")
  printf '| %-22s | %10s | %8s | %8s | %s |\n' "$name" "$rps" "$p50" "$p99" "$errors"
  LAST_RPS="$rps"
  LAST_P99="$p99"
}

# nginx (Debian package) serving the same rendered HTML and services JSON as files,
# precompressed (gzip_static), as the yardstick.
NGINX_PORT=$((PORT + 1))
start_nginx() {
  command -v nginx >/dev/null || [ -x /usr/sbin/nginx ] || return 1
  mkdir -p "$DATA/www/api" "$DATA/nginx"
  curl -fsS "http://127.0.0.1:$PORT/" -o "$DATA/www/index.html"
  curl -fsS "http://127.0.0.1:$PORT/api/services" -o "$DATA/www/api/services"
  gzip -9 -k "$DATA/www/index.html" "$DATA/www/api/services"
  cat >"$DATA/nginx/nginx.conf" <<CONF
worker_processes 2;
daemon off;
pid $DATA/nginx/nginx.pid;
error_log stderr error;
$( [ "$(id -u)" = 0 ] && echo "user root;" )
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path $DATA/nginx; proxy_temp_path $DATA/nginx; fastcgi_temp_path $DATA/nginx;
  uwsgi_temp_path $DATA/nginx; scgi_temp_path $DATA/nginx;
  sendfile on; tcp_nopush on; keepalive_requests 100000;
  gzip_static on;
  types { text/html html; application/json services; }
  server {
    listen 127.0.0.1:$NGINX_PORT;
    root $DATA/www;
    location = / { try_files /index.html =404; }
    location = /api/services { default_type application/json; try_files /api/services =404; }
  }
}
CONF
  "$(command -v nginx || echo /usr/sbin/nginx)" -c "$DATA/nginx/nginx.conf" &
  NGINX_PID=$!
  until curl -fsS "http://127.0.0.1:$NGINX_PORT/" >/dev/null 2>&1; do sleep 0.05; done
}

echo
echo "Maskin: $(nproc) kjerner, $(awk '/MemTotal/ { printf "%.0f GiB", $2 / 1048576 }' /proc/meminfo), $(uname -sr)"
echo "Oppstart til frisk /healthz (tom datamappe, migrering og startdata): ${ready_ms} ms"
echo "Oppstart til første side (alle sider laget): ${page_ms} ms"
echo "Lagre innstillinger, med alle sider laget på nytt (20 lagringer): ${save_ms}"
echo
echo "| Forespørsel            |  req/s     | p50      | p99      | feil |"
echo "|------------------------|------------|----------|----------|------|"
run "GET / (servergjengitt)" "/"
ours_page="$LAST_RPS"
run "GET /api/services" "/api/services"
ours_services="$LAST_RPS"
loaded=$(rss_mb "$PID")
loaded_anon=$(anon_mb "$PID")
if start_nginx; then
  run "nginx: / (fil)" "/" "$NGINX_PORT"
  nginx_page="$LAST_RPS"
  run "nginx: services (fil)" "/api/services" "$NGINX_PORT"
  nginx_services="$LAST_RPS"
  # This machine's speed drifts by a fifth within minutes, so one run of each side by
  # side is not enough: three more pairs, taken in turn, and the median of the ratios.
  ratios=("$(awk -v a="$ours_page" -v b="$nginx_page" 'BEGIN { printf "%.2f", a / b }')")
  for _ in 1 2 3; do
    run "GET / (igjen)" "/" >/dev/null; a="$LAST_RPS"
    run "nginx: / (igjen)" "/" "$NGINX_PORT" >/dev/null; b="$LAST_RPS"
    ratios+=("$(awk -v a="$a" -v b="$b" 'BEGIN { printf "%.2f", a / b }')")
  done
  echo
  median=$(printf '%s\n' "${ratios[@]}" | sort -n | awk '{ v[NR] = $1 } END { print (v[NR / 2] + v[NR / 2 + 1]) / 2 }')
  echo "Side fra cachen: ${median}x nginx, median av fire par tatt etter hverandre (${ratios[*]}) (mål >= 1.0x)"
  services_ratio=$(awk -v a="$ours_services" -v b="$nginx_services" 'BEGIN { printf "%.2f", a / b }')
  echo "Tjeneste-JSON:   ${services_ratio}x nginx (mål >= 0.9x)"
fi
echo
echo "| Skjema (innsending + henvendelse i én transaksjon) | req/s | p50 | p99 | feil |"
echo "|------------------------|------------|----------|----------|------|"
before=$(sqlite3 "$DATA/bench.db" 'SELECT COUNT(*) FROM contact_submissions')
run "POST /api/contact (SQLite)" "/api/contact" "$PORT" bench/contact.lua
contact_sqlite="$LAST_RPS/s, p99 $LAST_P99"
after=$(sqlite3 "$DATA/bench.db" 'SELECT COUNT(*) FROM contact_submissions')
stored_sqlite=$((after - before))
loaded_writes=$(rss_mb "$PID")
writes_anon=$(anon_mb "$PID")
if command -v psql >/dev/null && psql -q "$PG_ADMIN" -c "CREATE DATABASE $PGDB" >/dev/null 2>&1; then
  PG_PORT=$((PORT + 2))
  FAGFOLK_ADDR="127.0.0.1:$PG_PORT" DATABASE_URL="${PG_ADMIN%/*}/$PGDB" FAGFOLK_STORAGE="$DATA/media-pg" \
    RUST_LOG=warn "$BIN" serve &
  PG_PID=$!
  until curl -fsS "http://127.0.0.1:$PG_PORT/healthz" >/dev/null 2>&1; do sleep 0.05; done
  run "POST /api/contact (PostgreSQL)" "/api/contact" "$PG_PORT" bench/contact.lua
  contact_pg="$LAST_RPS/s, p99 $LAST_P99"
  pg_rps="$LAST_RPS"
  stored_pg=$(psql -qAt "${PG_ADMIN%/*}/$PGDB" -c 'SELECT COUNT(*) FROM leads')
  kill "$PG_PID" 2>/dev/null || true
  wait "$PG_PID" 2>/dev/null || true
  # The same rows straight into the same database, the same 64 clients, no server.
  if command -v pgbench >/dev/null; then
    pgbench_tps=$(pgbench -n -M extended -c 64 -j 2 -T "$DURATION" -f bench/pg-ceiling.sql "${PG_ADMIN%/*}/$PGDB" 2>/dev/null |
      awk '/^tps/ { printf "%.0f", $3 }')
    printf '| %-22s | %10s | %8s | %8s | %s |\n' "pgbench: samme rader" "$pgbench_tps" "-" "-" "0"
    pg_ratio=$(awk -v a="$pg_rps" -v b="$pgbench_tps" 'BEGIN { if (b > 0) printf "%.2f", a / b }')
  fi
fi
echo
echo "Lagret under målingen: ${stored_sqlite} innsendinger på SQLite${stored_pg:+, $stored_pg henvendelser på PostgreSQL}"
echo
# Memory a burst leaves behind should go back: measured again after half a minute idle.
sleep 30
settled=$(rss_mb "$PID")
settled_anon=$(anon_mb "$PID")
echo "Resident minne: ${idle} MB i ro, ${loaded} MB etter lesing, ${loaded_writes} MB etter skjemaene, ${settled} MB 30 s senere"
echo "  av det anonymt (heap og stakker): ${idle_anon} / ${loaded_anon} / ${writes_anon} / ${settled_anon} MB"

CALIBRATION+=("$(calibrate)" "$(calibrate)" "$(calibrate)")
calibration_ms=$(printf '%s\n' "${CALIBRATION[@]}" | sort -n | awk '{ v[NR] = $1 } END { print (v[NR / 2] + v[NR / 2 + 1]) / 2 }')
save_median=$(awk '{ print $2 }' <<<"$save_ms")
sqlite_rps="${contact_sqlite%%/s*}"
sqlite_ratio=$(awk -v a="$sqlite_rps" -v c="$calibration_ms" 'BEGIN { printf "%.0f", a * c / 1000 }')
save_ratio=$(awk -v a="$save_median" -v c="$calibration_ms" 'BEGIN { printf "%.2f", a / c }')
ready_ratio=$(awk -v a="$ready_ms" -v c="$calibration_ms" 'BEGIN { printf "%.2f", a / c }')
echo
echo "Maskinen målt: kalibreringen (gzip -6 av de samme 15 MB, én kjerne) ${calibration_ms} ms," \
  "median av seks (${CALIBRATION[*]}), tre før og tre etter målingene"
echo "| Forhold til taket på denne maskinen | Nå |"
echo "|---|---|"
echo "| GET / mot nginx (mål >= 1.0x) | ${median:--}x |"
echo "| /api/services mot nginx (mål >= 0.9x) | ${services_ratio:--}x |"
echo "| POST /api/contact på PostgreSQL mot pgbench, samme rader og klienter (mål >= 0.9x) | ${pg_ratio:--}x |"
echo "| POST /api/contact på SQLite, henvendelser per kalibrering (req/s x kalibreringen i s) | ${sqlite_ratio} |"
echo "| Lagre innstillinger, median i kalibreringer | ${save_ratio} |"
echo "| Oppstart til /healthz i kalibreringer | ${ready_ratio} |"

# The figures beside the previous run's (bench/history.tsv, one line per run, kept in
# git), so a slip is seen the day it happens. BENCH_KEEP=0 measures without recording.
HISTORY=bench/history.tsv
commit="${BENCH_COMMIT:-$(git rev-parse --short HEAD 2>/dev/null || echo "?")$(git diff --quiet HEAD 2>/dev/null || echo "+")}"
row=$(printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s' "$(date +%F)" "$commit" \
  "$idle / $loaded / $loaded_writes / $settled MB" "${contact_sqlite:--}" "${contact_pg:--}" \
  "${median:--}x" "${services_ratio:--}x" "${save_ms%%,*}" "${ready_ms} ms" "$DURATION s" \
  "${calibration_ms} ms" "${pg_ratio:--}x" "$sqlite_ratio" "$save_ratio" "$ready_ratio" \
  "$idle_anon / $loaded_anon / $writes_anon / $settled_anon MB")
names=("Dato" "Commit" "RSS i ro / lest / skjema / 30 s etter" "POST /api/contact, SQLite" \
  "POST /api/contact, PostgreSQL" "GET / mot nginx" "/api/services mot nginx" "Lagre innstillinger" \
  "Oppstart til /healthz" "Sekunder per måling" "Kalibrering" "PostgreSQL mot pgbench" \
  "SQLite per kalibrering" "Lagre i kalibreringer" "Oppstart i kalibreringer" \
  "Anonymt i ro / lest / skjema / 30 s etter")
# The columns compared: the ratios, and whether a higher one is better (+) or worse (-).
declare -A better=([5]=+ [6]=+ [11]=+ [12]=+ [13]=- [14]=-)
previous=$( [ -f "$HISTORY" ] && tail -n +2 "$HISTORY" | tail -n 1 || true)
echo
echo "| Figur | Forrige måling | Nå | Forholdet endret |"
echo "|---|---|---|---|"
for i in "${!names[@]}"; do
  before_value=$(cut -f $((i + 1)) <<<"$previous")
  now_value=$(cut -f $((i + 1)) <<<"$row")
  change=""
  if [ -n "${better[$i]:-}" ]; then
    # More than a tenth the wrong way is called out; the machine's own drift is below it.
    change=$(awk -v a="${before_value%x}" -v b="${now_value%x}" -v dir="${better[$i]}" 'BEGIN {
      if (a + 0 <= 0 || b + 0 <= 0) exit
      pct = (b - a) / a * 100; worse = (dir == "+") ? -pct : pct
      printf "%+.0f %%%s", pct, (worse > 10 ? " (verre)" : "") }')
  fi
  printf '| %s | %s | %s | %s |\n' "${names[$i]}" "${before_value:--}" "$now_value" "$change"
done
if [ "${BENCH_KEEP:-1}" != 0 ]; then
  [ -f "$HISTORY" ] || (IFS=$'\t'; echo "${names[*]}") >"$HISTORY"
  # A history begun before the ratios gets their columns in its header.
  if [ "$(head -1 "$HISTORY" | awk -F'\t' '{ print NF }')" -lt "${#names[@]}" ]; then
    { (IFS=$'\t'; echo "${names[*]}"); tail -n +2 "$HISTORY"; } >"$HISTORY.new" && mv "$HISTORY.new" "$HISTORY"
  fi
  echo "$row" >>"$HISTORY"
  echo
  echo "Lagt til i $HISTORY. Raden til docs/BENCHMARKS.md:"
  echo "| $(sed 's/\t/ | /g' <<<"$row") |"
fi
