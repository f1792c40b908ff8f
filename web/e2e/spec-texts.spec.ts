import type { Locator, Page, Route } from '@playwright/test'
import { demoEmail, demoPassword, signIn } from './admin'
import { png } from './fixtures'
import { expect, test } from './server'
import { ACTIONS, DEVIATIONS, ROUTES, type SpecText, TABLES } from './spec-texts'

// The specification's texts, walked where a user reads them (#39): every text that
// e2e/spec-texts.ts names is looked for on its route, on a server started with `--demo` and
// signed in as its administrator; a text that only an action brings up (a dialog, a notice,
// an error) is looked for after that action; and where the product says something else on
// purpose, its own text is looked for instead. A wide screen, so that no column or menu is
// folded away; but the columns the spec names for each table are looked for at 1280 px with
// the sidebar open, a desk the product is made for (e2e/fit-demo.spec.ts), where the users
// table once had no E-post and no Status header (#58). Each test lists every text it did not
// find, with the section it comes from.

test.use({ demo: true, viewport: { width: 1920, height: 1080 } })

/** Where a text of `kind` is, in `scope` (the page, or the dialog an action opened). */
function locate(scope: Page | Locator, { text, kind, exact = false }: SpecText): Locator {
  switch (kind) {
    case 'heading':
      return scope.getByRole('heading', { name: text, exact })
    case 'button':
      return scope.getByRole('button', { name: text, exact }).or(scope.getByRole('tab', { name: text, exact }))
    case 'link':
      return scope.getByRole('link', { name: text, exact })
    case 'column':
      return scope.getByRole('columnheader', { name: exact ? wholeHeader(text) : text })
    case 'label':
      return scope.getByLabel(text, { exact }).or(scope.getByPlaceholder(text, { exact }))
    case 'title':
      return scope.getByRole('dialog', { name: text, exact }).or(scope.getByRole('alertdialog', { name: text, exact }))
    case 'toast':
    case 'error':
      return scope.locator('[data-toast]').getByText(text, { exact })
    default:
      return scope.getByText(text, { exact }).or(scope.getByRole('option', { name: text, exact }))
  }
}

/** A column header that reads `text` and nothing more, in its case, but for what a sortable
 * column's header adds for a screen reader (", sorter", src/features/leads/components/lead-table.tsx):
 * "Navn og e-post" is neither the column Navn nor the column E-post. */
function wholeHeader(text: string): RegExp {
  const escaped = text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  return new RegExp(`^${escaped}(\\s*,\\s*sorter)?$`)
}

/** The texts not shown in `scope`, each with its section. A text counts as shown when one
 * element with it is visible; an option of a select counts when it is there. */
async function notShown(scope: Page | Locator, texts: SpecText[]): Promise<string[]> {
  const missing: string[] = []
  for (const text of texts) {
    // An option of a select is there, never "visible" on its own.
    if (text.kind === 'text' && (await scope.locator('option').filter({ hasText: text.text }).count()) > 0) continue
    // The same words may be in the page twice, one of them folded away at this width.
    const found = locate(scope, text).filter({ visible: true })
    try {
      await expect(found.first()).toBeVisible({ timeout: 5_000 })
    } catch {
      missing.push(`«${text.text}» (${text.kind}, ${text.section})`)
    }
  }
  return missing
}

/** Holds back the answers to `method` requests to `url` until the page closes: a slow server. */
function holdBack(page: Page, url: string | RegExp, method: string) {
  void page.route(url, (route: Route) => (route.request().method() !== method ? route.fallback() : new Promise<void>(() => {})))
}

/** Answers `method` requests to `url` with a server error. */
async function failing(page: Page, url: string | RegExp, method: string) {
  await page.route(url, (route) =>
    route.request().method() === method
      ? route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: 'Intern feil' }) })
      : route.fallback(),
  )
}

const headers = { 'X-Fagfolk-Csrf': '1' }

/** Signs in as the demo administrator through the API, as the sign-in page would: the
 * session cookie then goes with the page's requests too. (e2e/admin.ts `signIn` walks the
 * sign-in page, which admin-leads.spec.ts tests; here it would only cost time.) */
async function signInQuickly(page: Page) {
  const answer = await page.request.post('/api/auth/login', { headers, data: { email: demoEmail, password: demoPassword } })
  expect(answer.status()).toBe(200)
}

/** A user besides the demo administrator, for the rows only another user has. */
async function secondUser(page: Page, name: string): Promise<Locator> {
  const email = `${name.toLowerCase().replace(/\W+/g, '.')}.${Date.now()}@fagfolk.test`
  const made = await page.request.post('/api/admin/users', {
    headers,
    data: { name, email, password: 'et langt og trygt passord', role: 'editor' },
  })
  expect(made.status()).toBe(201)
  await page.goto('/admin/users')
  return page.getByRole('row').filter({ hasText: email })
}

async function fillContactForm(page: Page) {
  const form = page.locator('[data-contact-form]').first()
  await form.getByLabel('Navn *').fill('Kari Nordmann')
  await form.getByLabel('Telefon *').fill('912 34 567')
  await form.getByLabel('E-post *').fill('kari@example.no')
  await form.getByLabel('Prosjektbeskrivelse *').fill('Det drypper fra taket på badet.')
  await form.getByRole('button', { name: /Send/ }).click()
}

/** Signs in, makes every service of a category inactive, and goes back to the public page. */
async function deactivateCategory(page: Page, slug: string) {
  const route = page.url()
  await signInQuickly(page)
  type Service = { id: string; name: string; description: string | null; price_from: number | null; category: string; is_active: boolean }
  const services = (await (await page.request.get('/api/admin/services')).json()) as Service[]
  for (const { id, name, description, price_from, category } of services.filter((s) => s.category === slug && s.is_active)) {
    const data = { name, description, price_from, category, is_active: false }
    const saved = await page.request.put(`/api/admin/services/${id}`, { headers, data })
    expect(saved.status(), `tjenesten ${name}`).toBe(200)
  }
  await page.goto(route)
}

async function openNewService(page: Page) {
  await page.getByRole('button', { name: 'Ny tjeneste' }).click()
  return page.getByRole('dialog', { name: 'Ny tjeneste' })
}

async function createService(page: Page, name: string) {
  const dialog = await openNewService(page)
  await dialog.getByLabel('Navn').fill(name)
  await dialog.getByRole('button', { name: 'Opprett' }).click()
}

const firstLeadRow = (page: Page) => page.locator('table tbody tr').first()

async function leadTable(page: Page) {
  await page.getByRole('tab', { name: 'Tabell' }).click()
  await expect(firstLeadRow(page)).toBeVisible()
}

async function newLead(page: Page, name: string) {
  await page.getByRole('button', { name: 'Ny lead' }).click()
  const dialog = page.getByRole('dialog', { name: 'Opprett ny Lead' })
  await dialog.getByLabel('Navn *').fill(name)
  await dialog.getByRole('button', { name: 'Opprett Lead' }).click()
}

async function editFirstLead(page: Page) {
  await leadTable(page)
  await firstLeadRow(page).getByRole('button', { name: /^Rediger / }).click()
  const dialog = page.getByRole('dialog', { name: 'Rediger Lead' })
  await dialog.getByLabel('Beskrivelse').fill('Endret av spesifikasjonsvandringen.')
  await dialog.getByRole('button', { name: 'Lagre endringer' }).click()
}

async function deleteLead(page: Page, name: string) {
  await leadTable(page)
  await page.getByRole('button', { name: `Slett ${name}` }).click()
  await page.getByRole('dialog', { name: 'Slett Lead' }).getByRole('button', { name: 'Slett' }).click()
}

async function clearLogs(page: Page) {
  await page.getByRole('button', { name: 'Tøm logger' }).click()
  const dialog = page.getByRole('dialog', { name: 'Tøm alle logger?' })
  await dialog.getByLabel('Skriv TØM for å bekrefte').fill('TØM')
  await dialog.getByRole('button', { name: 'Tøm logger' }).click()
}

async function openSearch(page: Page) {
  await page.keyboard.press('Control+k')
  return page.getByPlaceholder('Søk i tjenester, leads, media og brukere…')
}

async function serviceDialogOf(page: Page) {
  await page.getByRole('button', { name: /^Rediger / }).first().click()
  return page.getByRole('dialog', { name: 'Rediger tjeneste' })
}

/**
 * What the test does for each action of e2e/spec-texts.ts, on the action's route with the
 * page open (and signed in where the action says so). An action the data file names but
 * this table lacks fails the walk, so neither list can leave the other behind.
 */
const STEPS: Record<string, (page: Page) => Promise<void>> = {
  'send-contact-form': fillContactForm,
  'send-contact-form-slowly': async (page) => {
    holdBack(page, '**/api/contact', 'POST')
    await fillContactForm(page)
  },
  'send-contact-form-failing': async (page) => {
    await failing(page, '**/api/contact', 'POST')
    await fillContactForm(page)
  },
  'no-active-electrician-services': async (page) => {
    await deactivateCategory(page, 'elektriker')
  },
  'no-active-plumber-services': async (page) => {
    await deactivateCategory(page, 'rorlegger')
  },
  'no-active-kitchen-bath-services': async (page) => {
    await deactivateCategory(page, 'kjokken-bad')
  },
  'sign-in-slowly': async (page) => {
    holdBack(page, '**/api/auth/login', 'POST')
    await page.getByLabel('E-post').fill(demoEmail)
    await page.getByLabel('Passord').fill(demoPassword)
    await page.getByRole('button', { name: 'Logg inn' }).click()
  },
  'sign-in-wrong-password': async (page) => {
    await page.getByLabel('E-post').fill(demoEmail)
    await page.getByLabel('Passord').fill('et passord som er feil')
    await page.getByRole('button', { name: 'Logg inn' }).click()
  },
  'sign-in-network-error': async (page) => {
    await page.route('**/api/auth/login', (route) => route.abort())
    await page.getByLabel('E-post').fill(demoEmail)
    await page.getByLabel('Passord').fill(demoPassword)
    await page.getByRole('button', { name: 'Logg inn' }).click()
  },
  'open-command-search': async (page) => {
    await openSearch(page)
  },
  'search-slowly': async (page) => {
    holdBack(page, '**/api/admin/search**', 'GET')
    await (await openSearch(page)).fill('ka')
  },
  'search-without-hits': async (page) => {
    await (await openSearch(page)).fill('qxzqxz')
  },
  'search-services': async (page) => {
    const [service] = (await (await page.request.get('/api/admin/services')).json()) as { name: string }[]
    await (await openSearch(page)).fill(service!.name.slice(0, 6))
  },
  'search-leads': async (page) => {
    await (await openSearch(page)).fill('Nordmann')
  },
  'search-media': async (page) => {
    await page.goto('/admin/media')
    await page.locator('[data-upload-input]').setInputFiles([{ name: 'takterrasse.png', mimeType: 'image/png', buffer: png(40, 30) }])
    await expect(page.locator('[data-media="takterrasse"]')).toBeVisible()
    await (await openSearch(page)).fill('takterrasse')
  },
  'search-users': async (page) => {
    await (await openSearch(page)).fill('Demo Admin')
  },
  'dashboard-without-leads': async (page) => {
    await page.route('**/api/admin/dashboard', async (route) => {
      const response = await route.fetch()
      const body = await response.json()
      await route.fulfill({ response, json: { ...body, latest: [] } })
    })
    await page.reload()
  },
  'lead-without-name': async (page) => {
    const made = await page.request.post('/api/admin/leads', { headers, data: { phone: '912 00 000' } })
    expect(made.status()).toBe(201)
    await page.reload()
  },
  'category-without-description': async (page) => {
    await page.route('**/api/admin/categories', async (route) => {
      const response = await route.fetch()
      const [first, ...rest] = (await response.json()) as Record<string, unknown>[]
      await route.fulfill({ response, json: [{ ...first, description: null }, ...rest] })
    })
    await page.reload()
  },
  'no-categories': async (page) => {
    await page.route('**/api/admin/categories', (route) => route.fulfill({ json: [] }))
    await page.reload()
  },
  'load-services-slowly': async (page) => {
    holdBack(page, /\/api\/admin\/services(\?|$)/, 'GET')
    await page.reload()
  },
  'open-new-service-dialog': async (page) => {
    await openNewService(page)
  },
  'open-edit-service-dialog': async (page) => {
    await serviceDialogOf(page)
  },
  'create-service': (page) => createService(page, 'Spesifikasjonstjeneste'),
  'deactivate-service': async (page) => {
    const dialog = await serviceDialogOf(page)
    await dialog.getByLabel('Aktiv').uncheck()
    await dialog.getByRole('button', { name: 'Oppdater' }).click()
  },
  'delete-service': async (page) => {
    await createService(page, 'Tjeneste som slettes')
    await page.getByRole('button', { name: 'Slett Tjeneste som slettes' }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'Slett' }).click()
  },
  'create-service-failing': async (page) => {
    await failing(page, /\/api\/admin\/services$/, 'POST')
    await createService(page, 'Tjeneste som feiler')
  },
  'update-service-failing': async (page) => {
    await failing(page, /\/api\/admin\/services\/[^/]+$/, 'PUT')
    const dialog = await serviceDialogOf(page)
    await dialog.getByRole('button', { name: 'Oppdater' }).click()
  },
  'delete-service-failing': async (page) => {
    await failing(page, /\/api\/admin\/services\/[^/]+$/, 'DELETE')
    await page.getByRole('button', { name: /^Slett / }).first().click()
    await page.getByRole('dialog').getByRole('button', { name: 'Slett' }).click()
  },
  'category-without-services': async (page) => {
    await page.route(/\/api\/admin\/services(\?|$)/, (route) =>
      route.request().method() === 'GET' ? route.fulfill({ json: [] }) : route.fallback(),
    )
    await page.reload()
  },
  'open-kanban': async (page) => {
    await page.getByRole('tab', { name: 'Kanban' }).click()
  },
  'view-lead': async (page) => {
    await leadTable(page)
    await firstLeadRow(page).getByRole('button', { name: /^Vis / }).click()
  },
  'open-new-lead-dialog': async (page) => {
    await page.getByRole('button', { name: 'Ny lead' }).click()
  },
  'open-edit-lead-dialog': async (page) => {
    await leadTable(page)
    await firstLeadRow(page).getByRole('button', { name: /^Rediger / }).click()
  },
  'save-lead-slowly': async (page) => {
    holdBack(page, /\/api\/admin\/leads$/, 'POST')
    await newLead(page, 'Treg Lead')
  },
  'create-lead': (page) => newLead(page, 'Ny Spesifikasjonslead'),
  'update-lead': editFirstLead,
  'ask-to-delete-lead': async (page) => {
    await leadTable(page)
    await firstLeadRow(page).getByRole('button', { name: /^Slett / }).click()
  },
  'delete-lead': async (page) => {
    const made = await page.request.post('/api/admin/leads', { headers, data: { name: 'Lead Som Slettes' } })
    expect(made.status()).toBe(201)
    await page.reload()
    await deleteLead(page, 'Lead Som Slettes')
  },
  'create-lead-failing': async (page) => {
    await failing(page, /\/api\/admin\/leads$/, 'POST')
    await newLead(page, 'Lead Som Feiler')
  },
  'update-lead-failing': async (page) => {
    await failing(page, /\/api\/admin\/leads\/[^/]+$/, 'PUT')
    await failing(page, /\/api\/admin\/leads\/[^/]+$/, 'PATCH')
    await editFirstLead(page)
  },
  'delete-lead-failing': async (page) => {
    await failing(page, /\/api\/admin\/leads\/[^/]+$/, 'DELETE')
    await leadTable(page)
    await firstLeadRow(page).getByRole('button', { name: /^Slett / }).click()
    await page.getByRole('dialog', { name: 'Slett Lead' }).getByRole('button', { name: 'Slett' }).click()
  },
  'search-media-without-hits': async (page) => {
    await page.getByLabel('Søk på alt-tekst').fill('qxzqxz')
  },
  'open-new-user-dialog': async (page) => {
    await page.getByRole('button', { name: 'Ny admin-bruker' }).click()
  },
  'create-user-with-missing-field': async (page) => {
    await page.getByRole('button', { name: 'Ny admin-bruker' }).click()
    await page.getByRole('dialog', { name: 'Ny admin-bruker' }).getByRole('button', { name: 'Opprett' }).click()
  },
  'create-user': async (page) => {
    await page.getByRole('button', { name: 'Ny admin-bruker' }).click()
    const dialog = page.getByRole('dialog', { name: 'Ny admin-bruker' })
    await dialog.getByLabel('Navn').fill('Petter Prosjekt')
    await dialog.getByLabel('E-post').fill('petter.spesifikasjon@fagfolk.test')
    await dialog.getByLabel('Passord').fill('petter har et langt passord')
    await dialog.getByRole('button', { name: 'Opprett' }).click()
  },
  'create-user-refused': async (page) => {
    await page.getByRole('button', { name: 'Ny admin-bruker' }).click()
    const dialog = page.getByRole('dialog', { name: 'Ny admin-bruker' })
    await dialog.getByLabel('Navn').fill('Demo Igjen')
    await dialog.getByLabel('E-post').fill(demoEmail)
    await dialog.getByLabel('Passord').fill('et langt og trygt passord')
    await dialog.getByRole('button', { name: 'Opprett' }).click()
  },
  'open-password-dialog': async (page) => {
    const row = await secondUser(page, 'Pia Passord')
    await row.getByRole('button', { name: /^Endre passord/ }).click()
  },
  'change-password-missing': async (page) => {
    const row = await secondUser(page, 'Tom Passord')
    await row.getByRole('button', { name: /^Endre passord/ }).click()
    await page.getByRole('dialog', { name: 'Endre passord' }).getByRole('button', { name: 'Lagre passord' }).click()
  },
  'change-password': async (page) => {
    const row = await secondUser(page, 'Nils Nypassord')
    await row.getByRole('button', { name: /^Endre passord/ }).click()
    const dialog = page.getByRole('dialog', { name: 'Endre passord' })
    await dialog.getByLabel('Nytt passord').fill('et helt nytt og langt passord')
    await dialog.getByRole('button', { name: 'Lagre passord' }).click()
  },
  'ask-to-delete-user': async (page) => {
    const row = await secondUser(page, 'Sara Sletting')
    await row.getByRole('button', { name: /^Slett/ }).click()
  },
  'delete-user': async (page) => {
    const row = await secondUser(page, 'Dag Borte')
    await row.getByRole('button', { name: /^Slett/ }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'Slett', exact: true }).click()
  },
  'deactivate-user': async (page) => {
    const row = await secondUser(page, 'Dina Deaktiv')
    await row.getByRole('button', { name: /^Deaktiver/ }).click()
  },
  'ask-to-clear-logs': async (page) => {
    await page.getByRole('button', { name: 'Tøm logger' }).click()
  },
  'clear-logs-failing': async (page) => {
    await failing(page, '**/api/admin/audit', 'DELETE')
    await clearLogs(page)
  },
  'clear-logs': clearLogs,
}

for (const signedIn of [false, true]) {
  test(`every text the specification names on the ${signedIn ? 'admin' : 'public'} pages is there`, async ({ page }) => {
    test.setTimeout(120_000)
    if (signedIn) await signIn(page, demoEmail, demoPassword)
    const missing: string[] = []
    for (const route of ROUTES.filter((r) => r.signedIn === signedIn)) {
      await page.goto(route.route)
      if (route.route === '/admin/leads') await leadTable(page)
      missing.push(...(await notShown(page, route.texts)).map((text) => `${route.route}: ${text}`))
    }
    expect(missing).toEqual([])
  })
}

test('every table the specification names has each of its columns at 1280 px, the sidebar open', async ({ page }) => {
  test.setTimeout(60_000)
  // A new page has no sidebar cookie, so the sidebar is open (src/app/admin/admin-shell.tsx).
  await signInQuickly(page)
  const missing: string[] = []
  for (const table of TABLES) {
    await page.setViewportSize({ width: table.width ?? 1280, height: 800 })
    await page.goto(table.route)
    if (table.route === '/admin/leads') await leadTable(page)
    missing.push(...(await notShown(page, table.columns)).map((text) => `${table.route}: ${text}`))
  }
  expect(missing).toEqual([])
})

test('every action the data file names has a step here', () => {
  expect(ACTIONS.map((a) => a.action).filter((action) => !STEPS[action])).toEqual([])
})

for (const action of ACTIONS) {
  test(`after "${action.action}" on ${action.route}, the specification's texts are there`, async ({ page }) => {
    test.setTimeout(60_000)
    if (action.signedIn) await signInQuickly(page)
    await page.goto(action.route)
    // The app has started and asked the server for what it shows before any step.
    await page.waitForLoadState('networkidle')
    const step = STEPS[action.action]
    if (!step) throw new Error(`no step for ${action.action}`)
    await step(page)
    expect(await notShown(page, action.texts)).toEqual([])
  })
}

test('where the product says something else on purpose, its own text is there', async ({ page }) => {
  test.setTimeout(60_000)
  await signIn(page, demoEmail, demoPassword)
  const missing: string[] = []
  for (const deviation of DEVIATIONS) {
    if (!deviation.look) continue
    if (new URL(page.url()).pathname !== deviation.route) await page.goto(deviation.route)
    const text: SpecText = { text: deviation.product, section: deviation.section, kind: deviation.look }
    missing.push(...(await notShown(page, [text])).map((t) => `${deviation.route}: ${t} i stedet for «${deviation.spec}»`))
  }
  expect(missing).toEqual([])
})
