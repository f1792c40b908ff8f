#!/usr/bin/env bash
# Benchmarks (figures, not tests): start-up time to a healthy /healthz on an empty data
# directory, requests/second and latency for GET / and GET /api/services beside nginx
# serving the same files, POST /api/contact on SQLite and on PostgreSQL, and the server's
# resident memory idle and loaded, and how long a settings save takes with the
# re-render of every page it causes; at the end, every figure beside the previous run's
# (bench/history.tsv). Needs wrk (apt-get install -y wrk), nginx and psql for
# the comparisons, jq for the settings saves, and a built web app (make web).
# Usage: bash bench/run.sh [seconds per run, default 10]
set -euo pipefail
cd "$(dirname "$0")/.."

DURATION="${1:-10}"
PORT="${BENCH_PORT:-18999}"
TARGET="${CARGO_TARGET_DIR:-target}"
command -v wrk >/dev/null || { echo "wrk mangler: apt-get install -y wrk" >&2; exit 1; }

cargo build --release --quiet
BIN="$TARGET/release/fagfolk"
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
if command -v psql >/dev/null && psql -q "$PG_ADMIN" -c "CREATE DATABASE $PGDB" >/dev/null 2>&1; then
  PG_PORT=$((PORT + 2))
  FAGFOLK_ADDR="127.0.0.1:$PG_PORT" DATABASE_URL="${PG_ADMIN%/*}/$PGDB" FAGFOLK_STORAGE="$DATA/media-pg" \
    RUST_LOG=warn "$BIN" serve &
  PG_PID=$!
  until curl -fsS "http://127.0.0.1:$PG_PORT/healthz" >/dev/null 2>&1; do sleep 0.05; done
  run "POST /api/contact (PostgreSQL)" "/api/contact" "$PG_PORT" bench/contact.lua
  contact_pg="$LAST_RPS/s, p99 $LAST_P99"
  stored_pg=$(psql -qAt "${PG_ADMIN%/*}/$PGDB" -c 'SELECT COUNT(*) FROM leads')
fi
echo
echo "Lagret under målingen: ${stored_sqlite} innsendinger på SQLite${stored_pg:+, $stored_pg henvendelser på PostgreSQL}"
echo
# Memory a burst leaves behind should go back: measured again after half a minute idle.
sleep 30
settled=$(rss_mb "$PID")
echo "Resident minne: ${idle} MB i ro, ${loaded} MB etter lesing, ${loaded_writes} MB etter skjemaene, ${settled} MB 30 s senere"

# The figures beside the previous run's (bench/history.tsv, one line per run, kept in
# git), so a slip is seen the day it happens. BENCH_KEEP=0 measures without recording.
HISTORY=bench/history.tsv
commit=$(git rev-parse --short HEAD 2>/dev/null || echo "?")$(git diff --quiet HEAD 2>/dev/null || echo "+")
row=$(printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s' "$(date +%F)" "$commit" \
  "$idle / $loaded / $loaded_writes / $settled MB" "${contact_sqlite:--}" "${contact_pg:--}" \
  "${median:--}x" "${services_ratio:--}x" "${save_ms%%,*}" "${ready_ms} ms" "$DURATION s")
names=("Dato" "Commit" "RSS i ro / lest / skjema / 30 s etter" "POST /api/contact, SQLite" \
  "POST /api/contact, PostgreSQL" "GET / mot nginx" "/api/services mot nginx" "Lagre innstillinger" \
  "Oppstart til /healthz" "Sekunder per måling")
previous=$( [ -f "$HISTORY" ] && tail -n +2 "$HISTORY" | tail -n 1 || true)
echo
echo "| Figur | Forrige måling | Nå |"
echo "|---|---|---|"
for i in "${!names[@]}"; do
  before_value=$(cut -f $((i + 1)) <<<"$previous")
  now_value=$(cut -f $((i + 1)) <<<"$row")
  printf '| %s | %s | %s |\n' "${names[$i]}" "${before_value:--}" "$now_value"
done
if [ "${BENCH_KEEP:-1}" != 0 ]; then
  [ -f "$HISTORY" ] || (IFS=$'\t'; echo "${names[*]}") >"$HISTORY"
  echo "$row" >>"$HISTORY"
  echo
  echo "Lagt til i $HISTORY. Raden til docs/BENCHMARKS.md:"
  echo "| $(sed 's/\t/ | /g' <<<"$row") |"
fi
