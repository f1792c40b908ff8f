# Fagfolk: the two commands of the README are `make run` and `make test`.
# Everything else here is what those two are made of.

CARGO ?= cargo
NPM ?= npm

.PHONY: setup run server build-budget memory-budget test web web-deps test-ehf test-build test-rust test-web test-e2e test-budgets test-api-fuzz test-observatory test-deploy lint openapi bench mutants mutation-drill clean

## Build the web app and the server side by side, then start the site on embedded SQLite
## (http://127.0.0.1:8080). The server is built with Cargo.toml's `local` profile, made to
## be quick to build from nothing (it reads the web app from web/dist at run time); the
## shipped build is `cargo build --release` (docs/DEPLOY.md). scripts/first-page.sh times
## this from a fresh clone.
run:
	$(MAKE) --no-print-directory -j2 web server
	$(CARGO) run --quiet --profile local -- serve

server:
	$(CARGO) build --profile local

## Every test: Rust (SQLite and PostgreSQL), web unit tests, Playwright in Chromium,
## and the web budgets (JavaScript size, Lighthouse on every public route). The stages
## run in this order, each timed, and the table of minutes is printed at the end
## (scripts/stages.sh); the first that fails stops the run. Stages joined by + run at
## the same time. The Rust tests and the browser tests run one after the other: together
## they kept a fast machine's cores 95 % busy and saved a minute and a half, but on a
## much slower machine (2026-11-27, session 26) the pages' re-render after a save took
## longer than the 5 s a save waits for it, and tests failed twice (docs/TESTING.md). Vitest runs
## beside the Rust tests; Lighthouse measures speed, so it runs alone, last.
TEST_STAGES = setup web lint test-ehf test-build test-rust+test-web test-e2e test-api-fuzz+test-observatory+test-deploy+build-budget+memory-budget test-budgets
test:
	@MAKE="$(MAKE)" scripts/stages.sh $(TEST_STAGES)

## What the tests need beyond Rust and Node (Chromium, nginx, poppler, Java, the PyPI
## tools, cargo-nextest, a running PostgreSQL), installed when missing: `make test`'s
## first stage, so a fresh machine needs nothing typed by hand.
setup:
	scripts/setup.sh

# `npm ci` installs exactly the lock file. The lock file lists Tailwind's native builds
# for other platforms too, which this machine's registry mirror lacks
# (web/scripts/complete-lock.mjs adds them after an `npm install`).
web-deps:
	cd web && if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then \
		PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 $(NPM) ci --no-audit --no-fund --prefer-offline; fi

web: web-deps
	cd web && $(NPM) run build

lint:
	scripts/house-rules.sh
	python3 scripts/import-circles.py
	$(CARGO) fmt --all --check
	$(CARGO) clippy --workspace --all-targets --quiet -- -D warnings
	cd web && $(NPM) run typecheck
	cd web && $(NPM) run --silent lint
	cd web && $(NPM) run --silent check:api

# cargo-nextest runs each test in a process of its own (.config/nextest.toml); under
# .ci/run (NEXTEST_PROFILE=ci) a failed test is tried once more and reported as flaky
# if it then passes. Without nextest installed, cargo test runs the same tests.
test-rust:
	@if $(CARGO) nextest --version >/dev/null 2>&1; then \
		$(CARGO) nextest run --workspace --no-tests=fail; \
	else \
		echo "cargo-nextest mangler (cargo install --locked cargo-nextest); kjører cargo test"; \
		$(CARGO) test --workspace --quiet; \
	fi

## The EHF validator's self-test: the official Peppol examples pass and the official
## broken ones fail with their rule (tests/ehf/README.md), before the Rust tests trust it.
test-ehf:
	python3 tests/ehf/validate.py --self-test

## The Rust tests and the debug binary, built once before the stages that use them.
test-build:
	$(BIN)

# The debug binary the browser tests, Schemathesis, the Observatory, the deploy check and
# the budgets run. It is built as the Rust tests build it, with the dev-dependencies'
# features (reqwest's pull on hyper, tokio ...): a plain `cargo build` resolves features
# without them and would compile much of the tree a second time after test-rust.
BIN = $(CARGO) test --workspace --no-run --quiet

test-web: web-deps
	cd web && $(NPM) test

test-e2e: web
	$(BIN)
	cd web && $(NPM) run e2e

## Schemathesis over every operation of the OpenAPI document (pip install schemathesis).
test-api-fuzz:
	$(BIN)
	scripts/schemathesis.sh

## MDN HTTP Observatory behind a local TLS front (nginx); must grade A+.
test-observatory:
	$(BIN)
	scripts/observatory.sh

## docs/DEPLOY.md tried: the systemd units (verify, sandboxing score), the backup
## service's own commands, and the restore drill.
test-deploy:
	$(BIN)
	scripts/deploy-check.sh

## The server binary's size against its budget (scripts/build-budget.sh; `--release` for
## the shipped binary, which bench/run.sh checks).
build-budget:
	$(BIN)
	scripts/build-budget.sh

## The test build's resident memory idle, after reads and after forms on the demo data,
## against its budget (scripts/memory-budget.sh; bench/run.sh measures the shipped binary).
## It takes the web app as built (`make web`): built again here, it would be rebuilt under
## the servers of the stages that run beside it, which read it from disk.
memory-budget:
	$(BIN)
	scripts/memory-budget.sh

test-budgets: web
	$(BIN)
	cd web && node scripts/budget.mjs
	cd web && FAGFOLK_ADMIN_EMAIL=budsjett@fagfolk.test FAGFOLK_ADMIN_PASSWORD='lighthouse måler med bilder' \
		../scripts/with-server.sh sh -c 'node scripts/add-photos.mjs "$$BASE_URL" && node scripts/lighthouse.mjs "$$BASE_URL"'

## Regenerate openapi.json and the web app's API types from the handlers.
openapi:
	$(CARGO) run --quiet -- openapi > openapi.json
	cd web && $(NPM) run gen:api

## Mutation testing (cargo install cargo-mutants cargo-nextest) over the modules that
## guard the firm's data: every mutant the tests do not kill is listed in
## mutants.out/missed.txt, and must be killed by a new test or named with its reason in
## docs/TESTING.md. Each mutant is built without debug information and tested with
## nextest, which stops at the first failure (.cargo/mutants.toml); with mold installed it
## links with mold. About an hour and a half on two cores. The copy it builds in needs
## web/dist (ignored by git); the PostgreSQL twins of the tests are skipped.
MUTANT_SCOPE = -f 'src/auth/**' -f 'src/users/**' -f 'src/audit/**' -f 'src/contact/**' -f 'src/media/**' -f 'src/http/**' \
	-f 'crates/data/src/auth/**' -f 'crates/data/src/users/**' -f 'crates/data/src/audit/**' -f 'crates/data/src/contact/**' -f 'crates/data/src/media/**'
MOLD = $(if $(shell command -v mold),-C link-arg=-fuse-ld=mold,)
mutants: web
	RUSTFLAGS="$(MOLD)" $(CARGO) mutants --workspace $(MUTANT_SCOPE) --gitignore false --jobs 1 --timeout 300 -- -- --skip postgres

## Six faults that once passed every test, each applied on its own; all must be caught.
mutation-drill: web
	scripts/mutation-drill.sh

## Every benchmark (figures, not tests): the public site beside nginx, the contact form
## and memory (bench/run.sh), then the lead manager with 10 000 leads (bench/leads.sh),
## the quotes (bench/quotes.sh) and the soak: a minute of enquiries, then the lead manager
## (bench/soak.sh). Latest figures: docs/BENCHMARKS.md.
bench: web
	bash bench/run.sh
	bash bench/leads.sh
	bash bench/quotes.sh
	bash bench/soak.sh

clean:
	rm -rf web/dist target
