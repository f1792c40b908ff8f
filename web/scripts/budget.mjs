// Web budget: the bytes of JavaScript and CSS (gzip) that each public page
// loads, and proof that no public page loads the admin app. Fails above the budget.
// Usage: node scripts/budget.mjs   (after npm run build)
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'

const dist = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist')
// Just above today's measure (38-44 KB of JavaScript, 8.5 KB of CSS, gzip), so that
// growth is a decision someone makes here, not an accident: raise a budget in the same
// change that needs it, and say why. 45 KB of JavaScript is the product's ceiling. The
// public stylesheet is built only from the files the public pages import (src/public.css),
// so the back office's utilities do not count here; the CSS budget is 9.5 KB.
const JS_BUDGET_KB = Number(process.env.JS_BUDGET_KB ?? 45)
const CSS_BUDGET_KB = Number(process.env.CSS_BUDGET_KB ?? 9.5)

const manifest = JSON.parse(await readFile(path.join(dist, '_pages', 'manifest.json'), 'utf8'))
const template = await readFile(path.join(dist, 'index.html'), 'utf8')
const viteManifest = JSON.parse(await readFile(path.join(dist, '.vite', 'manifest.json'), 'utf8'))
// The admin app is its own build (vite build --mode admin) with its own manifest: every
// file of it that the public build does not also have is admin code.
const adminManifest = JSON.parse(await readFile(path.join(dist, '.vite', 'admin-manifest.json'), 'utf8'))
const publicFiles = new Set(Object.values(viteManifest).map((chunk) => chunk.file))
const adminChunks = Object.values(adminManifest)
  .map((chunk) => chunk.file)
  .filter((file) => file.endsWith('.js') && !publicFiles.has(file))
if (!Object.values(adminManifest).some((chunk) => chunk.isEntry && adminChunks.includes(chunk.file))) {
  throw new Error('fant ikke admin-appen i admin-manifestet')
}

const gzipKb = async (file) => gzipSync(await readFile(path.join(dist, file))).length / 1024
let failed = false
console.log('| Side | JS (gzip) | CSS (gzip) |')
console.log('|---|---|---|')
for (const page of manifest.pages) {
  // What the server puts into the page's head: the template's tags and the page's preloads.
  const html = `${template}\n${page.preloads.join('\n')}`
  const scripts = [...html.matchAll(/<(?:script[^>]+src|link[^>]+rel="modulepreload"[^>]+href)="\/([^"]+\.js)"/g)].map((m) => m[1])
  const styles = [...html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="\/([^"]+\.css)"/g)].map((m) => m[1])
  // Follow the static imports of each script too (what the browser must fetch to run).
  const queue = [...scripts]
  const js = new Set()
  while (queue.length) {
    const file = queue.pop()
    if (js.has(file)) continue
    js.add(file)
    const chunk = Object.values(viteManifest).find((c) => c.file === file)
    for (const imported of chunk?.imports ?? []) queue.push(viteManifest[imported].file)
  }
  for (const file of js) {
    if (adminChunks.includes(file)) {
      console.error(`${page.path} laster admin-koden (${file})`)
      failed = true
    }
  }
  let jsKb = 0
  for (const file of js) jsKb += await gzipKb(file)
  let cssKb = 0
  for (const file of styles) cssKb += await gzipKb(file)
  console.log(`| ${page.path} | ${jsKb.toFixed(1)} KB | ${cssKb.toFixed(1)} KB |`)
  if (js.size === 0 || jsKb > JS_BUDGET_KB) {
    console.error(`${page.path}: ${jsKb.toFixed(1)} KB JavaScript (gzip) er over budsjettet på ${JS_BUDGET_KB} KB`)
    failed = true
  }
  if (styles.length === 0 || cssKb > CSS_BUDGET_KB) {
    console.error(`${page.path}: ${cssKb.toFixed(1)} KB CSS (gzip) er ${styles.length ? `over budsjettet på ${CSS_BUDGET_KB} KB` : 'ikke funnet'}`)
    failed = true
  }
}
console.log(`\nAdmin-appen (${adminChunks.length} JS-filer) lastes av ingen offentlig side.`)
process.exit(failed ? 1 : 0)
