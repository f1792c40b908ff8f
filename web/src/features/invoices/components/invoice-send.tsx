import { Send } from 'lucide-react'
import { useState } from 'react'
import { Link } from 'react-router'
import { useToast } from '@/components/toast'
import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import { reasonOf } from '@/lib/api'
import { formatDateTime } from '@/lib/format'
import { paths } from '@/lib/paths'
import type { Invoice } from '../api/invoices'
import { type Recipient, useInvoiceSends, useSendInvoice } from '../api/payments'

/**
 * "Send": the invoice (or credit note) e-mailed to the customer with its PDF (and EHF for a
 * business) and a link to the job's documents, or to the accounting system's inbox, each
 * asked first; every send listed with whether the mail server took it. Without e-mail on
 * the server nothing promises a mail: the office downloads the PDF or makes the documents
 * link on the job instead. `mail` says whether the server has e-mail (`undefined` while
 * that is read), `inbox` the accounting system's address (Innstillinger → Faktura).
 */
export function InvoiceSend({ invoice, mail, inbox }: { invoice: Invoice; mail: boolean | undefined; inbox: string | null }) {
  const sends = useInvoiceSends(invoice.id)
  const send = useSendInvoice(invoice.id)
  const toast = useToast()
  const [asking, setAsking] = useState<Recipient | null>(null)
  const business = invoice.basis.customer.kind === 'business'
  const name = invoice.kind === 'invoice' ? 'Fakturaen' : 'Kreditnotaen'
  const attached = business ? 'PDF og EHF' : 'PDF'
  const customer = invoice.basis.customer.email
  const confirm = async (to: Recipient) => {
    try {
      const kept = await send.mutateAsync(to)
      setAsking(null)
      if (kept.delivered) toast({ title: `${name} er sendt`, description: `Til ${kept.to_address} med ${kept.attached}.` })
      else toast({ title: `${name} ble ikke sendt`, description: kept.error ?? undefined, variant: 'destructive' })
    } catch (error) {
      setAsking(null)
      toast({ title: `${name} ble ikke sendt`, description: reasonOf(error), variant: 'destructive' })
    }
  }
  return (
    <section aria-labelledby="invoice-send" className="grid gap-3 rounded-2xl border border-border bg-card p-4">
      <h2 id="invoice-send" className="text-lg font-semibold">Send</h2>
      {mail === false ? (
        <p className="text-sm">
          E-post er ikke satt opp på serveren, så ingenting sendes herfra. Last ned PDF-en og send den selv, eller lag en lenke til dokumentene på{' '}
          <Link className="text-primary underline underline-offset-4" to={paths.admin.job(invoice.job_id)}>oppdraget</Link>.
        </p>
      ) : (
        mail && (
          <div className="flex flex-wrap gap-3">
            <Button onClick={() => setAsking('customer')} disabled={send.isPending}>
              <Send aria-hidden="true" /> Send til kunden
            </Button>
            {inbox ? (
              <Button variant="outline" onClick={() => setAsking('accounting')} disabled={send.isPending}>
                Send til regnskapet
              </Button>
            ) : (
              <p className="text-sm text-muted-foreground">
                Skriv regnskapssystemets e-post for bilag under <Link className="underline underline-offset-4" to={paths.admin.settings}>Innstillinger → Faktura</Link> for å sende bilag dit.
              </p>
            )}
          </div>
        )
      )}
      {sends.data && sends.data.length > 0 && (
        <ul className="divide-y divide-border text-sm" aria-label="Sendt">
          {sends.data.map((kept) => (
            <li key={kept.id} className="py-2" data-invoice-send={kept.recipient}>
              {kept.delivered ? 'Sendt' : 'Ikke sendt'} til {kept.to_address} ({kept.recipient === 'customer' ? 'kunden' : 'regnskapet'}) {formatDateTime(kept.sent_at)} av {kept.sent_by}, med {kept.attached}
              {kept.error && <span className="block text-destructive">{kept.error}</span>}
            </li>
          ))}
        </ul>
      )}
      <Dialog
        open={asking !== null}
        onOpenChange={(open) => !open && setAsking(null)}
        title={asking === 'accounting' ? 'Sende til regnskapet?' : 'Sende til kunden?'}
        description={
          asking === 'accounting'
            ? `${name} sendes til ${inbox} med ${attached}.`
            : `${name} sendes til ${customer ?? 'kundens e-postadresse'} med ${attached} og en ny lenke til dokumentene fra oppdraget (den forrige lenken slutter å virke).`
        }
      >
        <div className="flex justify-end gap-3">
          <Button variant="outline" onClick={() => setAsking(null)} data-autofocus>
            Avbryt
          </Button>
          <Button onClick={() => asking && void confirm(asking)} disabled={send.isPending}>
            {send.isPending ? 'Sender...' : 'Send'}
          </Button>
        </div>
      </Dialog>
    </section>
  )
}
