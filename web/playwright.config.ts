import path from 'node:path'
import { defineConfig, devices } from '@playwright/test'

// End-to-end tests drive Debian's Chromium against the real server binary: each test
// file gets its own server on a free port with a fresh SQLite database (e2e/server.ts).
// `make test` builds both first. Never download a browser here.
const targetDir = process.env.CARGO_TARGET_DIR ?? path.resolve(import.meta.dirname, '..', 'target')
export const serverBinary = process.env.FAGFOLK_BIN ?? path.join(targetDir, 'debug', 'fagfolk')
export const adminPassword = 'lang og trygg setning 42'

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
    trace: 'off',
    launchOptions: { executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: chromiumArgs },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
})
