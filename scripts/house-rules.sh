#!/usr/bin/env bash
# House rules that a compiler does not check, checked by `make lint` (docs/ARCHITECTURE.md).
#
# 1. SQL lives only in store modules: a query (sqlx::query*, QueryBuilder, raw_sql) in any file under src/ other
# than a `store.rs` (or a file in a `store/` folder) or src/db/ fails, unless the file is
# on the list below of files that still have theirs (empty since issue #24; a listed file
# without SQL fails too, so the list can only shrink).
set -euo pipefail
cd "$(dirname "$0")/.."

STILL_TO_MOVE=()

pattern='sqlx::query|QueryBuilder|sqlx::raw_sql'
failed=0
while IFS= read -r file; do
  case "$file" in
    */store.rs | */store/*.rs | src/db/*) continue ;;
  esac
  listed=0
  for allowed in "${STILL_TO_MOVE[@]}"; do [ "$file" = "$allowed" ] && listed=1; done
  if [ "$listed" = 0 ]; then
    echo "house-rules: $file har SQL; flytt den til ressursens store.rs (docs/ARCHITECTURE.md)" >&2
    grep -nE "$pattern" "$file" | sed 's/^/  /' >&2
    failed=1
  fi
done < <(grep -rlE "$pattern" src --include='*.rs' | sort)

for allowed in "${STILL_TO_MOVE[@]}"; do
  if ! grep -qE "$pattern" "$allowed" 2>/dev/null; then
    echo "house-rules: $allowed har ikke lenger SQL; ta den ut av listen i scripts/house-rules.sh" >&2
    failed=1
  fi
done

# 2. One write path: a change the public site shows moves the site's change counter in
# its own transaction (its audit entry is `on_site`, src/audit/store.rs), and the router
# lets the pages catch up after every staff write (src/http/mod.rs `pages_caught_up`).
# No handler renders the pages or moves the counter by hand.
while IFS= read -r hit; do
  echo "house-rules: $hit: sidene lages av skrivestien (NewAudit::on_site), ikke for hånd" >&2
  failed=1
done < <(grep -rnE 'pages\.(caught_up|changed)\(|site::store::bump\(' src --include='*.rs' |
  grep -vE '^src/(http/mod\.rs|site/)' |
  # Picture copies are made in the background, with no request or audit entry.
  grep -v '^src/media/variants\.rs:')

# 3. No source file over 400 lines (tests and generated files aside): a file that grows
# past it is split by what its parts do (docs/ARCHITECTURE.md).
while IFS= read -r line; do
  set -- $line
  if [ "$1" -gt 400 ]; then
    echo "house-rules: $2 har $1 linjer (høyst 400); del den opp etter hva delene gjør" >&2
    failed=1
  fi
done < <(find src -name '*.rs' -exec wc -l {} + | grep -v ' total$')

exit "$failed"
