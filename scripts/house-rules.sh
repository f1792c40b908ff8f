#!/usr/bin/env bash
# House rules that a compiler does not check, checked by `make lint` (docs/ARCHITECTURE.md).
#
# 0. The layers point one way: the data layer (crates/data) depends on no web framework
# and not on the server, so a wrong import there does not build (docs/ARCHITECTURE.md).
# This keeps anyone from adding the dependency that would let it.
above="$(cargo tree -p fagfolk-data -e normal --prefix none 2>/dev/null | grep -E '^(axum|hyper|tower|tower-http|utoipa-axum|fagfolk) ' || true)"
if [ -n "$above" ]; then
  echo "house-rules: datalaget (crates/data) avhenger av et lag over seg:" >&2
  echo "$above" | sed 's/^/  /' >&2
  exit 1
fi

# 1. SQL lives only in store modules: a query (sqlx::query*, QueryBuilder, raw_sql) in any Rust file
# other than a data-layer store (crates/data: a `store.rs` or a file in a `store/` folder) or its database module
# (crates/data/src/db/) fails, unless the file is
# on the list below of files that still have theirs (empty since issue #24; a listed file
# without SQL fails too, so the list can only shrink).
set -euo pipefail
cd "$(dirname "$0")/.."

STILL_TO_MOVE=()

pattern='sqlx::query|QueryBuilder|sqlx::raw_sql'
failed=0
while IFS= read -r file; do
  case "$file" in
    crates/data/src/*/store.rs | crates/data/src/*/store/*.rs | crates/data/src/db/*) continue ;;
  esac
  listed=0
  for allowed in "${STILL_TO_MOVE[@]}"; do [ "$file" = "$allowed" ] && listed=1; done
  if [ "$listed" = 0 ]; then
    echo "house-rules: $file har SQL; flytt den til ressursens store.rs (docs/ARCHITECTURE.md)" >&2
    grep -nE "$pattern" "$file" | sed 's/^/  /' >&2
    failed=1
  fi
done < <(grep -rlE "$pattern" src crates --include='*.rs' | sort)

for allowed in "${STILL_TO_MOVE[@]}"; do
  if ! grep -qE "$pattern" "$allowed" 2>/dev/null; then
    echo "house-rules: $allowed har ikke lenger SQL; ta den ut av listen i scripts/house-rules.sh" >&2
    failed=1
  fi
done

# 2. One write path: a change the public site shows moves the site's change counter in
# its own transaction (its audit entry is `on_site`, crates/data/src/audit/store.rs), and the router
# lets the pages catch up after every staff write (src/app.rs `pages_caught_up`).
# No handler renders the pages or moves the counter by hand.
while IFS= read -r hit; do
  echo "house-rules: $hit: sidene lages av skrivestien (NewAudit::on_site), ikke for hånd" >&2
  failed=1
done < <(grep -rnE 'pages\.(caught_up|changed)\(|site::store::bump\(' src crates --include='*.rs' |
  grep -vE '^(src/(app\.rs|site/)|crates/data/src/site/)' |
  # Picture copies are made in the background, with no request or audit entry.
  grep -v '^src/media/variants\.rs:')

# 3a. One skeleton per resource (docs/ARCHITECTURE.md, "A resource"): in the server a
# resource's `mod.rs` declares its files and re-exports its data; its handlers are in
# `routes.rs` (or a file of their own beside it), never in `mod.rs`.
while IFS= read -r file; do
  echo "house-rules: $file har handlere; flytt dem til routes.rs ved siden av (docs/ARCHITECTURE.md)" >&2
  failed=1
done < <(grep -lE '#\[utoipa::path' $(find src -name mod.rs) 2>/dev/null || true)

# 3b. The same skeleton for every resource (docs/ARCHITECTURE.md, "Where the skeleton is
# going"): handlers live in a resource's folder `src/<r>/`, which has a `mod.rs` and a
# `routes.rs`; `router()` is written only in `routes.rs` (it names the handlers of the
# files beside it too); and no file but src/app.rs imports from it, not even the folder's
# own mod.rs, so that shared helpers live in a file of their own and whatever imports
# the resource does not import its handlers' state (no import circle through
# src/state.rs, scripts/import-circles.py).
while IFS= read -r file; do
  dir=$(dirname "$file")
  if [ "$dir" = src ]; then
    echo "house-rules: $file har handlere utenfor en ressursmappe; flytt dem til src/<ressurs>/routes.rs" >&2
    failed=1
    continue
  fi
  for part in mod.rs routes.rs; do
    if [ ! -f "$dir/$part" ]; then
      echo "house-rules: $dir mangler $part (hver ressurs har mod.rs og routes.rs)" >&2
      failed=1
    fi
  done
done < <(grep -rlE '#\[utoipa::path' src --include='*.rs' | sort)
while IFS= read -r hit; do
  echo "house-rules: $hit: router() skrives bare i routes.rs" >&2
  failed=1
done < <(grep -rnE '\bfn router\(' src --include='*.rs' | grep -vE '^src/app\.rs:|/routes\.rs:' || true)
while IFS= read -r hit; do
  echo "house-rules: $hit: importerer fra routes.rs; legg det som deles i en egen fil" >&2
  failed=1
done < <(grep -rnE '\b(super::routes|self::routes)::|^\s*(pub )?use routes::|\bcrate::[a-z_]+::routes::' src --include='*.rs' |
  grep -v '^src/app\.rs:' || true)

# 3. No source file over 400 lines, Rust or the web app's TypeScript (tests and generated
# files aside): a file that grows past it is split where its ideas part, not where it
# reaches the limit (docs/ARCHITECTURE.md, "Size by meaning").
while IFS= read -r line; do
  set -- $line
  if [ "$1" -gt 400 ]; then
    echo "house-rules: $2 har $1 linjer (høyst 400); del den opp etter hva delene gjør" >&2
    failed=1
  fi
done < <({ find src crates -name '*.rs' -not -path '*/target/*'
  find web/src \( -name '*.ts' -o -name '*.tsx' \) -not -name '*.test.ts' -not -name '*.test.tsx' -not -name '*.d.ts'
} | xargs wc -l | grep -v ' total$')

# 4. One form pattern in the web app (docs/ARCHITECTURE.md, "Forms"): every form is a
# react-hook-form + zod form whose server errors land through `useServerErrors`, and says
# `noValidate`, so the form's own Norwegian messages show under the fields instead of the
# browser's bubble (a `type="time"` with a step, say, is otherwise refused by the browser
# in its own words). The public contact form is an exception, kept light for the public
# pages' budget, and so is a customer's quote page, which the server alone renders: its
# forms post without script.
while IFS= read -r file; do
  case "$file" in
    web/src/features/contact/components/contact-form.tsx | web/src/app/quote/quote-page.tsx) continue ;;
  esac
  if ! grep -q "from 'react-hook-form'" "$file"; then
    echo "house-rules: $file har et skjema uten react-hook-form; bruk useForm og useServerErrors (src/lib/forms.ts)" >&2
    failed=1
  fi
  # Each <form ...> up to its closing '>' must name noValidate.
  missing=$(perl -0777 -ne 'while (/<form\b((?:[^>{]|\{[^}]*\})*)>/g) { my $attrs = $1; my $line = (substr($_, 0, pos) =~ tr/\n//) + 1; print "$line\n" unless $attrs =~ /\bnoValidate\b/ }' "$file" | paste -sd, -)
  if [ -n "$missing" ]; then
    echo "house-rules: $file:$missing har et skjema uten noValidate; skjemaets egne meldinger skal vises, ikke nettleserens" >&2
    failed=1
  fi
done < <(grep -rlE '<form[ >]' web/src --include='*.tsx' | grep -vE '\.test\.tsx$' | sort)

# 5. A flaky test is fixed, never set aside (docs/TESTING.md, "Flaky tests"): no test is
# ignored or skipped, and none is run alone with `.only`.
while IFS= read -r hit; do
  echo "house-rules: $hit setter en test til side; rett testen i stedet (docs/TESTING.md)" >&2
  failed=1
done < <(grep -rnE '#\[ignore' src tests crates --include='*.rs' 2>/dev/null || true
  grep -rnE '\b(test|describe|it)\.(skip|fixme|only)\(' web/e2e web/src --include='*.ts' --include='*.tsx' 2>/dev/null || true)

# 6. sqlx's proc macros build no database driver (docs/BENCHMARKS.md, "The build"): the
# drivers are named as crates (sqlx-sqlite, sqlx-postgres), and sqlx's own `sqlite`,
# `postgres` and `mysql` features, which would compile SQLite's C a second time for the
# macros, stay off.
while IFS= read -r hit; do
  echo "house-rules: $hit slår på en driver i sqlx sine makroer; bruk sqlx-sqlite / sqlx-postgres (docs/BENCHMARKS.md)" >&2
  failed=1
done < <(grep -nE '^sqlx = .*"(sqlite|postgres|mysql|sqlite-bundled|sqlite-unbundled|all-databases)"' Cargo.toml crates/data/Cargo.toml || true)

# 7. Dates and times have one home (crates/data/src/oslo.rs): every format string of a
# date or a time, every parse of one and Oslo's time zone are there, so a letter, a page,
# a spreadsheet and a PDF say the same moment the same way. Elsewhere in the Rust code, a
# strftime pattern (`%d`, `%H` ...), chrono's `format_with_items` or `Europe::Oslo` fails.
# The tests are free to write dates themselves: what they expect is best not computed by
# the code they check.
while IFS= read -r hit; do
  echo "house-rules: $hit formaterer eller leser en dato selv; bruk fagfolk_data::oslo (crates/data/src/oslo.rs)" >&2
  failed=1
done < <(grep -rnE '"[^"]*%[dmYHMS][^"]*"|format_with_items|Europe::Oslo' src crates --include='*.rs' |
  grep -v '^crates/data/src/oslo\.rs:' || true)

# 8. One field pattern in the web app (docs/ARCHITECTURE.md, "Forms"): a field's label,
# hint and error are tied to its control by `FormField` or, for a control that cannot sit
# in one (a checkbox beside its text, a field edited in place), `fieldControl`, both in
# web/src/components/ui/form-field.tsx. `aria-invalid` written anywhere else fails, so no
# form wires a screen reader's description by hand again.
while IFS= read -r hit; do
  echo "house-rules: $hit skriver aria-invalid selv; bruk FormField eller fieldControl (web/src/components/ui/form-field.tsx)" >&2
  failed=1
done < <(grep -rn 'aria-invalid' web/src --include='*.tsx' --include='*.ts' |
  grep -vE '^web/src/components/ui/form-field\.tsx:|\.test\.tsx?:' || true)

# 9. One CSV writer (src/http/csv.rs): every cell of every CSV file the server writes is
# made safe from Excel's formulas there. A `csv::WriterBuilder` or `csv::Writer` anywhere
# else fails, so a new export cannot forget it (issue #58, finding 7).
while IFS= read -r hit; do
  echo "house-rules: $hit skriver CSV selv; bruk crate::http::csv::Sheet (src/http/csv.rs)" >&2
  failed=1
done < <(grep -rnE '\bcsv::(WriterBuilder|Writer)\b' src crates --include='*.rs' | grep -v '^src/http/csv\.rs:' || true)

# 10. A resource's `src/<r>/mod.rs` only declares its files and re-exports its data
# (docs/ARCHITECTURE.md, "The layers"): a function there fails, so logic finds a file
# named for what it does (`src/documents/list.rs`) or the data crate.
while IFS= read -r routes; do
  dir=$(dirname "$routes")
  [ -f "$dir/mod.rs" ] || continue
  while IFS= read -r hit; do
    echo "house-rules: $dir/mod.rs:$hit: en funksjon i ressursens mod.rs; flytt den til en egen fil eller til datalaget" >&2
    failed=1
  done < <(grep -nE '^\s*(pub(\([a-z]+\))? )?(async )?fn ' "$dir/mod.rs" || true)
done < <(find src -mindepth 2 -name routes.rs | sort)

# 11. A handler names a refusal, never writes its text (docs/ARCHITECTURE.md, "The
# layers"): each resource's refusals are one enum with their Norwegian texts in the data
# crate (`fagfolk_data::jobs::Refused`, crates/data/src/refusal.rs), answered through
# `ApiError::refused` (src/http/error.rs). In a file with handlers, an `ApiError` built
# from a string literal (a 400, 403, 404, 409 or a field's 422) fails.
inline_refusals() {
  perl -0777 -ne 'while (/ApiError::(?:field\(\s*"[^"]*",|(?:[A-Z]\w*|not_found)\()\s*&?(?:format!\(\s*)?"/g) {
    my $line = (substr($_, 0, pos) =~ tr/\n//) + 1; print "$line\n" }' "$1"
}
while IFS= read -r file; do
  lines=$(inline_refusals "$file" | paste -sd, -)
  if [ -n "$lines" ]; then
    echo "house-rules: $file:$lines skriver et avslag selv; gi ressursens Refused en variant med teksten (crates/data/src/refusal.rs)" >&2
    failed=1
  fi
done < <(grep -rlE '#\[utoipa::path' src --include='*.rs' | sort)

# 12. A row is taken for a transaction in one place (docs/ARCHITECTURE.md, "The layers"):
# a job's by `fagfolk_data::jobs::store::lock_in`, the only no-change update of `jobs`;
# any other no-change update (`UPDATE t SET c = c`), which takes a row the same way,
# only in the store of the resource named like its table.
jobs_locks=$(grep -rnE 'UPDATE jobs SET (\w+) = \1 WHERE' src crates --include='*.rs' || true)
if [ "$(printf '%s' "$jobs_locks" | grep -c .)" -ne 1 ] || ! printf '%s' "$jobs_locks" | grep -q '^crates/data/src/jobs/store/mod\.rs:'; then
  echo "house-rules: en jobb-rad tas bare av jobs::store::lock_in (crates/data/src/jobs/store/mod.rs):" >&2
  printf '%s\n' "$jobs_locks" | sed 's/^/  /' >&2
  failed=1
fi
while IFS= read -r hit; do
  file=${hit%%:*}
  table=$(printf '%s' "$hit" | sed -E 's/.*UPDATE ([a-z_]+) SET.*/\1/')
  case "$file" in
    crates/data/src/"$table"/store.rs | crates/data/src/"$table"/store/*) ;;
    *)
      echo "house-rules: $hit: tar en rad i $table utenfor dens store (crates/data/src/$table/store)" >&2
      failed=1
      ;;
  esac
done < <(grep -rnE 'UPDATE [a-z_]+ SET (\w+) = \1 WHERE' src crates --include='*.rs' || true)

# 13. An audit entry's shape is written once (crates/data/src/auth/mod.rs: `created`,
# `recorded`, `changed`, `removed`, `deleted`; `NewAudit::recorded`): a `"before": {}`
# or `"after": {}` written anywhere else fails, so every "made" and "taken away" entry
# reads the same in the log.
while IFS= read -r hit; do
  echo "house-rules: $hit: bygger en revisjonsoppføring for hånd; bruk user.created / recorded / removed / changed / deleted" >&2
  failed=1
done < <(grep -rnE '"(before|after)": \{\}' src crates --include='*.rs' |
  grep -vE '^crates/data/src/(auth/mod|audit/mod)\.rs:' || true)

# 14. What every operation of a kind answers is documented once (`SessionCookie` in
# src/app.rs): the session of every /api/admin/ path and the plain 404 of every path with
# an id. A handler under /api/admin/ that names the session, or one with an id in its
# path that documents the plain "Finnes ikke", fails.
while IFS= read -r hit; do
  echo "house-rules: $hit: står allerede i OpenAPI-dokumentet for alle (SessionCookie i src/app.rs)" >&2
  failed=1
done < <(perl -0777 -ne 'while (/#\[utoipa::path\((.*?)\n\)\]/gs) { my ($block, $end) = ($1, pos);
    my ($path) = $block =~ /path = "([^"]+)"/; next unless defined $path;
    my $line = (substr($_, 0, $end) =~ tr/\n//) + 1;
    print "$ARGV:$line: $path security\n" if $path =~ m{^/api/admin/} && $block =~ /security\(\("session"/;
    print "$ARGV:$line: $path 404\n" if $path =~ /\{/ && $block =~ /status = 404, description = "Finnes ikke", body = ErrorBody/ }' \
  $(grep -rlE '#\[utoipa::path' src --include='*.rs'))

# 15. Every form has its Vitest test (docs/ARCHITECTURE.md, "Forms"): a file that calls
# react-hook-form's `useForm` is imported as './<its name>' by a `*.test.tsx`, which shows
# what the form sends, its Norwegian messages and a server's refusal landing under its
# field with what was typed kept.
while IFS= read -r file; do
  name=$(basename "${file%.tsx}")
  if ! grep -rqE "from '\./$name'" "$(dirname "$file")" --include='*.test.tsx'; then
    echo "house-rules: $file er et skjema uten test; skriv $(dirname "$file")/$name.test.tsx" >&2
    failed=1
  fi
done < <(grep -rlE '\buseForm[<(]' web/src --include='*.tsx' | grep -vE '\.test\.tsx$' | sort)

# 16. Playwright moves the page's clock, never sleeps (#76): `waitForTimeout` in web/e2e
# fails. A wait for something to pass is `page.clock.install()` and `page.clock.runFor()`;
# a wait for something to show is an `expect` that retries.
while IFS= read -r hit; do
  echo "house-rules: $hit venter en fast tid; flytt sidens klokke (page.clock.runFor) eller vent på noe med expect" >&2
  failed=1
done < <(grep -rnE '\bwaitForTimeout\(' web/e2e --include='*.ts' || true)

# 17. A failed read is an error, never "not there" (#76): `.await.ok()` (also split over
# lines) in src/ or crates/ fails, as it turns an outage into a wrong answer (a 409 "Kunden
# har ingen e-postadresse" instead of a 503). A read is `?`'d, or its error matched and
# logged. The rare right one says why on the line of its `.ok()`: `// ok: <why>`.
while IFS= read -r hit; do
  echo "house-rules: $hit: .await.ok() tar en feil for «finnes ikke»; bruk ? eller logg feilen (eller skriv // ok: <hvorfor> på linjen)" >&2
  failed=1
done < <(find src crates -name '*.rs' -not -path '*/target/*' -print0 | sort -z |
  xargs -0 perl -0777 -ne 'while (/\.await\s*\.ok\(\)([^\n]*)/g) { my ($rest, $end) = ($1, pos);
    my $line = (substr($_, 0, $end) =~ tr/\n//) + 1;
    print "$ARGV:$line\n" unless $rest =~ m{//\s*ok:\s*\S} }')

# 18. Input is read in the data crate, for every resource (#76; docs/ARCHITECTURE.md, "A
# resource"): a body's type (`<Name>Input`, `ToSchema`) and the reading of its fields into
# checked values, with each field's Norwegian message, are the resource's
# `crates/data/src/<r>/input.rs` (`fagfolk_data::payments::input::read_payment`); the
# handler calls the reader. So a `struct <Name>Input` in src/ fails, and so does a field's
# message written in a file with handlers: `<errors>.add("<field>", "<text>")` or
# `ApiError::field(<field>, "<text>")` (a constant or a refusal of the data crate names it).
while IFS= read -r hit; do
  echo "house-rules: $hit: en Input-type i serveren; flytt den og lesingen av feltene til crates/data/src/<ressurs>/input.rs" >&2
  failed=1
done < <(grep -rnE '\bstruct[[:space:]]+[A-Za-z0-9_]*Input\b' src --include='*.rs' || true)
inline_field_messages() {
  perl -0777 -ne 'while (/(?:\b\w+\.add\(\s*"[^"]*"\s*,|ApiError::field\(\s*(?:[^,()"]|"[^"]*"|\([^()]*\))*,)\s*&?(?:format!\(\s*)?"/g) {
    my $line = (substr($_, 0, pos) =~ tr/\n//) + 1; print "$line\n" }' "$1"
}
while IFS= read -r file; do
  lines=$(inline_field_messages "$file" | paste -sd, -)
  if [ -n "$lines" ]; then
    echo "house-rules: $file:$lines skriver en feltmelding selv; les feltet i crates/data/src/<ressurs>/input.rs" >&2
    failed=1
  fi
done < <(grep -rlE '#\[utoipa::path' src --include='*.rs' | sort)

exit "$failed"
