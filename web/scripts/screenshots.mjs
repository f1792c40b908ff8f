// Screenshots of pages at phone and desktop width, light and dark, for looking at what
// we build: node scripts/screenshots.mjs http://127.0.0.1:8080 /tmp/shots / /kontakt
// /admin/logs. Admin pages are taken signed in as FAGFOLK_ADMIN_EMAIL with
// FAGFOLK_ADMIN_PASSWORD (as scripts/with-server.sh's server was started with).
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
    if (process.env.FAGFOLK_ADMIN_EMAIL) {
      const login = await context.request.post(`${base}/api/auth/login`, {
        headers: { 'X-Fagfolk-Csrf': '1' },
        data: { email: process.env.FAGFOLK_ADMIN_EMAIL, password: process.env.FAGFOLK_ADMIN_PASSWORD },
      })
      if (!login.ok()) throw new Error(`innlogging feilet: ${login.status()}`)
    }
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
