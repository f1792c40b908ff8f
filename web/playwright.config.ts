import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { defineConfig, devices } from '@playwright/test'

// End-to-end tests drive Debian's Chromium against the real server binary on a fresh
// SQLite database. `make test` builds both first. Never download a browser here.
const targetDir = process.env.CARGO_TARGET_DIR ?? path.resolve(import.meta.dirname, '..', 'target')
export const serverBinary = process.env.FAGFOLK_BIN ?? path.join(targetDir, 'debug', 'fagfolk')
export const port = Number(process.env.E2E_PORT ?? 4173)
export const adminPassword = 'lang og trygg setning 42'
const dataDir = mkdtempSync(path.join(tmpdir(), 'fagfolk-e2e-'))

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
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'off',
    launchOptions: { executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: chromiumArgs },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    command: `${serverBinary} serve`,
    url: `http://127.0.0.1:${port}/healthz`,
    reuseExistingServer: false,
    timeout: 30_000,
    env: {
      FAGFOLK_ADDR: `127.0.0.1:${port}`,
      DATABASE_URL: `sqlite://${dataDir}/e2e.db`,
      FAGFOLK_STORAGE: `${dataDir}/media`,
      FAGFOLK_PUBLIC_URL: `http://127.0.0.1:${port}`,
      FAGFOLK_CONTACT_LIMIT: '1000',
      FAGFOLK_ADMIN_EMAIL: 'admin@fagfolk.test',
      FAGFOLK_ADMIN_PASSWORD: adminPassword,
      RUST_LOG: 'warn',
    },
  },
})
