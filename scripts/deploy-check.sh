#!/usr/bin/env bash
# Tries what docs/DEPLOY.md tells a firm to install, with the files in deploy/:
#  1. systemd accepts the units (systemd-analyze verify) and their sandboxing scores as
#     well exposed as it can be (systemd-analyze security, exposure at most 2.0 of 10);
#  2. the backup service's own commands, read from its unit, back up a running site with
#     data into a folder, copy its pictures, and prune only copies older than 30 days;
#  3. the restore drill: the newest copy restored into a new database, a server started
#     on it, signed in to, showing the same leads.
# The TLS front (deploy/nginx/) is graded by scripts/observatory.sh; the rolling restart
# behind it by tests/api/scale.rs. Under CI a missing tool fails instead of skipping.
# Usage: scripts/deploy-check.sh
set -euo pipefail
cd "$(dirname "$0")/.."
BIN="$(realpath "${FAGFOLK_BIN:-${CARGO_TARGET_DIR:-target}/debug/fagfolk}")"
if ! command -v systemd-analyze >/dev/null; then
  echo "deploy-check: systemd-analyze mangler (apt-get install systemd)"
  [ -z "${CI:-}" ] || exit 1
  exit 0
fi
WORK="$(mktemp -d)"
PIDS=()
trap 'kill "${PIDS[@]}" 2>/dev/null || true; rm -rf "$WORK"' EXIT
fail() { echo "deploy-check: $*" >&2; exit 1; }

# 1. The units, with the binary where this build put it.
mkdir "$WORK/units"
for unit in deploy/systemd/*; do
  sed "s|/usr/local/bin/fagfolk|$BIN|g" "$unit" >"$WORK/units/$(basename "$unit")"
done
cp "$WORK/units/fagfolk@.service" "$WORK/units/fagfolk@8080.service"
(cd "$WORK/units" && systemd-analyze verify ./fagfolk@8080.service ./fagfolk-backup.service ./fagfolk-backup.timer) ||
  fail "systemd-analyze verify fant feil"
for unit in fagfolk@8080.service fagfolk-backup.service; do
  exposure=$(cd "$WORK/units" && systemd-analyze security --offline=true "./$unit" 2>/dev/null |
    awk '/Overall exposure level/ { print $(NF-2) }')
  echo "systemd-analyze security $unit: $exposure av 10"
  awk -v e="$exposure" 'BEGIN { exit !(e != "" && e <= 2.0) }' || fail "$unit: eksponering $exposure er over 2.0"
done
next=$(systemd-analyze calendar --iterations=1 '*-*-* 03:15:00 Europe/Oslo' | awk -F': ' '/Next elapse/ { print $2 }')
echo "fagfolk-backup.timer: neste kjøring $next"

# 2. A site with data: the demo, plus a picture.
PORT="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
# tower_http off: /readyz answers 503 until the pages are rendered, which it logs as an error.
export DATABASE_URL="sqlite://$WORK/state/fagfolk.db" FAGFOLK_STORAGE="$WORK/state/media" RUST_LOG=warn,tower_http=off
FAGFOLK_ADDR="127.0.0.1:$PORT" "$BIN" serve --demo &
PIDS+=($!)
until curl -fsS "http://127.0.0.1:$PORT/readyz" >/dev/null 2>&1; do sleep 0.1; done
JAR="$WORK/jar"
curl -fsS -c "$JAR" -H 'x-fagfolk-csrf: 1' -H 'Content-Type: application/json' \
  -d '{"email":"demo@fagfolk.no","password":"demo-fagfolk-2026"}' "http://127.0.0.1:$PORT/api/auth/login" >/dev/null
python3 -c 'import zlib,struct
def chunk(t, d): return struct.pack(">I", len(d)) + t + d + struct.pack(">I", zlib.crc32(t + d))
rows = b"".join(b"\0" + bytes(sum(([x * 8 % 256, y * 8 % 256, 90] for x in range(32)), [])) for y in range(24))
png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 32, 24, 8, 2, 0, 0, 0)) + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b"")
open("'"$WORK"'/verksted.png", "wb").write(png)'
curl -fsS -b "$JAR" -H 'x-fagfolk-csrf: 1' -F "files=@$WORK/verksted.png" "http://127.0.0.1:$PORT/api/admin/media" >/dev/null
leads_before=$(curl -fsS -b "$JAR" "http://127.0.0.1:$PORT/api/admin/leads?per_page=100" | python3 -c 'import json,sys; print(json.dumps(json.load(sys.stdin)["items"], sort_keys=True))')

# The backup service's commands as its unit writes them, with its default targets moved
# into this run's folder; an old copy that the pruning must remove, and a file it must keep.
mkdir -p "$WORK/backups"
touch -d '40 days ago' "$WORK/backups/fagfolk-20200101-031500.db"
touch -d '40 days ago' "$WORK/backups/notater.txt"
export FAGFOLK_BACKUP_TO="$WORK/backups/" FAGFOLK_MEDIA_BACKUP_TO="$WORK/backups/media"
grep -E '^Exec(Start|StartPost)=' "$WORK/units/fagfolk-backup.service" | sed 's/^[^=]*=//' |
  sed "s|/var/backups/fagfolk|$WORK/backups|g" >"$WORK/backup-commands"
while read -r command; do
  echo "\$ ${command//$WORK/\$WORK}"
  # ${VAR} as systemd expands it: one word each. find's pattern stays unexpanded, as
  # systemd passes it.
  set -f
  eval "set -- $(sed -e 's/\${\([A-Z_]*\)}/"${\1}"/g' <<<"$command")"
  set +f
  "$@" || fail "kommandoen feilet: $command"
done <"$WORK/backup-commands"
copies=("$WORK"/backups/fagfolk-2*.db)
[ "${#copies[@]}" = 1 ] && [ "${copies[0]}" != "$WORK/backups/fagfolk-20200101-031500.db" ] ||
  fail "ventet én ny kopi og den gamle slettet: ${copies[*]}"
[ -f "$WORK/backups/notater.txt" ] || fail "ryddingen tok en fil som ikke er en kopi"
[ "$(ls "$WORK/backups/media" | wc -l)" = "$(ls "$WORK/state/media" | wc -l)" ] || fail "bildene ble ikke kopiert"
echo "kopi: ${copies[0]##*/}, bilder: $(ls "$WORK/backups/media" | wc -l) filer"

# 3. The restore drill: into a new database, then a server on it.
DRILL="sqlite://$WORK/drill/fagfolk.db"
DATABASE_URL="$DRILL" "$BIN" restore "${copies[0]}" | sed 's/^/  /'
DRILL_PORT="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
DATABASE_URL="$DRILL" FAGFOLK_STORAGE="$WORK/backups/media" FAGFOLK_ADDR="127.0.0.1:$DRILL_PORT" "$BIN" serve &
PIDS+=($!)
until curl -fsS "http://127.0.0.1:$DRILL_PORT/readyz" >/dev/null 2>&1; do sleep 0.1; done
curl -fsS -c "$JAR" -H 'x-fagfolk-csrf: 1' -H 'Content-Type: application/json' \
  -d '{"email":"demo@fagfolk.no","password":"demo-fagfolk-2026"}' "http://127.0.0.1:$DRILL_PORT/api/auth/login" >/dev/null ||
  fail "kunne ikke logge inn på den gjenopprettede kopien"
leads_after=$(curl -fsS -b "$JAR" "http://127.0.0.1:$DRILL_PORT/api/admin/leads?per_page=100" | python3 -c 'import json,sys; print(json.dumps(json.load(sys.stdin)["items"], sort_keys=True))')
[ "$leads_before" = "$leads_after" ] || fail "den gjenopprettede kopien har ikke de samme leadene"
picture=$(curl -fsS -b "$JAR" "http://127.0.0.1:$DRILL_PORT/api/admin/media" | python3 -c 'import json,sys; d = json.load(sys.stdin); items = d["items"] if isinstance(d, dict) else d; print(items[0]["url"])')
curl -fsS -o /dev/null "http://127.0.0.1:$DRILL_PORT$picture" || fail "bildet $picture mangler i kopien"
echo "deploy-check: enhetene, sikkerhetskopien og gjenopprettingsøvelsen virker"
