import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { test as base, expect } from '@playwright/test'
import { adminPassword, serverBinary } from '../playwright.config'

export { expect }

/** A running server; `database` is its SQLite file, for a test that must age its data. */
export type Server = { url: string; database: string; stop: () => Promise<void> }

/** A port the system just handed out as free. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('ingen port'))))
    })
  })
}

/** The server stopped before it answered: its exit code. */
class Exited extends Error {
  constructor(readonly code: number | null) {
    super(`serveren stoppet med kode ${code}`)
  }
}

/**
 * Starts the real binary on a free port with a new SQLite database and media folder, and
 * a first admin (`admin@fagfolk.test`). With `demo`, it is `fagfolk serve --demo` as a
 * firm trying it sees it: its demo administrator (e2e/admin.ts `demoEmail`) and sample
 * leads, and no other admin. Fails if it does not answer `/healthz` in 15 s.
 *
 * The port is free when `freePort` hands it out, but another process (a Rust test's
 * server, another worker's) may take it before the binary binds it, and then the binary
 * stops at once (seen once beside a run under load, docs/TESTING.md). A server that stops
 * before it answers is started again on a new port, three tries in all; one that stops
 * every time still fails the test, with each exit code.
 */
export async function startServer(env: Record<string, string> = {}, { demo = false } = {}): Promise<Server> {
  const codes: (number | null)[] = []
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      return await startOnce(env, demo)
    } catch (error) {
      if (!(error instanceof Exited)) throw error
      codes.push(error.code)
    }
  }
  throw new Error(`serveren stoppet før den svarte, tre ganger (koder ${codes.join(', ')})`)
}

async function startOnce(env: Record<string, string>, demo: boolean): Promise<Server> {
  const dir = mkdtempSync(path.join(tmpdir(), 'fagfolk-e2e-'))
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  const firstAdmin = demo ? {} : { FAGFOLK_ADMIN_EMAIL: 'admin@fagfolk.test', FAGFOLK_ADMIN_PASSWORD: adminPassword }
  const child: ChildProcess = spawn(serverBinary, demo ? ['serve', '--demo'] : ['serve'], {
    env: {
      ...process.env,
      FAGFOLK_ADDR: `127.0.0.1:${port}`,
      DATABASE_URL: `sqlite://${dir}/e2e.db`,
      FAGFOLK_STORAGE: `${dir}/media`,
      FAGFOLK_PUBLIC_URL: url,
      FAGFOLK_CONTACT_LIMIT: '1000',
      ...firstAdmin,
      RUST_LOG: 'warn',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const deadline = Date.now() + 15_000
  for (;;) {
    if (child.exitCode !== null) {
      rmSync(dir, { recursive: true, force: true })
      throw new Exited(child.exitCode)
    }
    try {
      if ((await fetch(`${url}/healthz`)).ok) break
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL')
      throw new Error(`serveren på ${url} svarte ikke på /healthz`)
    }
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  return {
    url,
    database: `${dir}/e2e.db`,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGKILL')
      await exited
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

// One server and database per test file, so that no file sees another's data and a
// failure cannot cascade; it is started by the file's first test and stopped when the
// next file begins (or the worker ends). A file that says `test.use({ demo: true })` gets
// a server started with `--demo`.
let current: { file: string; server: Promise<Server> } | undefined

async function serverFor(file: string, demo: boolean): Promise<Server> {
  if (current?.file !== file) {
    const previous = current
    current = { file, server: startServer({}, { demo }) }
    if (previous) await (await previous.server).stop()
  }
  return current.server
}

export const test = base.extend<{ server: Server }, { stopLastServer: void; demo: boolean }>({
  demo: [false, { scope: 'worker', option: true }],
  server: async ({ demo }, use, testInfo) => {
    await use(await serverFor(testInfo.file, demo))
  },
  baseURL: async ({ server }, use) => {
    await use(server.url)
  },
  stopLastServer: [
    async ({}, use) => {
      await use()
      if (current) await (await current.server).stop()
      current = undefined
    },
    { scope: 'worker', auto: true },
  ],
})
