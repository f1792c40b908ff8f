import { zodResolver } from '@hookform/resolvers/zod'
import { Download } from 'lucide-react'
import { useForm } from 'react-hook-form'
import { Link } from 'react-router'
import { z } from 'zod'
import { useToast } from '@/components/toast'
import { Button } from '@/components/ui/button'
import { FormField } from '@/components/ui/form-field'
import { Textarea } from '@/components/ui/input'
import { formatDay } from '@/lib/format'
import { useServerErrors } from '@/lib/forms'
import { kroner, lineAmounts } from '@/lib/money'
import { paths } from '@/lib/paths'
import { downloadEhf, type Invoice, invoiceHref, useCreditInvoice } from '../api/invoices'

const linkClass = 'inline-flex items-center gap-1 text-primary underline-offset-4 hover:underline'

const schema = z.object({
  lines: z.array(z.string()).min(1, 'Velg minst én linje fra fakturaen.'),
  reason: z.string().trim().min(1, 'Skriv hvorfor linjene krediteres.').max(500, 'Høyst 500 tegn.'),
})
type Values = z.infer<typeof schema>

/** The lines of an invoice in the order a credit note names them: the work's, then each
 * change order's. */
function linesOf(invoice: Invoice) {
  return [invoice.basis.work, ...invoice.basis.additions].flatMap((section) => section.lines)
}

/** "Krediter linjer": which lines to take back, and why. */
function CreditForm({ invoice }: { invoice: Invoice }) {
  const credit = useCreditInvoice(invoice.id)
  const toast = useToast()
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { lines: [], reason: '' } })
  const serverErrors = useServerErrors(form)
  const { errors } = form.formState
  const submit = form.handleSubmit(async (values) => {
    try {
      const note = await credit.mutateAsync({ lines: values.lines.map(Number), reason: values.reason })
      form.reset()
      toast({ title: `Kreditnota ${note.number} er laget` })
    } catch (error) {
      serverErrors(error)
      toast({ title: 'Kunne ikke lage kreditnotaen', description: error instanceof Error ? error.message : undefined, variant: 'destructive' })
    }
  })
  return (
    <form onSubmit={submit} noValidate className="mt-2 grid gap-3" aria-label={`Krediter linjer fra faktura ${invoice.number}`}>
      <fieldset className="grid gap-2" aria-describedby={errors.lines ? `credit-lines-${invoice.id}-error` : undefined}>
        <legend className="mb-1 text-sm font-semibold">Linjer som krediteres</legend>
        {linesOf(invoice).map((line, index) => (
          <label key={index} className="flex items-start gap-3 text-sm">
            <input type="checkbox" value={String(index)} className="mt-0.5 size-5 shrink-0 accent-primary" {...form.register('lines')} />
            <span className="flex-1 [overflow-wrap:anywhere]">{line.description}</span>
            <span className="tabular-nums">{kroner(lineAmounts(line.quantity, line.unit_price, line.vat).net)}</span>
          </label>
        ))}
        {errors.lines && (
          <p id={`credit-lines-${invoice.id}-error`} className="text-sm text-destructive">
            {errors.lines.message}
          </p>
        )}
      </fieldset>
      <FormField id={`credit-reason-${invoice.id}`} label="Hvorfor" error={errors.reason?.message}>
        {(control) => <Textarea rows={2} {...form.register('reason')} {...control} />}
      </FormField>
      <Button type="submit" variant="outline" className="w-fit" disabled={credit.isPending}>
        Lag kreditnota
      </Button>
    </form>
  )
}

/** One invoice or credit note: its number (a link to its page), date and total, its files,
 * and for an invoice the credit form. `onProblem` shows why EHF could not be made. */
export function InvoiceRow({ invoice, onProblem }: { invoice: Invoice; onProblem: (problem: string | null) => void }) {
  const name = invoice.kind === 'invoice' ? 'Faktura' : 'Kreditnota'
  const business = invoice.basis.customer.kind === 'business'
  return (
    <li className="grid gap-1 border-b border-border pb-3 last:border-0">
      <span className="font-medium">
        {/* The invoice's own page: its payments, what is owed, purring and inkasso. */}
        <Link to={paths.admin.invoice(invoice.id)} className="text-primary underline underline-offset-4">
          {name} {invoice.number}
        </Link>
        , {formatDay(invoice.issue_date)}, {kroner(invoice.total)}
        {invoice.kind === 'invoice' && <span className="font-normal text-muted-foreground"> (forfall {formatDay(invoice.due_date)})</span>}
      </span>
      {invoice.reason && <span className="text-sm text-muted-foreground">Årsak: {invoice.reason}</span>}
      <span className="flex flex-wrap gap-3 text-sm">
        <a href={invoiceHref(invoice.id, 'pdf')} className={linkClass}>
          <Download className="size-4" aria-hidden="true" /> PDF
        </a>
        <a href={invoiceHref(invoice.id, 'csv')} className={linkClass}>
          <Download className="size-4" aria-hidden="true" /> CSV
        </a>
        {business && (
          <button
            type="button"
            className={linkClass}
            onClick={() => {
              onProblem(null)
              downloadEhf(invoice).catch((error: unknown) => onProblem(error instanceof Error ? error.message : 'Kunne ikke lage EHF.'))
            }}
          >
            <Download className="size-4" aria-hidden="true" /> EHF
          </button>
        )}
      </span>
      {invoice.kind === 'invoice' && (
        <details className="text-sm">
          <summary className="w-fit cursor-pointer text-primary">Krediter linjer</summary>
          <CreditForm invoice={invoice} />
        </details>
      )}
    </li>
  )
}
