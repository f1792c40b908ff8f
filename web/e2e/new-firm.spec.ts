import type { Page } from '@playwright/test'
import { publicPaths } from '../src/lib/paths'
import { signIn } from './admin'
import { png } from './fixtures'
import { expect, test } from './server'

// A new firm, in the admin as its owner would: replaces the company facts, uploads its
// logo, says which promises it makes, and deletes every example in Innhold. Afterwards no
// text the site shipped with is in any public page's HTML (JSON-LD included), and the
// logo is the header's mark and the browser's icon (#25).

/** What the site shipped with, read from the fresh site before anything is changed: the
 * example content's own words, the example company facts and the example firm's promises
 * in the words the pages use for them. */
async function shippedTexts(page: Page): Promise<string[]> {
  const content = (await (await page.request.get('/api/admin/content')).json()) as { example: boolean; data: Record<string, unknown> }[]
  const settings = await (await page.request.get('/api/admin/settings')).json()
  const texts = new Set<string>()
  // The item's own words; not the words it shares with every page ("Elektriker" as a
  // review's service, a page key, a year).
  const own = ['name', 'title', 'description', 'email', 'phone', 'place', 'text', 'label', 'highlights']
  for (const item of content.filter((item) => item.example)) {
    for (const value of own.map((key) => item.data[key])) {
      for (const text of Array.isArray(value) ? value : [value]) {
        // A one-word label ("kunder") is an ordinary word of any page; names and phrases are not.
        if (typeof text === 'string' && text.length >= 4 && (/[\s/]/.test(text) || /[A-ZÆØÅ0-9]/.test(text))) texts.add(text)
      }
    }
  }
  for (const key of ['company_name', 'orgnr', 'adresse', 'email', 'global_phone_primary'] as const) texts.add(settings[key])
  texts.add(`siden ${settings.founded_year}`)
  for (const claim of ['Døgnvakt', 'døgnet rundt', '24/7', '5 års garanti', 'innen en time', 'under én time', 'ratis befaring', 'openingHoursSpecification', '/favicon.svg', 'Mesterbedrift']) {
    texts.add(claim)
  }
  return [...texts]
}

test('a new firm replaces every example and claim, uploads its logo, and nothing shipped is left on the site', async ({ page }) => {
  test.setTimeout(180_000)
  await signIn(page)
  const shipped = await shippedTexts(page)
  expect(shipped.length).toBeGreaterThan(40)
  await expect(page.getByText(/Nettstedet lover fortsatt eksempelfirmaets døgnvakt/)).toBeVisible()
  await expect(page.getByText(/Nettstedet har ingen logo ennå/)).toBeVisible()

  // The company facts.
  await page.goto('/admin/settings')
  const facts = {
    Firmanavn: 'Rør & Strøm Oslo AS',
    Organisasjonsnummer: '912 345 678',
    Adresse: 'Trondheimsveien 2, 0560 Oslo',
    'E-post (vises på nettstedet)': 'post@rorogstrom.no',
    Hovednummer: '23 45 67 89',
    'Ekstra telefoner (kommaseparert)': '',
    'Grunnlagt (årstall)': '2019',
  }
  for (const [label, value] of Object.entries(facts)) await page.getByLabel(label, { exact: true }).fill(value)
  await page.getByRole('button', { name: 'Lagre', exact: true }).click()
  await expect(page.getByText('Innstillinger lagret')).toBeVisible()

  // The logo, uploaded from the picker.
  const logoCard = page.locator('#logo')
  await logoCard.getByRole('button', { name: 'Velg bilde' }).click()
  const library = page.getByRole('dialog', { name: 'Velg bilde' })
  await library.getByText('Last opp nytt').setInputFiles({ name: 'Rør og Strøm logo.png', mimeType: 'image/png', buffer: png(600, 200) })
  await expect(library).toBeHidden()
  await expect(page.getByText('Logoen er lagret')).toBeVisible()
  await expect(logoCard.getByRole('img')).toBeVisible()

  // The promises: no døgnvakt, no hour at a leak, no binding price, no free visit; two
  // years of warranty.
  const promises = page.locator('#lofter')
  await promises.getByLabel('Døgnvakt 24/7').uncheck()
  await promises.getByLabel('På plass innen en time ved akutt vannlekkasje i Oslo').uncheck()
  await promises.getByLabel(/Bindende pris før oppstart/).uncheck()
  await promises.getByLabel('Gratis befaring').uncheck()
  await promises.getByLabel('Garanti på arbeidet (år)').fill('2')
  await promises.getByLabel(/Dette stemmer for oss/).check()
  await promises.getByRole('button', { name: 'Lagre løftene' }).click()
  await expect(page.getByText('Løftene er lagret')).toBeVisible()

  // Every example in Innhold, deleted; one promise of its own added.
  for (const kind of ['team', 'project', 'review', 'figure', 'platform', 'promise']) {
    await page.goto(`/admin/content?type=${kind}`)
    const examples = page.getByRole('listitem').filter({ has: page.getByText('Eksempel', { exact: true }) })
    // Every kind ships with examples: wait for its list before counting them.
    await expect(page.locator(`[data-content-list="${kind}"]`)).toBeVisible()
    while ((await examples.count()) > 0) {
      const before = await examples.count()
      await examples.first().getByRole('button', { name: /^Slett / }).click()
      await page.getByRole('dialog').getByRole('button', { name: 'Slett', exact: true }).click()
      await expect(examples).toHaveCount(before - 1)
    }
  }
  await page.getByRole('button', { name: 'Nytt løfte' }).first().click()
  await page.getByRole('dialog').getByLabel('Løfte').fill('Fast kontaktperson på hver jobb')
  await page.getByRole('dialog').getByRole('button', { name: 'Lagre' }).click()
  await expect(page.getByText('Fast kontaktperson på hver jobb')).toBeVisible()

  // The checklist has nothing left that is done in the admin.
  await page.goto('/admin')
  await expect(page.getByRole('heading', { name: 'Oversikt', level: 1 })).toBeVisible()
  for (const left of [/eksempeltekst/, /eksempelverdiene/, /eksempelfirmaets døgnvakt/, /ingen logo/]) {
    await expect(page.getByText(left)).toHaveCount(0)
  }

  // No shipped text on any public page; the firm's own name, promise and logo are there.
  const found: string[] = []
  for (const path of Object.values(publicPaths)) {
    const html = await (await page.request.get(path)).text()
    expect(html, path).toContain('Rør &amp; Strøm Oslo AS')
    for (const text of shipped) {
      if (html.includes(text) || html.includes(text.replaceAll('&', '&amp;'))) found.push(`${path}: «${text}»`)
    }
    expect(html, path).toMatch(/<link rel="icon" href="\/icons\/[0-9a-f-]+-32\.png"/)
  }
  expect(found).toEqual([])

  const visitor = await page.context().newPage()
  await visitor.goto('/')
  await expect(visitor.getByText('2 års garanti').first()).toBeVisible()
  await expect(visitor.getByText('Fast kontaktperson på hver jobb')).toBeVisible()
  const mark = visitor.locator('[data-header-bar] a[title="Rør & Strøm Oslo AS"] img')
  await expect(mark).toBeVisible()
  await expect.poll(() => mark.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true)
  expect(await mark.evaluate((img: HTMLImageElement) => img.currentSrc)).toContain('/media/')
  const icon = await visitor.locator('link[rel="icon"]').getAttribute('href')
  const answer = await visitor.request.get(icon ?? '')
  expect(answer.status()).toBe(200)
  expect(answer.headers()['content-type']).toBe('image/png')
  const jsonLd = await visitor.locator('script[type="application/ld+json"]').textContent()
  expect(JSON.parse(jsonLd ?? '{}')['@graph'][0].logo).toMatch(/\/icons\/[0-9a-f-]+-512\.png$/)
})
