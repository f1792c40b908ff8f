#!/usr/bin/env bash
# Photos on the contact form (#28), figures not tests: 20 customers at once each send an
# enquiry with three 4 MB phone-sized photos (4000 x 3000 JPEG), the photos uploaded at
# once as the form does; how long each enquiry takes from its first upload to its answer
# (p50, p95), and the server's memory before, at its peak during, and after. Release
# build, SQLite; needs ImageMagick for the photos (apt-get install -y imagemagick).
# Usage: bash bench/photos.sh [customers, default 20]
set -euo pipefail
cd "$(dirname "$0")/.."

CUSTOMERS="${1:-20}"
PORT="${BENCH_PORT:-18997}"
TARGET="${CARGO_TARGET_DIR:-target}"
CONVERT=/usr/bin/convert
[ -x "$CONVERT" ] || { echo "ImageMagick mangler: apt-get install -y imagemagick" >&2; exit 1; }
cargo build --release --quiet
BIN="$TARGET/release/fagfolk"
DATA="$(mktemp -d)"
trap 'kill "$PID" "$SAMPLER" 2>/dev/null || true; rm -rf "$DATA"' EXIT
rss_mb() { awk '/VmRSS/ { printf "%.1f", $2 / 1024 }' "/proc/$1/status"; }

for n in 1 2 3; do
  "$CONVERT" -seed "$n" -size 4000x3000 plasma:fractal -attenuate 0.2 +noise Gaussian -quality 90 "$DATA/foto$n.jpg"
done
echo "Bildene: $(du -b "$DATA"/foto*.jpg | awk '{ printf "%.1f MB ", $1 / 1048576 }')"

BASE="http://127.0.0.1:$PORT"
FAGFOLK_ADDR="127.0.0.1:$PORT" DATABASE_URL="sqlite://$DATA/bench.db" FAGFOLK_STORAGE="$DATA/media" \
  FAGFOLK_PUBLIC_URL="$BASE" FAGFOLK_CONTACT_LIMIT=100000 RUST_LOG=warn "$BIN" serve &
PID=$!
until curl -fsS "$BASE/" >/dev/null 2>&1; do sleep 0.01; done
sleep 2
echo "RSS før: $(rss_mb "$PID") MB"

# The peak, sampled every 20 ms while the customers send.
(peak=0; while kill -0 "$PID" 2>/dev/null; do
   now=$(awk '/VmRSS/ { print $2 }' "/proc/$PID/status" 2>/dev/null || echo 0)
   [ "$now" -gt "$peak" ] && peak=$now && echo "$peak" > "$DATA/peak"
   sleep 0.02
 done) &
SAMPLER=$!

customer() {
  local started ids=() id
  started=$(date +%s%N)
  for n in 1 2 3; do
    curl -fsS -F "photo=@$DATA/foto$n.jpg;type=image/jpeg" "$BASE/api/contact/photos" > "$DATA/up-$1-$n" &
  done
  wait
  for n in 1 2 3; do ids+=("\"$(jq -r .id "$DATA/up-$1-$n")\""); done
  local photos; photos=$(IFS=,; echo "${ids[*]}")
  local status; status=$(curl -s -o /dev/null -w '%{http_code}' -H 'Content-Type: application/json' \
    -d "{\"name\":\"Kunde $1\",\"email\":\"k$1@example.no\",\"phone\":\"912 34 567\",\"message\":\"Se bildene.\",\"photos\":[$photos]}" \
    "$BASE/api/contact")
  echo "$status $(( ($(date +%s%N) - started) / 1000000 ))" > "$DATA/done-$1"
}
START=$(date +%s%N)
for c in $(seq 1 "$CUSTOMERS"); do customer "$c" & done
wait $(jobs -p | grep -v "^$SAMPLER$" | grep -v "^$PID$") 2>/dev/null || true
for c in $(seq 1 "$CUSTOMERS"); do while [ ! -s "$DATA/done-$c" ]; do sleep 0.05; done; done
TOTAL=$(( ($(date +%s%N) - START) / 1000000 ))
kill "$SAMPLER" 2>/dev/null || true

cat "$DATA"/done-* | awk '{ print $1 }' | sort | uniq -c | awk '{ printf "Svar %s: %s\n", $2, $1 }'
sort -n -k2 <(cat "$DATA"/done-*) | awk -v n="$CUSTOMERS" '
  { t[NR] = $2 }
  END { p50 = t[int((n + 1) * 0.5)]; p95 = t[int(n * 0.95 + 0.999)]; printf "Per henvendelse (3 bilder + skjema): p50 %d ms, p95 %d ms, lengste %d ms\n", p50, p95, t[n] }'
echo "Alle $CUSTOMERS ferdige etter $TOTAL ms"
echo "RSS topp under: $(awk '{ printf "%.1f", $1 / 1024 }' "$DATA/peak") MB"
sleep 5
echo "RSS 5 s etter: $(rss_mb "$PID") MB"
echo "Lagret: $(find "$DATA/media/kontakt" -name '*.jpg' ! -name '*-liten.jpg' | wc -l) bilder, $(du -sb "$DATA/media/kontakt" | awk '{ printf "%.1f MB", $1 / 1048576 }')"
