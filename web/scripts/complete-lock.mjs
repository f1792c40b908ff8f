// Completes package-lock.json with Tailwind's native builds for the platforms this
// machine's npm registry mirror does not carry (macOS, Windows, FreeBSD, Android, 32-bit
// ARM, WebAssembly). `npm ci` insists that every optional dependency has an entry, even
// one it will never install here; on those platforms npm fetches them by version.
// Run after `npm install` whenever the Tailwind version changes:
//   node scripts/complete-lock.mjs
import { readFileSync, writeFileSync } from 'node:fs'

const file = new URL('../package-lock.json', import.meta.url)
const lock = JSON.parse(readFileSync(file, 'utf8'))
const oxide = lock.packages['node_modules/@tailwindcss/oxide']
const platforms = {
  'oxide-android-arm64': { os: ['android'], cpu: ['arm64'] },
  'oxide-darwin-arm64': { os: ['darwin'], cpu: ['arm64'] },
  'oxide-darwin-x64': { os: ['darwin'], cpu: ['x64'] },
  'oxide-freebsd-x64': { os: ['freebsd'], cpu: ['x64'] },
  'oxide-linux-arm-gnueabihf': { os: ['linux'], cpu: ['arm'] },
  'oxide-wasm32-wasi': { cpu: ['wasm32'] },
  'oxide-win32-arm64-msvc': { os: ['win32'], cpu: ['arm64'] },
  'oxide-win32-x64-msvc': { os: ['win32'], cpu: ['x64'] },
}
let added = 0
for (const name of Object.keys(oxide.optionalDependencies ?? {})) {
  const key = `node_modules/${name}`
  const platform = platforms[name.replace('@tailwindcss/', '')]
  if (lock.packages[key] || !platform) continue
  lock.packages[key] = {
    version: oxide.optionalDependencies[name],
    ...platform,
    dev: true,
    license: 'MIT',
    optional: true,
    engines: { node: '>= 20' },
  }
  added += 1
}
const sorted = Object.fromEntries(
  Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
)
lock.packages = sorted
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`)
console.log(`package-lock.json: ${added} plattformpakker lagt til`)
