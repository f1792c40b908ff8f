import { type Owed, OwedSummary } from '../owed-summary'
import { CustomerHeader } from '../customer-header'
import { FieldError } from '@/components/ui/input'
import { fieldControl, FormField } from '@/components/ui/form-field'
import { useSite } from '@/lib/site'

/** What the server renders a customer's quote with (src/quotes/page.rs): every amount is
 * written out by the server, so this page does no sums of its own. */
export type QuoteData = {
  token: string
  status: 'draft' | 'sent' | 'accepted' | 'declined' | 'withdrawn' | 'replaced' | 'expired'
  state_text: string | null
  /** After accepting: thanks, the early-start answer, what happens next. */
  thanks: string[] | null
  newest: string | null
  pdf: string
  action: string
  number: string
  version: number
  label: string
  /** "Tilbud", or "Tilbud på tilleggsarbeid" for a change order. */
  title: string
  firm: { name: string; phone: string | null; email: string | null; address: string | null; org_nr: string | null } | null
  customer: { name: string; addressee: string; address: string | null; email: string | null; phone: string | null; org_nr: string | null }
  consumer: boolean
  sent: string | null
  valid_until: string
  price_type: string
  price_type_text: string
  intro: string
  terms: string
  lines: { description: string; quantity: string; unit: string; vat: string; unit_price: string; amount: string }[]
  totals: { net: string; vat: string; gross: string }
  angrerett: string | null
  early_start_text: string
  read_terms_text: string
  /** The finished job's documents (src/quotes/documents.rs): the invoice basis or the
   * invoice and its credit notes, and the accepted change orders, each a PDF. */
  documents: { title: string; href: string }[]
  /** The job's documents are on a link of their own (src/quotes/documents.rs), not here. */
  documents_linked?: boolean
  /** What is owed on the job's invoice, once it is invoiced (src/documents/list.rs). */
  owed?: Owed | null
  /** A refused answer: the messages, and what the customer typed. */
  form: {
    error?: string
    errors?: Partial<Record<'navn' | 'lest' | 'grunn' | 'bekreft', string>>
    typed?: { navn?: string; tidlig_start?: boolean; grunn?: string }
  } | null
}

/** The label over a field, in the page's body size. */
const label = 'mb-1 text-base font-medium'
const field = 'block w-full rounded-md border border-input bg-background px-3 py-2 text-base focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring'
const button = 'inline-flex min-h-11 items-center justify-center rounded-md px-5 font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring'

/** The customer's page of a quote, `/tilbud/{token}`: rendered by the server alone (no
 * script runs on it), phone first. Its forms post to the server (src/quotes/customer.rs). */
export function QuotePage({ quote }: { quote: QuoteData }) {
  const site = useSite()
  const firm = quote.firm?.name || site.company_name
  const phone = quote.firm?.phone || site.phone
  const open = quote.status === 'sent'
  const errors = quote.form?.errors ?? {}
  return (
    <div data-server-only className="min-h-screen bg-muted/40 text-foreground">
      <CustomerHeader firm={firm} phone={phone} />
      <main className="mx-auto max-w-3xl px-4 py-6 sm:py-10">
        <h1 className="text-2xl font-bold sm:text-3xl">{quote.title} {quote.number}{quote.version > 1 && ` (versjon ${quote.version})`}</h1>
        <p className="mt-1 text-muted-foreground">
          Til {quote.customer.addressee}
          {quote.sent && ` · sendt ${quote.sent}`} · gyldig til {quote.valid_until}
        </p>
        {quote.state_text && (
          <div role="status" data-quote-state={quote.status} className="mt-5 rounded-lg border-2 border-primary/40 bg-background p-4">
            <p className="font-semibold">{quote.state_text}</p>
            {quote.thanks?.map((line) => <p key={line} className="mt-2">{line}</p>)}
            {quote.newest && (
              <p className="mt-2"><a className="font-semibold text-primary underline" href={quote.newest}>Se den nyeste versjonen</a></p>
            )}
            {quote.status !== 'accepted' && phone && <p className="mt-2">Spørsmål? Ring oss på <a className="font-semibold underline" href={site.phone_uri}>{phone}</a>.</p>}
          </div>
        )}
        {quote.owed && <OwedSummary owed={quote.owed} />}
        {quote.documents.length > 0 && (
          <section aria-labelledby="dokumenter" className="mt-6 rounded-lg border bg-background p-4 sm:p-6">
            <h2 id="dokumenter" className="text-xl font-bold">Dokumenter fra oppdraget</h2>
            <p className="mt-1 text-muted-foreground">Arbeidet er ferdig. Her er dokumentene, som PDF.</p>
            <ul className="mt-3 space-y-2">
              {quote.documents.map((document) => (
                <li key={document.href}>
                  <a className="font-semibold text-primary underline" href={document.href}>{document.title}</a>
                </li>
              ))}
            </ul>
          </section>
        )}
        {quote.documents_linked && (
          <section aria-labelledby="dokumenter" className="mt-6 rounded-lg border bg-background p-4 sm:p-6">
            <h2 id="dokumenter" className="text-xl font-bold">Dokumenter fra oppdraget</h2>
            <p className="mt-1 text-muted-foreground">
              Arbeidet er ferdig. Dokumentene fra oppdraget har fått en egen lenke, som vi har sendt deg.
              {phone ? <> Trenger du den på nytt, ring oss på <a className="font-semibold underline" href={site.phone_uri}>{phone}</a>.</> : ' Trenger du den på nytt, ta kontakt med oss.'}
            </p>
          </section>
        )}
        <section aria-labelledby="tilbudet" className="mt-6 rounded-lg border bg-background p-4 sm:p-6">
          <h2 id="tilbudet" className="sr-only">Tilbudet</h2>
          {quote.intro && <p className="mb-4 whitespace-pre-line">{quote.intro}</p>}
          <ul className="divide-y">
            {quote.lines.map((line, index) => (
              <li key={index} className="flex justify-between gap-4 py-3">
                <span className="min-w-0">
                  <span className="block font-medium">{line.description}</span>
                  <span className="block text-sm text-muted-foreground">
                    {line.quantity} {line.unit} × {line.unit_price}{!quote.consumer && ` · MVA ${line.vat}`}
                  </span>
                </span>
                <span className="shrink-0 text-right font-semibold tabular-nums">{line.amount}</span>
              </li>
            ))}
          </ul>
          <dl className="mt-3 space-y-1 border-t pt-3 tabular-nums">
            <div className="flex justify-between"><dt>Sum eks. MVA</dt><dd>{quote.totals.net}</dd></div>
            <div className="flex justify-between"><dt>MVA</dt><dd>{quote.totals.vat}</dd></div>
            <div className="flex justify-between text-lg font-bold"><dt>Totalt inkl. MVA</dt><dd data-quote-total>{quote.totals.gross}</dd></div>
          </dl>
          <p className="mt-2 text-sm text-muted-foreground">{quote.consumer ? 'Prisene på linjene er inkludert MVA.' : 'Prisene på linjene er uten MVA.'}</p>
          <h3 className="mt-6 font-semibold">{quote.price_type}</h3>
          <p className="mt-1">{quote.price_type_text}</p>
          {quote.terms && (
            <>
              <h3 className="mt-6 font-semibold">Vilkår</h3>
              <p className="mt-1 whitespace-pre-line">{quote.terms}</p>
            </>
          )}
          {quote.angrerett && (
            <>
              <h3 className="mt-6 font-semibold">Angrerett</h3>
              <p className="mt-1">{quote.angrerett}</p>
              <p className="mt-1 text-sm text-muted-foreground">Angreskjemaet står i PDF-en.</p>
            </>
          )}
          <p className="mt-6">
            <a className="font-semibold text-primary underline" href={quote.pdf}>Last ned tilbudet som PDF</a>
          </p>
        </section>
        {open && (
          <>
            <form method="post" action={quote.action} className="mt-6 space-y-4 rounded-lg border bg-background p-4 sm:p-6" aria-labelledby="aksepter">
              <h2 id="aksepter" className="text-xl font-bold">Aksepter tilbudet</h2>
              {quote.form?.error && <p role="alert" className="font-semibold text-destructive">{quote.form.error}</p>}
              <input type="hidden" name="handling" value="aksepter" />
              <input type="hidden" name="versjon" value={quote.version} />
              <FormField id="navn" label="Fullt navn" labelClassName={label} error={errors.navn}>
                {(control) => <input {...control} name="navn" autoComplete="name" required defaultValue={quote.form?.typed?.navn ?? ''} className={field} />}
              </FormField>
              <div>
                <label className="flex items-start gap-3">
                  <input type="checkbox" {...fieldControl('lest', { error: errors.lest })} name="lest" required className="mt-1 size-5" />
                  <span>{quote.read_terms_text}</span>
                </label>
                <FieldError id="lest-feil">{errors.lest}</FieldError>
              </div>
              {quote.angrerett && (
                <label className="flex items-start gap-3">
                  <input type="checkbox" name="tidlig_start" className="mt-1 size-5" defaultChecked={quote.form?.typed?.tidlig_start ?? false} />
                  <span>{quote.early_start_text} (valgfritt)</span>
                </label>
              )}
              <button type="submit" className={`${button} w-full bg-primary text-primary-foreground sm:w-auto`}>Aksepter tilbudet</button>
            </form>
            <form method="post" action={quote.action} className="mt-4 space-y-3 rounded-lg border bg-background p-4 sm:p-6" aria-labelledby="avsla">
              <h2 id="avsla" className="text-lg font-semibold">Vil du ikke ha tilbudet?</h2>
              <input type="hidden" name="handling" value="avsla" />
              <input type="hidden" name="versjon" value={quote.version} />
              <FormField id="grunn" label="Grunn (valgfritt)" labelClassName={label} error={errors.grunn}>
                {(control) => (
                  <textarea {...control} name="grunn" rows={3} maxLength={2000} className={field} defaultValue={quote.form?.typed?.grunn ?? ''} />
                )}
              </FormField>
              <div>
                <label className="flex items-start gap-3">
                  <input type="checkbox" {...fieldControl('bekreft', { error: errors.bekreft })} name="bekreft" required className="mt-1 size-5" />
                  <span>Ja, jeg vil avslå tilbudet</span>
                </label>
                <FieldError id="bekreft-feil">{errors.bekreft}</FieldError>
              </div>
              <button type="submit" className={`${button} border border-input bg-background`}>Avslå tilbudet</button>
            </form>
          </>
        )}
      </main>
      <footer className="mx-auto max-w-3xl px-4 pb-10 text-sm text-muted-foreground">
        {[firm, quote.firm?.org_nr && `Org.nr. ${quote.firm.org_nr} MVA`, quote.firm?.address, quote.firm?.email].filter(Boolean).join(' · ')}
      </footer>
    </div>
  )
}
