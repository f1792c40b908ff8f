import { Download, Mail, Printer } from 'lucide-react'
import { useState } from 'react'
import { Link } from 'react-router'
import { useToast } from '@/components/toast'
import { Button } from '@/components/ui/button'
import { ConfirmDialog } from '@/components/ui/dialog'
import { Spinner } from '@/components/ui/spinner'
import { reasonOf } from '@/lib/api'
import { formatDateTime, formatDay } from '@/lib/format'
import { kroner } from '@/lib/money'
import { paths } from '@/lib/paths'
import { LETTER_NAME, type Letter, type Reminder, reminderPdf, useInvoiceReminders, useSendReminder } from '../api/reminders'

/** A letter's sums, line by line, as the letter itself writes them (src/reminders/letter.rs). */
function sums(letter: Letter): [string, number][] {
  const rows: [string, number][] = [['Fakturabeløp', letter.total]]
  if (letter.credited > 0) rows.push(['Kreditert', -letter.credited])
  if (letter.earlier_fees > 0) rows.push(['Gebyr for tidligere purring', letter.earlier_fees])
  if (letter.paid > 0) rows.push(['Innbetalt', -letter.paid])
  if (letter.fee > 0) rows.push([letter.kind === 'purring' ? 'Purregebyr' : 'Gebyr for inkassovarsel', letter.fee])
  if (letter.interest.amount > 0) rows.push([`Forsinkelsesrente ${formatDay(letter.interest.from)}–${formatDay(letter.interest.to)}`, letter.interest.amount])
  return rows
}

function Sums({ letter }: { letter: Letter }) {
  return (
    <dl className="grid max-w-md gap-1 text-sm">
      {sums(letter).map(([label, amount]) => (
        <div key={label} className="flex justify-between gap-4">
          <dt>{label}</dt>
          <dd className="tabular-nums">{kroner(amount)}</dd>
        </div>
      ))}
      <div className="flex justify-between gap-4 border-t border-border pt-1 font-semibold">
        <dt>Å betale</dt>
        <dd className="tabular-nums" data-amount-due>{kroner(letter.amount_due)}</dd>
      </div>
    </dl>
  )
}

/** How a letter went, in a line. */
function how(reminder: Reminder): string {
  return reminder.channel === 'email' ? `på e-post til ${reminder.to_address}` : 'i posten'
}

/**
 * "Purring og inkasso": the letter the invoice may get today as it will read (its fee, or
 * why there is none, the interest to today, what to pay by when), sent by e-mail with its
 * PDF or kept as posted and its PDF downloaded to print; or why no letter may go; and every
 * letter sent, with its PDF. The rules are the server's (`fagfolk_data::reminders`).
 */
export function InvoiceReminders({ invoiceId }: { invoiceId: string }) {
  const reminders = useInvoiceReminders(invoiceId)
  const send = useSendReminder(invoiceId)
  const toast = useToast()
  const [asking, setAsking] = useState<'email' | 'post' | null>(null)
  if (reminders.isError) return <p className="text-destructive">Kunne ikke hente purringene.</p>
  if (!reminders.data) return <Spinner label="Laster purringer..." />
  const { next, not_now, can_email, sent } = reminders.data
  const go = async (letter: Letter, channel: 'email' | 'post') => {
    try {
      const kept = await send.mutateAsync({ kind: letter.kind, channel })
      const name = LETTER_NAME[kept.kind]
      if (channel === 'post') {
        window.location.assign(reminderPdf(kept.id))
        toast({ title: `${name} er registrert som sendt i posten`, description: 'Skriv ut PDF-en og send den til kunden.' })
      } else {
        toast({ title: `${name} er sendt`, description: `Til ${kept.to_address} med PDF.` })
      }
    } catch (error) {
      toast({ title: `${LETTER_NAME[letter.kind]} ble ikke sendt`, description: reasonOf(error), variant: 'destructive' })
    } finally {
      setAsking(null)
    }
  }
  return (
    <section aria-labelledby="invoice-reminders" className="grid gap-4 rounded-2xl border border-border bg-card p-4">
      <h2 id="invoice-reminders" className="text-lg font-semibold">Purring og inkasso</h2>
      {next ? (
        <div className="grid gap-3" data-next-letter={next.kind}>
          <p>
            Neste brev: <strong>{LETTER_NAME[next.kind]}</strong>, med betalingsfrist {formatDay(next.pay_by)}.
            {next.kind === 'notice' && ' Det sier at kravet sendes til inkasso om det ikke betales innen fristen (inkassoloven § 9).'}
          </p>
          <Sums letter={next} />
          {next.no_fee && <p className="text-sm text-muted-foreground">{next.no_fee}</p>}
          {next.interest.missing_rate_from && (
            <p className="text-sm text-destructive" role="note">
              Ingen forsinkelsesrente er lagt inn fra {formatDay(next.interest.missing_rate_from)}, så de dagene er ikke med. Legg den inn under{' '}
              <Link className="underline underline-offset-4" to={paths.admin.settings}>Innstillinger → Faktura</Link>.
            </p>
          )}
          <div className="flex flex-wrap gap-3">
            {can_email && (
              <Button onClick={() => setAsking('email')} disabled={send.isPending}>
                <Mail aria-hidden="true" /> Send {LETTER_NAME[next.kind].toLowerCase()} på e-post
              </Button>
            )}
            <Button variant={can_email ? 'outline' : 'default'} onClick={() => setAsking('post')} disabled={send.isPending}>
              <Printer aria-hidden="true" /> Send i posten (last ned PDF)
            </Button>
          </div>
          {!can_email && <p className="text-sm text-muted-foreground">E-post kan ikke sendes herfra (e-post er ikke satt opp, eller kunden har ingen adresse).</p>}
          <ConfirmDialog
            open={asking !== null}
            onOpenChange={(open) => !open && setAsking(null)}
            title={asking === 'post' ? `Registrere ${LETTER_NAME[next.kind].toLowerCase()} som sendt i posten?` : `Sende ${LETTER_NAME[next.kind].toLowerCase()} på e-post?`}
            description={`${LETTER_NAME[next.kind]} krever ${kroner(next.amount_due)} innen ${formatDay(next.pay_by)}${next.fee > 0 ? `, med ${kroner(next.fee)} i gebyr` : ''}. ${
              asking === 'post' ? 'PDF-en lastes ned for utskrift, og brevet føres som sendt i dag.' : 'Den går til kunden med PDF.'
            } Et sendt brev kan ikke trekkes tilbake.`}
            confirmLabel={asking === 'post' ? 'Registrer og last ned' : 'Send'}
            busyLabel="Sender..."
            busy={send.isPending}
            tone="default"
            onConfirm={() => asking && void go(next, asking)}
          />
        </div>
      ) : (
        <p className="text-sm" data-no-letter>{not_now}</p>
      )}
      {sent.length > 0 && (
        <ul className="divide-y divide-border text-sm" aria-label="Sendte brev">
          {sent.map((reminder) => (
            <li key={reminder.id} className="flex flex-wrap items-center justify-between gap-2 py-2" data-sent-letter={reminder.kind}>
              <span>
                <span className="font-medium">{LETTER_NAME[reminder.kind]}</span> {formatDay(reminder.sent_on)} {how(reminder)}, {kroner(reminder.amount_due)} innen {formatDay(reminder.pay_by)}
                {reminder.fee > 0 && !reminder.waived && <span className="text-muted-foreground"> (gebyr {kroner(reminder.fee)})</span>}
                {reminder.waived && <span className="text-muted-foreground"> (sendt etter at fakturaen var betalt: gebyr og renter kreves ikke)</span>}
                <span className="block text-muted-foreground">Sendt {formatDateTime(reminder.sent_at)} av {reminder.sent_by}</span>
              </span>
              <a
                className="inline-flex items-center gap-1 text-primary underline-offset-4 hover:underline"
                href={reminderPdf(reminder.id)}
                aria-label={`PDF av ${LETTER_NAME[reminder.kind].toLowerCase()} ${formatDay(reminder.sent_on)}`}
              >
                <Download className="size-4" aria-hidden="true" /> PDF
              </a>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
