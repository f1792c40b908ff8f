import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { serverBinary } from '../playwright.config'

/** A second, private server for tests that stop it on purpose. */
export async function startServer(port: number): Promise<{ url: string; stop: () => Promise<void> }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'fagfolk-e2e-own-'))
  const child: ChildProcess = spawn(serverBinary, ['serve'], {
    env: {
      ...process.env,
      FAGFOLK_ADDR: `127.0.0.1:${port}`,
      DATABASE_URL: `sqlite://${dir}/own.db`,
      FAGFOLK_STORAGE: `${dir}/media`,
      RUST_LOG: 'warn',
    },
    stdio: 'ignore',
  })
  const url = `http://127.0.0.1:${port}`
  for (let attempt = 0; attempt < 100; attempt++) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) break
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  return {
    url,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve())
        child.kill('SIGKILL')
      }),
  }
}
