import { ArrowLeft } from 'lucide-react'
import { Link, useNavigate, useParams } from 'react-router'
import { Spinner } from '@/components/ui/spinner'
import { useServices } from '@/features/services/api/services'
import { useSettings } from '@/features/settings/api/settings'
import { AGREEMENT_LABEL } from '@/features/jobs/api/jobs'
import { ChangeAgreement } from '@/features/jobs/components/change-agreement'
import { useQuote } from '@/features/quotes/api/quotes'
import { QuoteEditor } from '@/features/quotes/components/quote-editor'
import { addressee } from '@/features/quotes/draft'
import { QuotePanel } from '@/features/quotes/components/quote-panel'
import { QuotePreview } from '@/features/quotes/components/quote-preview'
import { paths } from '@/lib/paths'
import { useAdminTitle } from '../use-admin-title'

/** A quote's page (`/admin/tilbud/{id}`): the editor while it is a draft, what it says
 * once sent, and beside it what happened to it and what can be done. A change order
 * (tilleggsarbeid, a quote with a job) links to its job and can be recorded as agreed on
 * the phone or under § 9. */
export function QuotePage() {
  const { quoteId = '' } = useParams()
  const navigate = useNavigate()
  const view = useQuote(quoteId)
  const { services } = useServices()
  const settings = useSettings()
  const quote = view.data
  const kind = quote?.job_id ? 'Tilleggsarbeid' : 'Tilbud'
  useAdminTitle(quote ? `${kind} ${quote.number}${quote.version > 1 ? ` v${quote.version}` : ''}` : 'Tilbud')
  if (!quote) return view.isError ? <p className="text-destructive">Fant ikke tilbudet.</p> : <Spinner label="Laster..." />
  const firm = settings.data?.company_name ?? ''
  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center gap-4 text-sm">
        {quote.job_id && (
          <Link to={paths.admin.job(quote.job_id)} className="inline-flex items-center gap-1 text-primary underline-offset-4 hover:underline">
            <ArrowLeft className="size-4" aria-hidden="true" /> Til oppdraget
          </Link>
        )}
        {quote.lead_id && !quote.job_id && (
          <Link to={paths.admin.lead(quote.lead_id)} className="inline-flex items-center gap-1 text-primary underline-offset-4 hover:underline">
            <ArrowLeft className="size-4" aria-hidden="true" /> Til lead-en
          </Link>
        )}
        <Link to={paths.admin.quotes} className="text-primary underline-offset-4 hover:underline">Alle tilbud</Link>
      </div>
      <h1 className="text-2xl font-bold">
        {kind} {quote.number}
        {quote.version > 1 && <span className="font-normal text-muted-foreground"> versjon {quote.version}</span>}
      </h1>
      <QuotePanel key={`panel-${quote.id}`} view={quote} mail={settings.data?.server.notify_to != null} onOpen={(id) => navigate(paths.admin.quote(id))} />
      {quote.job_id && quote.agreed_how && (
        <p data-agreement className="max-w-2xl rounded-lg border border-border p-3 text-sm">
          <span className="font-semibold">{AGREEMENT_LABEL[quote.agreed_how]}</span>
          {quote.accepted_name && `, med ${quote.accepted_name}`}: «{quote.agreed_note}» (registrert av {quote.agreed_by})
        </p>
      )}
      {quote.job_id && (quote.status === 'draft' || quote.status === 'sent') && <ChangeAgreement key={`agreement-${quote.id}`} quoteId={quote.id} />}
      {quote.status === 'draft' ? (
        <QuoteEditor key={`editor-${quote.id}`} quote={quote} firm={firm} catalogue={services.map((s) => ({ id: s.id, name: s.name, price_from: s.price_from ?? null }))} />
      ) : (
        <div className="max-w-2xl">
          <QuotePreview
            title={quote.job_id ? 'Tilbud på tilleggsarbeid' : 'Tilbud'}
            number={quote.number}
            firm={firm}
            customer={addressee(quote.customer_name, quote.customer_kind === 'business' ? quote.customer_company : null)}
            consumer={quote.customer_kind === 'private'}
            priceType={quote.price_type}
            intro={quote.intro}
            terms={quote.terms}
            lines={quote.lines}
            validUntil={quote.valid_until}
          />
        </div>
      )}
    </div>
  )
}
