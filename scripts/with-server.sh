#!/usr/bin/env bash
# Runs a command against a fresh server: a new SQLite database in a temporary folder,
# on PORT (default 4180). The server is stopped afterwards, whatever the command does.
# Usage: scripts/with-server.sh <command...>   (the command gets BASE_URL in its env)
set -euo pipefail
PORT="${PORT:-4180}"
BIN="${FAGFOLK_BIN:-${CARGO_TARGET_DIR:-target}/debug/fagfolk}"
DATA="$(mktemp -d)"
FAGFOLK_ADDR="127.0.0.1:$PORT" DATABASE_URL="sqlite://$DATA/db.sqlite" FAGFOLK_STORAGE="$DATA/media" \
  FAGFOLK_PUBLIC_URL="${FAGFOLK_PUBLIC_URL:-http://127.0.0.1:$PORT}" RUST_LOG=warn "$BIN" serve &
PID=$!
trap 'kill "$PID" 2>/dev/null || true; wait "$PID" 2>/dev/null || true; rm -rf "$DATA"' EXIT
for _ in $(seq 1 100); do curl -fsS "http://127.0.0.1:$PORT/healthz" >/dev/null 2>&1 && break; sleep 0.1; done
BASE_URL="http://127.0.0.1:$PORT" "$@"
