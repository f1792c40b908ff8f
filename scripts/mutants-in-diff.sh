#!/usr/bin/env bash
# Mutation testing of the lines the last commit changed in the guarded modules (auth,
# users, audit, contact, media, http; in the server and the data layer): new code must arrive with tests that bite. Every
# mutant of a changed line must be killed by the Rust tests, or the script fails and
# lists the survivors (mutants.out/missed.txt). Run by .ci/run after make test.
# Usage: scripts/mutants-in-diff.sh [base commit, default HEAD~1]
set -euo pipefail
cd "$(dirname "$0")/.."
BASE="${1:-HEAD~1}"
SCOPE=(src/auth src/users src/audit src/contact src/media src/http
  crates/data/src/auth crates/data/src/users crates/data/src/audit crates/data/src/contact crates/data/src/media)

if ! git rev-parse --verify --quiet "$BASE" >/dev/null; then
  echo "mutants: fant ikke $BASE; ingen endringer å prøve"
  exit 0
fi
diff="$(mktemp)"
trap 'rm -f "$diff"' EXIT
git diff "$BASE" HEAD -- "${SCOPE[@]}" >"$diff"
if [ ! -s "$diff" ]; then
  echo "mutants: ingen endrede linjer i ${SCOPE[*]} siden $BASE"
  exit 0
fi
command -v cargo-mutants >/dev/null || cargo install --locked cargo-mutants@27.1.0
# .cargo/mutants.toml tests each mutant with nextest, which stops at the first failure.
command -v cargo-nextest >/dev/null || cargo install --locked cargo-nextest@0.9.151
[ -f web/dist/_pages/manifest.json ] || { echo "mutants: bygg nettappen først (make web)" >&2; exit 1; }

# The copy that cargo-mutants builds in needs the built web app (web/dist, ignored by
# git), hence --gitignore false. PostgreSQL variants are skipped to halve the time per
# mutant; each test has its SQLite twin. The baseline (the unmutated tests in that copy)
# stays on: with a broken test command every mutant would count as caught. The first
# `--` ends cargo-mutants' options, the second is cargo test's own.
cargo mutants --workspace --in-diff "$diff" --gitignore false --jobs 1 --timeout 300 -- -- --skip postgres
