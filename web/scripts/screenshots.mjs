// Screenshots of public pages at phone and desktop width, light and dark, for looking
// at what we build: node scripts/screenshots.mjs http://127.0.0.1:8080 /tmp/shots / /kontakt
import { mkdir } from 'node:fs/promises'
import { chromium } from '@playwright/test'

const [base = 'http://127.0.0.1:8080', out = '/tmp/shots', ...paths] = process.argv.slice(2)
const routes = paths.length ? paths : ['/']
await mkdir(out, { recursive: true })
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'],
})
for (const theme of ['light', 'dark']) {
  for (const width of [375, 1280]) {
    const context = await browser.newContext({ viewport: { width, height: width < 500 ? 800 : 900 } })
    await context.addInitScript((t) => window.localStorage.setItem('theme', t), theme)
    const page = await context.newPage()
    for (const route of routes) {
      await page.goto(base + route, { waitUntil: 'networkidle' })
      const name = `${route === '/' ? 'home' : route.slice(1).replaceAll('/', '_')}-${width}-${theme}.png`
      await page.screenshot({ path: `${out}/${name}`, fullPage: true })
      console.log(`${out}/${name}`)
    }
    await context.close()
  }
}
await browser.close()
