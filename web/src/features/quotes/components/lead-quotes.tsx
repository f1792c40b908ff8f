import { Plus } from 'lucide-react'
import { Link, useNavigate } from 'react-router'
import { useToast } from '@/components/toast'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { formatDate } from '@/lib/format'
import { paths } from '@/lib/paths'
import { useCreateQuote, useLeadQuotes } from '../api/quotes'
import { kroner } from '@/lib/money'
import { QuoteStatusBadge } from './quote-status'

/** A lead's quotes, newest first, and "Nytt tilbud", which makes a draft from the lead
 * and opens the editor. */
export function LeadQuotes({ leadId }: { leadId: string }) {
  const quotes = useLeadQuotes(leadId)
  const create = useCreateQuote(leadId)
  const navigate = useNavigate()
  const toast = useToast()
  return (
    <section aria-labelledby="lead-quotes" className="grid gap-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="lead-quotes" className="text-lg font-semibold">Tilbud</h2>
        <Button
          disabled={create.isPending}
          onClick={() =>
            create.mutateAsync({}).then(
              (quote) => navigate(paths.admin.quote(quote.id)),
              (error: unknown) => toast({ title: 'Kunne ikke lage tilbudet', description: error instanceof Error ? error.message : undefined, variant: 'destructive' }),
            )
          }
        >
          <Plus aria-hidden="true" /> Nytt tilbud
        </Button>
      </div>
      {quotes.isPending ? (
        <Spinner label="Laster tilbud..." />
      ) : !quotes.data?.length ? (
        <p className="text-muted-foreground">Ingen tilbud ennå.</p>
      ) : (
        <ul className="grid gap-2">
          {quotes.data.map((quote) => (
            <li key={quote.id} className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-border p-3">
              <Link to={paths.admin.quote(quote.id)} className="font-semibold text-primary underline-offset-4 hover:underline">
                {quote.job_id ? 'Tilleggsarbeid' : 'Tilbud'} {quote.number}{quote.version > 1 && ` v${quote.version}`}
              </Link>
              <span className="flex items-center gap-3 text-sm">
                <QuoteStatusBadge status={quote.status} />
                <span className="tabular-nums">{kroner(quote.total)}</span>
                <span className="text-muted-foreground">gyldig til {formatDate(quote.valid_until)}</span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
