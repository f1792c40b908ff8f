import { Download } from 'lucide-react'
import { Link, useParams } from 'react-router'
import { Spinner } from '@/components/ui/spinner'
import { invoiceHref, useInvoice } from '@/features/invoices/api/invoices'
import { InvoiceAccount } from '@/features/invoices/components/invoice-account'
import { InvoiceReminders } from '@/features/invoices/components/invoice-reminders'
import { InvoiceSend } from '@/features/invoices/components/invoice-send'
import { useSettings } from '@/features/settings/api/settings'
import { formatDay } from '@/lib/format'
import { kroner } from '@/lib/money'
import { paths } from '@/lib/paths'
import { useAdminTitle } from '../use-admin-title'

const linkClass = 'inline-flex items-center gap-1 text-primary underline-offset-4 hover:underline'

/** One invoice or credit note: who it is to, its days and total, its PDF and job, and for an
 * invoice what is paid and left ("Innbetalinger") and its reminders ("Purring og inkasso"). */
export function InvoicePage() {
  const { invoiceId = '' } = useParams()
  const invoice = useInvoice(invoiceId)
  const settings = useSettings()
  const name = invoice.data ? `${invoice.data.kind === 'invoice' ? 'Faktura' : 'Kreditnota'} ${invoice.data.number}` : 'Faktura'
  useAdminTitle(name)
  if (invoice.isError) return <p className="text-destructive">Fant ikke fakturaen.</p>
  if (!invoice.data) return <Spinner label="Laster fakturaen..." />
  const data = invoice.data
  const customer = data.basis.customer
  return (
    <div className="grid gap-5">
      <div>
        <h1 className="text-2xl font-bold">{name}</h1>
        <p className="text-muted-foreground">
          {customer.kind === 'business' && customer.company ? customer.company : customer.name}, {data.basis.job_title}
        </p>
      </div>
      <dl className="grid grid-cols-2 gap-x-6 gap-y-1 text-sm sm:grid-cols-4">
        <div><dt className="text-muted-foreground">Fakturadato</dt><dd>{formatDay(data.issue_date)}</dd></div>
        {data.kind === 'invoice' && <div><dt className="text-muted-foreground">Forfall</dt><dd>{formatDay(data.due_date)}</dd></div>}
        <div><dt className="text-muted-foreground">Totalt inkl. MVA</dt><dd className="tabular-nums">{kroner(data.total)}</dd></div>
      </dl>
      <div className="flex flex-wrap gap-4">
        <a className={linkClass} href={invoiceHref(data.id, 'pdf')}>
          <Download className="size-4" aria-hidden="true" /> PDF
        </a>
        <Link className={linkClass} to={paths.admin.job(data.job_id)}>Oppdraget</Link>
        <Link className={linkClass} to={paths.admin.invoices}>Alle fakturaer</Link>
      </div>
      {data.kind === 'invoice' ? <InvoiceAccount invoiceId={data.id} /> : data.reason && <p>Grunn: {data.reason}</p>}
      {data.kind === 'invoice' && <InvoiceReminders invoiceId={data.id} />}
      <InvoiceSend invoice={data} mail={settings.data ? settings.data.server.notify_to != null : undefined} inbox={settings.data?.invoicing.accounting_email ?? null} />
    </div>
  )
}
