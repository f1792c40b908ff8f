import { Download } from 'lucide-react'
import { useState } from 'react'
import { useToast } from '@/components/toast'
import { Button } from '@/components/ui/button'
import { ConfirmDialog } from '@/components/ui/dialog'
import { kroner } from '@/lib/money'
import type { components } from '@/lib/api-schema'
import { basisHref, type InvoiceBasis, useInvoiceBasis, useIssueInvoice, useJobInvoices } from '../api/invoices'
import { InvoiceRow } from './invoice-row'

const linkClass = 'inline-flex items-center gap-1 text-primary underline-offset-4 hover:underline'

/** The sums of a basis: each part, a prisoverslag's deduction, MVA per rate and the total. */
function BasisSums({ basis }: { basis: InvoiceBasis }) {
  const rows: [string, number][] = [[basis.work.title, basis.work.net]]
  for (const section of basis.additions) rows.push([section.title, section.net])
  const deducted = (basis.deductions ?? []).reduce((sum, deduction) => sum + deduction.net, 0)
  if (deducted !== 0) rows.push(['Fratrekk over prisoverslaget + 15 %', -deducted])
  rows.push(['Sum eks. MVA', basis.totals.net])
  for (const rate of basis.vat_rates) rows.push([`MVA ${rate.rate} %`, rate.vat])
  return (
    <dl className="grid max-w-xl gap-1 text-sm">
      {rows.map(([label, amount]) => (
        <div key={label} className="flex justify-between gap-4 border-b border-border py-1">
          <dt>{label}</dt>
          <dd className="tabular-nums">{kroner(amount)}</dd>
        </div>
      ))}
      <div className="flex justify-between gap-4 py-1 font-semibold">
        <dt>Totalt inkl. MVA</dt>
        <dd className="tabular-nums">{kroner(basis.totals.gross)}</dd>
      </div>
    </dl>
  )
}

/** A job's invoicing: nothing before it is done; then its specified invoice basis
 * (håndverkertjenesteloven § 36) with its files and "Marker som fakturert"; once invoiced,
 * the invoice and its credit notes, each as PDF, CSV and (for a business) EHF. */
export function JobInvoice({ job }: { job: { id: string; status: components['schemas']['JobStatus'] } }) {
  const finished = job.status === 'done' || job.status === 'invoiced'
  const basis = useInvoiceBasis(job.id, finished)
  const invoices = useJobInvoices(job.id, job.status === 'invoiced')
  const issue = useIssueInvoice(job.id)
  const toast = useToast()
  const [problem, setProblem] = useState<string | null>(null)
  const [asking, setAsking] = useState(false)
  const invoiceIt = () =>
    issue.mutateAsync().then(
      (invoice) => {
        setAsking(false)
        toast({ title: `Faktura ${invoice.number} er laget`, description: 'Oppdraget er fakturert.' })
      },
      (error: unknown) => {
        setAsking(false)
        toast({ title: 'Kunne ikke lage fakturaen', description: error instanceof Error ? error.message : undefined, variant: 'destructive' })
      },
    )
  return (
    <section aria-labelledby="job-invoice" className="grid gap-3 rounded-2xl border border-border bg-card p-4">
      <h2 id="job-invoice" className="text-lg font-semibold">Faktura</h2>
      {!finished && (
        <p className="text-muted-foreground">Når oppdraget er satt til «Ferdig», lages det spesifiserte fakturagrunnlaget her.</p>
      )}
      {finished && basis.isError && <p className="text-destructive">Kunne ikke hente fakturagrunnlaget.</p>}
      {finished && basis.data && (
        <>
          <p className="text-sm text-muted-foreground">
            Fakturagrunnlag etter håndverkertjenesteloven § 36: arbeid og materiell, hvordan prisen er regnet ut, og
            tilleggsarbeid for seg.
          </p>
          <BasisSums basis={basis.data} />
          <span className="flex flex-wrap gap-3 text-sm">
            <a href={basisHref(job.id, 'pdf')} className={linkClass}>
              <Download className="size-4" aria-hidden="true" /> Fakturagrunnlag (PDF)
            </a>
            <a href={basisHref(job.id, 'csv')} className={linkClass}>
              <Download className="size-4" aria-hidden="true" /> CSV til regnskapet
            </a>
            <a href={basisHref(job.id, 'json')} className={linkClass}>
              <Download className="size-4" aria-hidden="true" /> JSON
            </a>
          </span>
        </>
      )}
      {job.status === 'done' && basis.data && (
        <div className="grid gap-2">
          <Button className="w-fit" disabled={issue.isPending} onClick={() => setAsking(true)}>
            Marker som fakturert
          </Button>
          <p className="text-sm text-muted-foreground">
            Gir fakturaen et nummer og dato og låser grunnlaget. Send den fra regnskapssystemet, eller som EHF til en bedrift.
          </p>
          <ConfirmDialog
            open={asking}
            onOpenChange={setAsking}
            title="Lage fakturaen?"
            description={`Fakturaen på ${kroner(basis.data.totals.gross)} inkl. MVA får neste nummer og dagens dato, og grunnlaget låses. En feil rettes etterpå bare med en kreditnota. Ingenting sendes til kunden ennå.`}
            confirmLabel="Lag fakturaen"
            busyLabel="Lager fakturaen..."
            busy={issue.isPending}
            tone="default"
            onConfirm={() => void invoiceIt()}
          />
        </div>
      )}
      {problem && (
        <p role="alert" className="text-sm text-destructive">
          {problem}
        </p>
      )}
      {invoices.data && invoices.data.length > 0 && (
        <ul className="grid gap-3">
          {invoices.data.map((invoice) => (
            <InvoiceRow key={invoice.id} invoice={invoice} onProblem={setProblem} />
          ))}
        </ul>
      )}
    </section>
  )
}
