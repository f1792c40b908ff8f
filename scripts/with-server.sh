#!/usr/bin/env bash
# Runs a command against a fresh server: a new SQLite database in a temporary folder,
# on PORT (default: a free port). The server is stopped afterwards, whatever the command
# does; if it does not answer /healthz within 10 s, nothing runs and the script fails.
# Usage: scripts/with-server.sh <command...>   (the command gets BASE_URL in its env)
set -euo pipefail
PORT="${PORT:-$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')}"
# The server cargo built: under CARGO_TARGET_DIR, or the repository's own target folder
# whichever folder this runs from (`make test-budgets` runs it from web/; a fresh clone's
# `make test` without CARGO_TARGET_DIR failed here before, docs/HISTORY.md "Session 37").
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
BIN="${FAGFOLK_BIN:-${CARGO_TARGET_DIR:-$ROOT/target}/debug/fagfolk}"
DATA="$(mktemp -d)"
FAGFOLK_ADDR="127.0.0.1:$PORT" DATABASE_URL="sqlite://$DATA/db.sqlite" FAGFOLK_STORAGE="$DATA/media" \
  FAGFOLK_PUBLIC_URL="${FAGFOLK_PUBLIC_URL:-http://127.0.0.1:$PORT}" RUST_LOG=warn "$BIN" serve &
PID=$!
trap 'kill "$PID" 2>/dev/null || true; wait "$PID" 2>/dev/null || true; rm -rf "$DATA"' EXIT
healthy=""
for _ in $(seq 1 100); do
  if curl -fsS "http://127.0.0.1:$PORT/healthz" >/dev/null 2>&1; then healthy=1; break; fi
  kill -0 "$PID" 2>/dev/null || break
  sleep 0.1
done
[ -n "$healthy" ] || { echo "serveren på port $PORT svarte ikke på /healthz" >&2; exit 1; }
BASE_URL="http://127.0.0.1:$PORT" "$@"
