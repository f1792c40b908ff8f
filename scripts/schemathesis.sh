#!/usr/bin/env bash
# Fuzzes the whole API from its OpenAPI document with Schemathesis: a fresh server, a
# first admin from the environment, and that admin's session for the admin operations.
# Usage: scripts/schemathesis.sh [max examples per operation, default 25]
set -euo pipefail
cd "$(dirname "$0")/.."
EXAMPLES="${1:-25}"
command -v schemathesis >/dev/null || { echo "schemathesis mangler: pip install schemathesis==4.32.5" >&2; exit 1; }
export FAGFOLK_ADMIN_EMAIL=fuzz@fagfolk.test FAGFOLK_ADMIN_PASSWORD='schemathesis prøver alt' FAGFOLK_CONTACT_LIMIT=1000000
scripts/with-server.sh sh -c '
  export FAGFOLK_SESSION=$(curl -fsS -D - -o /dev/null -H "Content-Type: application/json" -H "X-Fagfolk-Csrf: 1" \
    -d "{\"email\":\"$FAGFOLK_ADMIN_EMAIL\",\"password\":\"$FAGFOLK_ADMIN_PASSWORD\"}" "$BASE_URL/api/auth/login" |
    awk -F"[ ;=]" "tolower(\$1) == \"set-cookie:\" { print \$3 }")
  [ -n "$FAGFOLK_SESSION" ] || { echo "innlogging for schemathesis feilet" >&2; exit 1; }
  schemathesis --config-file schemathesis.toml run "$BASE_URL/api/openapi.json" --checks all \
    --max-examples '"$EXAMPLES"' --exclude-path /api/auth/logout --seed 20261122 --no-color
'
