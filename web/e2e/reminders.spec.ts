import { execFileSync } from 'node:child_process'
import { signIn } from './admin'
import { seriousViolations } from './axe'
import { firmCanInvoice, invoicedJob } from './invoices'
import { Mailbox, pdfText, readMail } from './mailbox'
import { expect, startServer, test } from './server'

// Sending and reminding (#61), against a server with e-mail and a mailbox on a real socket:
// the office at 1280 px e-mails an invoice to the customer; three weeks past its due date
// (the invoice is aged in the database) the invoice's page shows the purring as it will
// read, with its fee, and the office e-mails it; the customer's mailbox gets both with
// their PDFs, and the page then waits for the purring's 14 days. Screenshots are kept.

test('the office e-mails an invoice, and once it is overdue a purring with its fee; the customer gets both', async ({ browser }, info) => {
  test.setTimeout(180_000)
  const mail = await Mailbox.start()
  const server = await startServer({ FAGFOLK_SMTP_URL: `smtp://127.0.0.1:${mail.port}`, FAGFOLK_NOTIFY_TO: 'post@fagfolk.test' })
  try {
    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 900 } })
    const page = await context.newPage()
    await signIn(page)
    await firmCanInvoice(page)
    const invoice = await invoicedJob(page)
    const titled = (start: string) => (raw: string) => raw.includes('To: ase@example.no') && readMail(raw).subject.startsWith(start)

    await page.goto(`/admin/fakturaer/${invoice.id}`)
    await page.getByRole('button', { name: 'Send til kunden' }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'Send', exact: true }).click()
    await expect(page.getByText('Fakturaen er sendt')).toBeVisible()
    const sent = await mail.next(titled('Faktura '))
    expect(sent.subject).toBe(`Faktura ${invoice.number} fra Fagfolk Oslo AS`)
    expect(sent.attachments.map((file) => file.name)).toEqual([`Faktura-${invoice.number}.pdf`, `Faktura-${invoice.number}.xml`])
    const reminders = page.getByRole('region', { name: 'Purring og inkasso' })
    await expect(reminders).toContainText('Fakturaen er ikke forfalt')

    // Three weeks past its due date.
    execFileSync('python3', ['-c', `import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
db.execute("UPDATE invoices SET issue_date = date('now', '-35 day'), due_date = date('now', '-21 day') WHERE id = ?", (bytes.fromhex(sys.argv[2]),))
db.commit()`, server.database, invoice.id.replaceAll('-', '')])
    await page.reload()
    const next = reminders.locator('[data-next-letter="purring"]')
    await expect(next).toContainText('Neste brev: Purring')
    await expect(next.getByText('Purregebyr')).toBeVisible()
    await page.screenshot({ path: info.outputPath('purring-klar-1280.png'), fullPage: true })
    expect(await seriousViolations(page)).toEqual([])
    const due = (await next.locator('[data-amount-due]').textContent())?.replaceAll('\u00a0', ' ')
    await reminders.getByRole('button', { name: 'Send purring på e-post' }).click()
    await page.getByRole('dialog', { name: 'Sende purring på e-post?' }).getByRole('button', { name: 'Send' }).click()
    await expect(page.getByText('Purring er sendt')).toBeVisible()
    const purring = await mail.next(titled('Purring '))
    expect(purring.subject).toBe(`Purring på faktura ${invoice.number} fra Fagfolk Oslo AS`)
    const text = purring.text.replaceAll('\u00a0', ' ')
    expect(text).toContain('Purregebyr (inkassoforskriften § 1-2): 37,50 kr')
    expect(text).toContain(`Å betale: ${due}`)
    expect(text).toContain(`KID ${invoice.kid}`)
    expect(purring.attachments).toHaveLength(1)
    expect(pdfText(purring.attachments[0]!.bytes)).toContain(`Faktura ${invoice.number}`)

    // Sent, it waits for its 14 days; the office sees it on the invoice and in the log.
    await expect(reminders.locator('[data-sent-letter="purring"]')).toContainText('på e-post til ase@example.no')
    await expect(reminders.locator('[data-no-letter]')).toContainText('Fristen i forrige brev går ut')
    await expect(page.getByRole('region', { name: 'Innbetalinger' })).toContainText('Purregebyr og renter')
    await page.screenshot({ path: info.outputPath('purring-sendt-1280.png'), fullPage: true })
    await page.goto('/admin/logs')
    await expect(page.getByText(`sendte purring på faktura ${invoice.number} på e-post.`)).toBeVisible()
  } finally {
    await server.stop()
    await mail.stop()
  }
})
