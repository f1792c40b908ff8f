#!/usr/bin/env bash
# Benchmark (figures, not a test): requests per second for GET / and POST /api/contact
# with one instance straight, one behind nginx, and two behind nginx (round robin), all
# on one PostgreSQL database, nginx set up with deploy/nginx/fagfolk-proxy.conf as
# docs/DEPLOY.md installs it (plain HTTP here: TLS is the same work in every row).
# Needs wrk, nginx, psql and a built web app (make web).
# Usage: bash bench/instances.sh [seconds per run, default 8]
set -euo pipefail
cd "$(dirname "$0")/.."

DURATION="${1:-8}"
TARGET="${CARGO_TARGET_DIR:-target}"
command -v wrk >/dev/null || { echo "wrk mangler: apt-get install -y wrk" >&2; exit 1; }
NGINX="$(command -v nginx || echo /usr/sbin/nginx)"
cargo build --release --quiet
BIN="$TARGET/release/fagfolk"
DATA="$(mktemp -d)"
PG_ADMIN="${TEST_POSTGRES_URL:-postgres://postgres@127.0.0.1:5432/postgres}"
PGDB="fagfolk_bench_instances_$$"
PIDS=()
cleanup() {
  [ -f "$DATA/nginx.pid" ] && kill -QUIT "$(cat "$DATA/nginx.pid")" 2>/dev/null || true
  kill "${PIDS[@]}" 2>/dev/null || true
  wait 2>/dev/null || true
  psql -q "$PG_ADMIN" -c "DROP DATABASE IF EXISTS $PGDB WITH (FORCE)" >/dev/null 2>&1 || true
  rm -rf "$DATA"
}
trap cleanup EXIT
psql -q "$PG_ADMIN" -c "CREATE DATABASE $PGDB" >/dev/null
free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }

# bench/contact.lua names an address for each enquiry (X-Forwarded-For), so the contact
# form's limit counts per visitor as it does for real: the instances trust one proxy
# when wrk talks to them straight, two behind nginx (wrk's entry, then nginx's).
export DATABASE_URL="${PG_ADMIN%/*}/$PGDB" FAGFOLK_STORAGE="$DATA/media" RUST_LOG=warn
A=$(free_port); B=$(free_port); FRONT=$(free_port)
instances() {
  local hops="$1"; shift
  kill "${PIDS[@]}" 2>/dev/null || true
  wait "${PIDS[@]}" 2>/dev/null || true
  PIDS=()
  for port in "$@"; do
    FAGFOLK_TRUST_PROXY="$hops" FAGFOLK_ADDR="127.0.0.1:$port" "$BIN" serve &
    PIDS+=($!)
    until curl -fsS "http://127.0.0.1:$port/readyz" >/dev/null 2>&1; do sleep 0.05; done
  done
}

# nginx in front of $1 (one or two instances), with the deployed proxy settings.
front() {
  [ -f "$DATA/nginx.pid" ] && { kill -QUIT "$(cat "$DATA/nginx.pid")"; while [ -f "$DATA/nginx.pid" ]; do sleep 0.05; done; }
  local servers="" keep=""
  for port in "$@"; do servers="$servers server 127.0.0.1:$port max_fails=1 fail_timeout=2s;"; done
  if [ -n "${KEEPALIVE:-}" ]; then
    servers="$servers keepalive 32;"
    keep='proxy_http_version 1.1; proxy_set_header Connection "";'
  fi
  cat >"$DATA/nginx.conf" <<CONF
worker_processes auto;
pid $DATA/nginx.pid;
error_log $DATA/nginx-error.log error;
$( [ "$(id -u)" = 0 ] && echo "user root;" )
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path $DATA; proxy_temp_path $DATA; fastcgi_temp_path $DATA; uwsgi_temp_path $DATA; scgi_temp_path $DATA;
  keepalive_requests 100000;
  upstream fagfolk { $servers }
  server {
    listen 127.0.0.1:$FRONT;
    location / {
      include $PWD/deploy/nginx/fagfolk-proxy.conf;
      $keep
    }
  }
}
CONF
  "$NGINX" -c "$DATA/nginx.conf"
  until curl -fsS "http://127.0.0.1:$FRONT/healthz" >/dev/null 2>&1; do sleep 0.05; done
}

run() {
  local name="$1" url="$2" script="${3:-}"
  local out rps p50 p99 errors
  out=$(wrk -t2 -c64 -d"${DURATION}s" --latency -H 'Accept-Encoding: gzip' ${script:+-s "$script"} "$url")
  rps=$(awk '/Requests\/sec/ { print $2 }' <<<"$out")
  p50=$(awk '$1 == "50%" { print $2 }' <<<"$out")
  p99=$(awk '$1 == "99%" { print $2 }' <<<"$out")
  errors=$(awk '/Non-2xx|Socket errors/ { e = e $0 "; " } END { print (e == "" ? "0" : e) }' <<<"$out")
  printf '| %-38s | %9s | %8s | %8s | %s |\n' "$name" "$rps" "$p50" "$p99" "$errors"
}

echo
echo "Maskin: $(nproc) kjerner, $(uname -sr), nginx $("$NGINX" -v 2>&1 | cut -d/ -f2), PostgreSQL; wrk -t2 -c64, ${DURATION} s per rad"
echo
echo "| Oppsett                                | req/s     | p50      | p99      | feil |"
echo "|----------------------------------------|-----------|----------|----------|------|"
instances 1 "$A"
run "GET /, én instans direkte" "http://127.0.0.1:$A/"
run "POST /api/contact, én instans direkte" "http://127.0.0.1:$A/api/contact" bench/contact.lua
instances 2 "$A" "$B"
front "$A"
run "GET /, én instans bak nginx" "http://127.0.0.1:$FRONT/"
run "POST /api/contact, én bak nginx" "http://127.0.0.1:$FRONT/api/contact" bench/contact.lua
front "$A" "$B"
run "GET /, to instanser bak nginx" "http://127.0.0.1:$FRONT/"
run "POST /api/contact, to bak nginx" "http://127.0.0.1:$FRONT/api/contact" bench/contact.lua
# Not the deployed setting (docs/DEPLOY.md): nginx keeping its connections to the instances
# open, for the difference it makes.
KEEPALIVE=1 front "$A" "$B"
run "GET /, to bak nginx, keepalive" "http://127.0.0.1:$FRONT/"
run "POST /api/contact, to, keepalive" "http://127.0.0.1:$FRONT/api/contact" bench/contact.lua
echo
echo "Lagret: $(psql -qAt "$DATABASE_URL" -c 'SELECT COUNT(*) FROM contact_submissions') henvendelser, $(psql -qAt "$DATABASE_URL" -c 'SELECT COUNT(*) FROM leads') leads"
