import type { Page } from '@playwright/test'
import { expect, test } from './server'
import { adminEmail, adminPassword, createLead, signIn } from './admin'

/** Waits until the kanban columns have stopped scrolling: ten animation frames in a row
 * at the same scroll position. */
async function scrollSettled(page: Page) {
  await page.waitForFunction(
    () =>
      new Promise<boolean>((resolve) => {
        const scroller = document.querySelector('[data-kanban-scroller]')
        if (!scroller) return resolve(true)
        let last = scroller.scrollLeft
        let still = 0
        const frame = () => {
          if (scroller.scrollLeft === last) still += 1
          else [still, last] = [0, scroller.scrollLeft]
          if (still >= 10) resolve(true)
          else requestAnimationFrame(frame)
        }
        requestAnimationFrame(frame)
      }),
  )
}

function watchConsole(page: Page): string[] {
  const errors: string[] = []
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()))
  page.on('pageerror', (error) => errors.push(error.message))
  return errors
}

test('the admin is guarded: a visitor is sent to the login page, and history is replaced', async ({ page }) => {
  await page.goto('/')
  await page.goto('/admin/leads')
  await expect(page).toHaveURL('/admin/login')
  await expect(page.getByRole('heading', { name: 'Logg inn' })).toBeVisible()
  await page.goBack()
  await expect(page).toHaveURL('/')
})

test('a wrong password shows the failure toast and keeps the visitor out; the toast goes once a retry works', async ({ page }) => {
  await page.goto('/admin/login')
  await page.getByLabel('E-post').fill(adminEmail)
  await page.getByLabel('Passord').fill('feil passord her')
  await page.getByRole('button', { name: 'Logg inn' }).click()
  await expect(page.getByText('Innlogging feilet')).toBeVisible()
  await expect(page.getByText('Ugyldig e-post eller passord')).toBeVisible()
  await expect(page).toHaveURL('/admin/login')
  await page.getByLabel('Passord').fill(adminPassword)
  await page.getByRole('button', { name: 'Logg inn' }).click()
  await expect(page).toHaveURL('/admin')
  await expect(page.getByText('Innlogging feilet')).toHaveCount(0)
})

test('sign in, see dashboard numbers that match the data, and sign out', async ({ page }) => {
  const errors = watchConsole(page)
  await page.goto('/admin/login')
  expect(await page.evaluate(() => window.localStorage.getItem('adminSession'))).toBeNull()
  await signIn(page)
  const stored = JSON.parse((await page.evaluate(() => window.localStorage.getItem('adminSession'))) ?? '{}')
  expect(stored.user.email).toBe(adminEmail)
  expect(JSON.stringify(stored)).not.toContain('token')

  await createLead(page, { name: 'Tall Test', status: 'Vunnet' })
  await page.reload()
  const list = await (await page.request.get('/api/admin/leads?per_page=200')).json()
  const now = Date.now()
  const day = 24 * 60 * 60 * 1000
  type L = { status: string; created_at: string }
  const leads: L[] = list.items
  const expected = {
    'Nye leads (7d)': leads.filter((l) => now - Date.parse(l.created_at) < 7 * day).length,
    'Åpne leads': leads.filter((l) => l.status !== 'Vunnet' && l.status !== 'Tapt').length,
    'Vunnet (30d)': leads.filter((l) => l.status === 'Vunnet' && now - Date.parse(l.created_at) < 30 * day).length,
  }
  for (const [label, value] of Object.entries(expected)) {
    await expect(page.locator(`[data-counter="${label}"]`)).toHaveText(String(value))
  }
  const services = await (await page.request.get('/api/services')).json()
  await expect(page.locator('[data-counter="Aktive tjenester"]')).toHaveText(String(services.length))
  await expect(page.getByRole('heading', { name: 'Siste aktivitet' })).toBeVisible()
  await expect(page.getByText('Tall Test')).toBeVisible()

  // Each number card opens the list of exactly what it counts, and says how it is narrowed.
  await createLead(page, { name: 'Vunnet med oppfølging', status: 'Vunnet', follow_up: '2020-01-01' })
  await createLead(page, { name: 'Åpen med oppfølging', follow_up: '2020-01-01' })
  await page.reload()
  for (const label of ['Nye leads (7d)', 'Åpne leads', 'Vunnet (30d)']) {
    await expect(page.locator(`[data-counter="${label}"]`)).toHaveText(/^\d+$/)
    const count = (await page.locator(`[data-counter="${label}"]`).innerText()).trim()
    await page.locator(`[data-counter="${label}"]`).click()
    await expect(page.locator('[data-lead-counter]')).toHaveText(new RegExp(`av ${count} leads$`))
    await expect(page.locator('[data-linked-filters]')).toBeVisible()
    await page.goBack()
  }
  const followUps = page.locator('[data-follow-ups]')
  await expect(followUps.getByRole('link', { name: 'Se alle 1' })).toBeVisible()
  await followUps.getByRole('link', { name: 'Se alle 1' }).click()
  await expect(page.locator('[data-lead-counter]')).toHaveText(/av 1 leads$/)
  await expect(page.getByRole('button', { name: 'Vis Åpen med oppfølging' })).toBeVisible()
  await page.getByRole('button', { name: 'Fjern «Bare åpne leads»' }).click()
  await expect(page.getByRole('button', { name: 'Vis Vunnet med oppfølging' })).toBeVisible()
  await page.goto('/admin')
  await expect(page.locator('[data-counter="Aktive tjenester"]')).toHaveText(/^\d+$/)
  const active = (await page.locator('[data-counter="Aktive tjenester"]').innerText()).trim()
  await page.locator('[data-counter="Aktive tjenester"]').click()
  await expect(page.getByText('Bare aktive tjenester')).toBeVisible()
  await expect(page.locator('main li').filter({ has: page.getByRole('button', { name: /^Rediger / }) })).toHaveCount(Number(active))

  await page.getByRole('button', { name: 'Logg ut' }).click()
  await expect(page).toHaveURL('/admin/login')
  expect(await page.evaluate(() => window.localStorage.getItem('adminSession'))).toBeNull()
  await page.goto('/admin')
  await expect(page).toHaveURL('/admin/login')
  expect(errors).toEqual([])
})

test('create, edit with tags, filter and delete a lead', async ({ page }) => {
  await signIn(page)
  await page.getByRole('navigation', { name: 'Administrasjon' }).getByRole('link', { name: 'Henvendelser' }).click()
  await expect(page.getByRole('heading', { name: 'Lead-administrasjon' })).toBeVisible()
  await expect(page.getByRole('tab', { name: 'Tabell' })).toHaveAttribute('aria-selected', 'true')

  await page.getByRole('button', { name: 'Ny lead' }).click()
  const dialog = page.getByRole('dialog', { name: 'Opprett ny Lead' })
  await dialog.getByLabel('Navn *').fill('Berit Bademester')
  await dialog.getByLabel('E-post').fill('berit@example.no')
  await dialog.getByLabel('Telefon').fill('934 56 789')
  await dialog.getByLabel('Adresse').fill('Sognsveien 10')
  await dialog.getByLabel('Postnummer').fill('0855')
  await dialog.getByLabel('Kilde').selectOption('Telefon')
  await dialog.getByLabel('Beskrivelse').fill('Vil ha nytt bad før jul.')
  const tagInput = dialog.getByLabel('Tags', { exact: true })
  await tagInput.fill('bad')
  await tagInput.press('Enter')
  await tagInput.fill(' Bad ')
  await dialog.getByRole('button', { name: 'Legg til tag' }).click()
  await tagInput.fill('   ')
  await tagInput.press('Enter')
  await tagInput.fill('haster')
  await tagInput.press('Enter')
  await expect(dialog.getByRole('list', { name: 'Valgte tags' }).getByRole('listitem')).toHaveCount(2)
  await dialog.getByRole('button', { name: 'Fjern tag haster' }).click()
  await dialog.getByRole('button', { name: 'Opprett Lead' }).click()
  await expect(page.getByText('Lead opprettet')).toBeVisible()
  await expect(page.getByText('Ny lead ble opprettet.')).toBeVisible()

  const row = page.getByRole('row').filter({ hasText: 'Berit Bademester' })
  await expect(row).toContainText('Sognsveien 10, 0855')
  await expect(row.getByLabel('Status for Berit Bademester')).toHaveValue('Ny')
  await expect(row).toContainText('Telefon')

  await row.getByRole('button', { name: 'Rediger Berit Bademester' }).click()
  const edit = page.getByRole('dialog', { name: 'Rediger Lead' })
  await expect(edit.getByLabel('Navn *')).toHaveValue('Berit Bademester')
  await edit.getByLabel('Status').selectOption('Avtalt befaring')
  await edit.getByRole('button', { name: 'Lagre endringer' }).click()
  await expect(page.getByText('Lead-informasjonen ble oppdatert.')).toBeVisible()
  await expect(row.getByLabel('Status for Berit Bademester')).toHaveValue('Avtalt befaring')

  await row.getByRole('button', { name: 'Vis Berit Bademester' }).click()
  const details = page.getByRole('dialog', { name: 'Lead-detaljer' })
  await expect(details).toContainText('berit@example.no')
  await expect(details).toContainText('bad')
  await expect(details).toContainText('Vil ha nytt bad før jul.')
  await details.getByRole('button', { name: 'Lukk' }).click()
  // Closed, and the address without ?lead= settled, before the search is typed.
  await expect(details).toBeHidden()
  await expect(page).toHaveURL(/\/admin\/leads$/)

  await page.getByLabel('Søk', { exact: true }).fill('bademester')
  await expect(page.locator('[data-lead-counter]')).toHaveText(/^Viser 1 av \d+ leads$/)
  await page.getByLabel('Søk', { exact: true }).fill('')
  await page.getByLabel('Status', { exact: true }).selectOption('Avtalt befaring')
  await expect(page.getByRole('row').filter({ hasText: 'Berit Bademester' })).toBeVisible()
  await page.getByLabel('Kilde').selectOption('Telefon')
  await expect(page.getByRole('row').filter({ hasText: 'Berit Bademester' })).toBeVisible()
  await page.getByLabel('Status', { exact: true }).selectOption('Tapt')
  await expect(page.getByText('Ingen leads funnet.')).toBeVisible()
  await page.getByLabel('Status', { exact: true }).selectOption('')
  await page.getByLabel('Kilde').selectOption('')

  await row.getByRole('button', { name: 'Slett Berit Bademester' }).click()
  const confirm = page.getByRole('dialog', { name: 'Slett Lead' })
  await expect(confirm).toContainText('Er du sikker på at du vil slette denne lead-en? Denne handlingen kan ikke angres.')
  await confirm.getByRole('button', { name: 'Slett' }).click()
  await expect(page.getByText('Lead ble permanent slettet.')).toBeVisible()
  await expect(page.getByRole('row').filter({ hasText: 'Berit Bademester' })).toHaveCount(0)
})

test('the table fits beside the open sidebar, sorts, and moves a lead from its row', async ({ page }) => {
  await signIn(page)
  const job = 'Sorteres: ny sikringsboks'
  await createLead(page, { name: 'Bjørn Berg', email: 'bjorn@example.no', phone: '900 11 222', beskrivelse: job })
  await createLead(page, { name: 'Anne Aas', status: 'Vunnet', beskrivelse: job })
  await createLead(page, { name: 'Øyvind Øst', status: 'Kontaktet', beskrivelse: job })
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 800 })
    await page.goto('/admin/leads')
    const remove = page.getByRole('button', { name: 'Slett Bjørn Berg' })
    await expect(remove).toBeVisible()
    const box = await remove.boundingBox()
    expect(box && box.x + box.width, `the row's last action is on screen at ${width} px`).toBeLessThanOrEqual(width)
    const scroll = await page.evaluate(() => document.documentElement.scrollWidth)
    expect(scroll, `no sideways scrolling at ${width} px`).toBeLessThanOrEqual(width)
  }
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.goto('/admin/leads')
  const counter = page.locator('[data-lead-counter]')
  // Other tests of this file leave leads behind: look at these three only.
  await page.getByLabel('Søk', { exact: true }).fill('sorteres')
  await expect(counter).toHaveText('Viser 3 av 3 leads')
  const names = page.locator('tbody tr td:first-child p.font-semibold')
  await page.getByRole('button', { name: /^Navn/ }).click()
  await expect(page.getByRole('columnheader', { name: /Navn/ })).toHaveAttribute('aria-sort', 'ascending')
  await expect(names.first()).toHaveText('Anne Aas')
  await page.getByRole('button', { name: /^Navn/ }).click()
  await expect(page.getByRole('columnheader', { name: /Navn/ })).toHaveAttribute('aria-sort', 'descending')
  await expect(names.first()).toHaveText('Øyvind Øst')
  await page.getByRole('button', { name: /^Status/ }).click()
  await expect(names.first()).toHaveText('Bjørn Berg')
  await expect(names.last()).toHaveText('Anne Aas')

  const status = page.getByLabel('Status for Bjørn Berg')
  await status.selectOption('Tilbud sendt')
  await expect(page.getByText('Bjørn Berg er flyttet til Tilbud sendt.')).toBeVisible()
  await page.reload()
  await expect(page.getByLabel('Status for Bjørn Berg')).toHaveValue('Tilbud sendt')
})

async function columnOf(page: Page, name: string) {
  return page.locator('[data-column]').filter({ has: page.locator(`[data-lead-card="${name}"]`) }).getAttribute('data-column')
}

test('a kanban card shows the job, the follow-up and who works it, and the board is remembered', async ({ page }) => {
  await signIn(page)
  const me = await (await page.request.get('/api/auth/session')).json()
  await createLead(page, { name: 'Kort Med Alt', phone: '+47 913 23 121', tags: ['Baderom'], follow_up: '2020-01-02', assignee_id: me.user.id })
  await page.goto('/admin/leads')
  await page.getByRole('tab', { name: 'Kanban' }).click()
  const card = page.locator('[data-lead-card="Kort Med Alt"]')
  await expect(card.locator('[data-card-job]')).toHaveText('Baderom')
  await expect(card.locator('[data-card-follow-up]')).toHaveText('Oppfølging 2. januar 2020')
  await expect(card.locator('[data-card-owner]')).toHaveText('Administrator')
  await expect(card).toContainText('913 23 121')
  await page.reload()
  await expect(page.getByRole('tab', { name: 'Kanban' })).toHaveAttribute('aria-selected', 'true')
  await expect(card).toBeVisible()
})

test('drag a kanban card with the mouse and with the keyboard; the move survives a reload', async ({ page }) => {
  await signIn(page)
  await createLead(page, { name: 'Dra Meg' })
  await createLead(page, { name: 'Tast Meg' })
  await page.goto('/admin/leads')
  await page.getByRole('tab', { name: 'Kanban' }).click()
  const card = page.locator('[data-lead-card="Dra Meg"]')
  await expect(card).toBeVisible()
  expect(await columnOf(page, 'Dra Meg')).toBe('Ny')

  const handle = card.getByRole('button', { name: 'Flytt Dra Meg' })
  const from = (await handle.boundingBox())!
  const to = (await page.locator('[data-column="Kontaktet"]').boundingBox())!
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2)
  await page.mouse.down()
  await page.mouse.move(from.x + 30, from.y + 10, { steps: 5 })
  await page.mouse.move(to.x + to.width / 2, to.y + 80, { steps: 12 })
  await page.mouse.up()
  await expect.poll(() => columnOf(page, 'Dra Meg')).toBe('Kontaktet')

  // The keyboard part starts from a fresh page, with the columns scrolled to the start.
  await page.reload()
  await page.getByRole('tab', { name: 'Kanban' }).click()
  const keyHandle = page.getByRole('button', { name: 'Flytt Tast Meg' })
  await expect(keyHandle).toBeVisible()
  await keyHandle.focus()
  await page.keyboard.press('Space')
  await expect(page.getByText('Tast Meg er over kolonnen Ny.')).toBeAttached()
  await scrollSettled(page)
  await page.keyboard.press('ArrowRight')
  await expect(page.getByText('Tast Meg er over kolonnen Kontaktet.')).toBeAttached()
  // The columns scroll sideways to follow the card; press on once they have settled,
  // as a person would.
  await scrollSettled(page)
  await page.keyboard.press('ArrowRight')
  await expect(page.getByText('Tast Meg er over kolonnen Avtalt befaring.')).toBeAttached()
  await page.keyboard.press('Space')
  await expect(page.getByText('Tast Meg ble flyttet til Avtalt befaring.')).toBeAttached()
  await expect.poll(() => columnOf(page, 'Tast Meg')).toBe('Avtalt befaring')

  await page.reload()
  await page.getByRole('tab', { name: 'Kanban' }).click()
  await expect(page.locator('[data-lead-card="Dra Meg"]')).toBeVisible()
  expect(await columnOf(page, 'Dra Meg')).toBe('Kontaktet')
  expect(await columnOf(page, 'Tast Meg')).toBe('Avtalt befaring')
})

test('the kanban shows all six columns beside the sidebar, holds at the edge, and moves by menu on a phone', async ({ page }) => {
  // The page's clock runs as usual, and is moved on while the card is held at the edge.
  await page.clock.install()
  await signIn(page)
  await createLead(page, { name: 'Kant Kari' })
  await createLead(page, { name: 'Meny Mona' })
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.goto('/admin/leads')
  await page.getByRole('tab', { name: 'Kanban' }).click()
  const columns = page.locator('[data-column]')
  await expect(columns).toHaveCount(6)
  for (const column of await columns.all()) {
    const box = (await column.boundingBox())!
    expect(box.x + box.width, `${await column.getAttribute('data-column')} is on screen`).toBeLessThanOrEqual(1280)
  }
  const scroller = page.locator('[data-kanban-scroller]')
  const width = () => scroller.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth, left: el.scrollLeft }))

  // Hold a card at the right edge of the window for a second: the board does not scroll
  // into blank space, and the card still lands in the last column.
  const handle = page.getByRole('button', { name: 'Flytt Kant Kari' })
  const from = (await handle.boundingBox())!
  const last = (await page.locator('[data-column="Tapt"]').boundingBox())!
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2)
  await page.mouse.down()
  await page.mouse.move(from.x + 30, from.y + 10, { steps: 5 })
  await page.mouse.move(1275, last.y + 80, { steps: 15 })
  await page.clock.runFor(1000)
  const held = await width()
  expect(held.scroll, 'nothing to scroll into').toBeLessThanOrEqual(held.client)
  await page.mouse.move(last.x + last.width / 2, last.y + 80, { steps: 5 })
  await page.mouse.up()
  await expect.poll(() => columnOf(page, 'Kant Kari')).toBe('Tapt')

  // A phone: one column at a time, picked from a menu; a card moves with its own menu.
  await page.setViewportSize({ width: 375, height: 800 })
  await page.reload()
  await page.getByRole('tab', { name: 'Kanban' }).click()
  await expect(page.locator('[data-column="Ny"]')).toBeVisible()
  await expect(page.locator('[data-column="Kontaktet"]')).toBeHidden()
  await page.getByLabel('Flytt Meny Mona til').selectOption('Vunnet')
  await expect(page.locator('[data-lead-card="Meny Mona"]')).toBeHidden()
  await page.getByLabel('Kolonne').selectOption('Vunnet')
  await expect(page.locator('[data-column="Vunnet"] [data-lead-card="Meny Mona"]')).toBeVisible()
  await expect(page.locator('[data-column="Ny"]')).toBeHidden()
  const phone = await page.evaluate(() => document.documentElement.scrollWidth)
  expect(phone, 'no sideways scrolling on a phone').toBeLessThanOrEqual(375)
  await page.reload()
  await page.getByRole('tab', { name: 'Kanban' }).click()
  await page.getByLabel('Kolonne').selectOption('Vunnet')
  await expect(page.locator('[data-column="Vunnet"] [data-lead-card="Meny Mona"]')).toBeVisible()
})

test('the view tabs stay where they are when the list arrives, so a click on them lands', async ({ page }) => {
  await signIn(page)
  await createLead(page, { name: 'Stø Stine' })
  // The list's first answer is held back until the tabs have been measured.
  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  let asked = false
  await page.route('**/api/admin/leads?*', async (route) => {
    asked = true
    await held
    await route.fallback()
  })
  await page.goto('/admin/leads')
  await expect.poll(() => asked).toBe(true)
  const kanban = page.getByRole('tab', { name: 'Kanban' })
  const before = (await kanban.boundingBox())!
  release()
  await expect(page.locator('[data-lead-counter]')).toHaveText(/Viser \d+ av \d+ leads/)
  const after = (await kanban.boundingBox())!
  expect(after.y, 'the tabs did not move down when the list came').toBe(before.y)
})

test('a kanban move that fails goes back and says so', async ({ page }) => {
  await signIn(page)
  await createLead(page, { name: 'Brudd Berit' })
  await page.setViewportSize({ width: 375, height: 800 })
  await page.goto('/admin/leads')
  await page.getByRole('tab', { name: 'Kanban' }).click()
  // The connection drops on the way, then the server refuses: each time the card is back
  // in its column and a notice says the status was not changed.
  for (const fail of ['abort', 'refuse'] as const) {
    await page.route('**/api/admin/leads/*/status', (route) =>
      fail === 'abort'
        ? route.abort('connectionreset')
        : route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: 'Intern feil' }) }),
    )
    await page.getByLabel('Flytt Brudd Berit til').selectOption('Vunnet')
    await expect(page.locator('[data-toast]').getByText('Kunne ikke endre status. Prøv igjen.')).toBeVisible()
    await expect(page.locator('[data-column="Ny"] [data-lead-card="Brudd Berit"]')).toBeVisible()
    await page.unrouteAll()
    await page.reload()
    await page.getByRole('tab', { name: 'Kanban' }).click()
  }
  expect(await columnOf(page, 'Brudd Berit')).toBe('Ny')
})

test('Norwegian names are found in any case, and phone numbers by their digits', async ({ page }) => {
  await signIn(page)
  await createLead(page, { name: 'Åse Ødegård', phone: '+47 912 34 567' })
  await createLead(page, { name: 'Ola Odegard', phone: '22 33 44 55' })
  await page.goto('/admin/leads')
  const search = page.getByLabel('Søk', { exact: true })
  const rows = page.getByRole('row').filter({ hasNot: page.getByRole('columnheader') })
  for (const text of ['ødegård', 'ÅSE', 'Ødegård', '91234567', '912 34 567']) {
    await search.fill(text)
    await expect(rows, text).toHaveCount(1)
    await expect(rows.first(), text).toContainText('Åse Ødegård')
  }
  await search.fill('odegard')
  await expect(rows).toHaveCount(1)
  await expect(rows.first()).toContainText('Ola Odegard')

  await page.keyboard.press('Control+k')
  const command = page.getByPlaceholder('Søk i tjenester, leads, media og brukere…')
  await command.fill('ØDEGÅRD')
  await expect(page.getByRole('option', { name: /Åse Ødegård/ })).toBeVisible()
  await command.fill('91234567')
  await expect(page.getByRole('option', { name: /Åse Ødegård/ })).toBeVisible()
})

test('Ctrl+K finds a lead and opens it in its details dialog', async ({ page }) => {
  await signIn(page)
  await createLead(page, { name: 'Søkbar Sigrid', email: 'sigrid@example.no' })
  await page.keyboard.press('Control+k')
  const search = page.getByPlaceholder('Søk i tjenester, leads, media og brukere…')
  await expect(search).toBeFocused()
  await search.fill('s')
  await expect(page.getByText('Søker…')).toHaveCount(0)
  await search.fill('sigrid')
  await expect(page.getByRole('option', { name: /Søkbar Sigrid/ })).toBeVisible()
  await search.fill('zzzqqq')
  await expect(page.getByText('Ingen treff')).toBeVisible()
  await search.fill('sigrid')
  await page.getByRole('option', { name: /Søkbar Sigrid/ }).click()
  await expect(page).toHaveURL(/\/admin\/leads\?lead=/)
  const details = page.getByRole('dialog', { name: 'Lead-detaljer' })
  await expect(details).toContainText('sigrid@example.no')
})

test('the sidebar collapses with Ctrl+B and remembers it in a cookie', async ({ page, context }) => {
  await signIn(page)
  const sidebar = page.locator('aside[data-state]')
  await expect(sidebar).toHaveAttribute('data-state', 'expanded')
  await page.keyboard.press('Control+b')
  await expect(sidebar).toHaveAttribute('data-state', 'collapsed')
  const cookie = (await context.cookies()).find((c) => c.name === 'sidebar_state')
  expect(cookie?.value).toBe('false')
  expect(cookie!.expires - Date.now() / 1000).toBeGreaterThan(6.9 * 24 * 3600)
  await page.reload()
  await expect(sidebar).toHaveAttribute('data-state', 'collapsed')
})

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 } })

  test('the menu is a drawer that closes after a tap', async ({ page }) => {
    await signIn(page)
    await expect(page.locator('aside[data-state]')).toBeHidden()
    await page.getByRole('button', { name: 'Åpne meny' }).click()
    const drawer = page.getByRole('dialog', { name: 'Meny' })
    await expect(drawer).toBeVisible()
    await drawer.getByRole('link', { name: 'Logg/Audit' }).click()
    await expect(page).toHaveURL('/admin/logs')
    await expect(drawer).toBeHidden()
    await expect(page.getByRole('heading', { name: 'Logg/Audit' })).toBeVisible()
  })
})

test('the audit log is the table of Tid, Handling, Tabell, Entitet and Bruker with each sentence under its row, filters, pages, and is cleared only with TØM typed', async ({ page }) => {
  await signIn(page)
  const lead = await createLead(page, { name: 'Logget Lead' })
  const headers = { 'X-Fagfolk-Csrf': '1' }
  const moved = await page.request.patch(`/api/admin/leads/${lead.id}/status`, { data: { status: 'Kontaktet' }, headers })
  expect(moved.status()).toBe(200)
  const me = await (await page.request.get('/api/auth/session')).json()
  const edited = await page.request.patch(`/api/admin/leads/${lead.id}`, {
    data: { assignee_id: me.user.id, follow_up: '2026-12-24' },
    headers,
  })
  expect(edited.status()).toBe(200)
  await page.goto('/admin/logs')
  const log = page.getByRole('table', { name: 'Hendelser' })
  const entry = (text: string) => log.locator('[data-audit-entry]').filter({ hasText: text })
  // The specification's table: Tid, Handling, Tabell, Entitet and Bruker, in words.
  await expect(log.getByRole('columnheader')).toHaveText(['Tid', 'Handling', 'Tabell', 'Entitet', 'Bruker'], {
    useInnerText: true,
    ignoreCase: true,
  })
  const created = entry('opprettet lead-en «Logget Lead».')
  await expect(created).toContainText('Administrator opprettet')
  await expect(created.getByRole('cell')).toHaveText([/\d{2}\.\d{2}\.\d{4}/, 'opprettet', 'Lead', '«Logget Lead»', 'Administrator', /Administrator opprettet lead-en «Logget Lead»\./], {
    useInnerText: true,
  })
  await expect(entry('endret lead-en «Logget Lead».').filter({ hasText: 'Status' }).first()).toContainText('Status fra Ny til Kontaktet')
  const assigned = entry('endret lead-en «Logget Lead».').filter({ hasText: 'Ansvarlig' })
  await expect(assigned).toContainText('Ansvarlig satt til Administrator')
  await expect(assigned).toContainText('Oppfølging satt til 24. desember 2026')
  await expect(entry('logget inn.').first()).toBeVisible()
  // Nothing a person cannot read: no ids, no stored dates, no raw keys, no JSON.
  const text = await log.innerText()
  expect(text).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/)
  expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}/)
  expect(text).not.toMatch(/assignee_id|follow_up|\{|tom\b/)

  // Filters on the server: by table, by user and by day.
  await page.getByLabel('Tabell').selectOption({ label: 'Lead' })
  await expect(entry('logget inn.')).toHaveCount(0)
  await expect(page.locator('[data-audit-counter]')).toHaveText(/av \d+ hendelser/)
  // In the browser: by action, and by the id of what an entry is about.
  await page.getByLabel('Handling', { exact: true }).selectOption({ label: 'endret' })
  await expect(entry('opprettet lead-en')).toHaveCount(0)
  await expect(entry('endret lead-en «Logget Lead».').first()).toBeVisible()
  await page.getByLabel('Handling', { exact: true }).selectOption({ label: 'Alle handlinger' })
  // The whole id, as staff paste it: ids are UUIDv7, whose first characters are the time
  // they were made, so a prefix also matches what other tests made in the same minute.
  await page.getByLabel('Id', { exact: true }).fill(lead.id)
  await expect(entry('Logget Lead')).toHaveCount(3)
  await expect(log.locator('[data-audit-entry]')).toHaveCount(3)
  await page.getByLabel('Id', { exact: true }).fill('')
  await page.getByLabel('Tabell').selectOption({ label: 'Alle tabeller' })
  await page.getByLabel('Bruker').selectOption(adminEmail)
  await expect(entry('logget inn.').first()).toBeVisible()
  const yesterday = new Date(Date.now() - 36 * 3600 * 1000).toISOString().slice(0, 10)
  await page.getByLabel('Til dato').fill(yesterday)
  await expect(log).toContainText('Ingen hendelser i loggen.')
  await page.getByLabel('Til dato').fill('')
  await page.getByLabel('Filtrer på hva som skjedde').fill('logget inn')
  await expect(entry('opprettet')).toHaveCount(0)
  await page.getByLabel('Filtrer på hva som skjedde').fill('')

  // Beyond the newest page.
  for (let n = 0; n < 50; n++) await createLead(page, { name: `Mengde ${n}` })
  await page.reload()
  const pager = page.getByRole('navigation', { name: 'Sider' })
  await expect(pager).toContainText('Side 1 av 2')
  await pager.getByRole('button', { name: 'Neste' }).click()
  await expect(pager).toContainText('Side 2 av 2')
  await expect(entry('Logget Lead').first()).toBeVisible()

  // Clearing waits for TØM.
  await page.getByRole('button', { name: 'Tøm logger' }).click()
  const confirm = page.getByRole('dialog', { name: 'Tøm alle logger?' })
  const button = confirm.getByRole('button', { name: 'Tøm logger' })
  await expect(button).toBeDisabled()
  await confirm.getByLabel('Skriv TØM for å bekrefte').fill('tøm')
  await expect(button).toBeDisabled()
  await confirm.getByLabel('Skriv TØM for å bekrefte').fill('TØM')
  await button.click()
  await expect(page.getByText('Alle audit logger ble slettet.')).toBeVisible()
  await expect(log.locator('[data-audit-entry]')).toHaveCount(1)
  await expect(log.locator('[data-audit-entry]')).toContainText('Administrator tømte loggen.')
})

test('a session that ends mid-use sends you back to sign in, saying why', async ({ page }) => {
  await signIn(page)
  // The server forgets the session (as when it expires or an admin deactivates you),
  // while the page still thinks it is signed in.
  const ended = await page.request.post('/api/auth/logout', { headers: { 'X-Fagfolk-Csrf': '1' } })
  expect(ended.status()).toBe(204)
  // The page's next request meets the 401: the click, or a refetch in the background
  // that may come first and take the link away.
  const link = page.getByRole('link', { name: 'Henvendelser' }).first()
  await Promise.race([page.waitForURL('/admin/login'), link.click().catch(() => {})])
  await expect(page).toHaveURL('/admin/login')
  await expect(page.getByRole('status').filter({ hasText: 'Økten din er utløpt. Logg inn på nytt for å fortsette.' })).toBeVisible()
  await signIn(page)
  await expect(page.getByText('Økten din er utløpt')).toHaveCount(0)

  // The same when the page is opened again later and the server no longer knows the session.
  await page.request.post('/api/auth/logout', { headers: { 'X-Fagfolk-Csrf': '1' } })
  await page.reload()
  await expect(page).toHaveURL('/admin/login')
  await expect(page.getByRole('status').filter({ hasText: 'Økten din er utløpt.' })).toBeVisible()
})
