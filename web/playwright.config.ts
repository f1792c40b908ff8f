import path from 'node:path'
import { defineConfig, devices } from '@playwright/test'

// End-to-end tests drive Debian's Chromium against the real server binary: each test
// file gets its own server on a free port with a fresh SQLite database (e2e/server.ts).
// `make test` builds both first. Never download a browser here.
const targetDir = process.env.CARGO_TARGET_DIR ?? path.resolve(import.meta.dirname, '..', 'target')
export const serverBinary = process.env.FAGFOLK_BIN ?? path.join(targetDir, 'debug', 'fagfolk')
export const adminPassword = 'lang og trygg setning 42'
// A service worker's own requests pass `context.route` only with this (Chromium ignores
// `setOffline` for them): e2e/montor-offline.spec.ts cuts them to test the app offline.
process.env.PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS ??= '1'

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
]

export default defineConfig({
  testDir: './e2e',
  // Two files at a time, each with its own server and database: the browser and the
  // server wait on each other much of the time, so two workers on two cores take the
  // suite from 6.3 to 4.6 minutes (docs/TESTING.md, "Where CI's minutes go").
  fullyParallel: false,
  workers: 2,
  // Under .ci/run (CI set) a failed test is run once more: if it then passes, Playwright
  // marks it flaky, the JSON report carries it to target/ci/flaky.txt
  // (scripts/ci-summary.py) and CI goes on; a test that fails twice fails CI.
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  reporter: process.env.CI
    ? [['list'], ['json', { outputFile: path.resolve(import.meta.dirname, '..', 'target', 'ci', 'playwright.json') }]]
    : [['list']],
  use: {
    trace: 'off',
    // A Norwegian browser: the sign-in page follows the browser's language until one is
    // picked (src/lib/i18n); e2e/montor-language.spec.ts sets a Polish one of its own.
    locale: 'nb-NO',
    launchOptions: { executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: chromiumArgs },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
})
