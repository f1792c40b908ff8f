import { FormField } from '@/components/ui/form-field'
import { Select } from '@/components/ui/input'
import { Spinner } from '@/components/ui/spinner'
import { quoteFilter, type QuoteStatus, useQuotes } from '@/features/quotes/api/quotes'
import { QuoteTable } from '@/features/quotes/components/quote-table'
import { STATUS } from '@/features/quotes/words'
import { useUrlFilter } from '@/lib/url-filter'
import { useAdminTitle } from '../use-admin-title'

/** "Tilbud": every quote, filtered by state, by whether it expires within 7 days, and by
 * who made it. The filters live in the address, so a filtered list can be shared. */
export function QuotesPage() {
  useAdminTitle('Tilbud')
  const [filter, setFilter] = useUrlFilter(quoteFilter)
  const quotes = useQuotes(filter)
  return (
    <div className="grid gap-5">
      <h1 className="text-2xl font-bold">Tilbud</h1>
      <div className="flex flex-wrap items-end gap-4">
        <FormField id="quote-status" label="Status">
          {(control) => (
            <Select {...control} value={filter.status ?? ''} onChange={(event) => setFilter((current) => ({ ...current, status: (event.target.value || undefined) as QuoteStatus | undefined }))}>
              <option value="">Alle (uten erstattede)</option>
              {(Object.keys(STATUS) as QuoteStatus[]).map((key) => (
                <option key={key} value={key}>{STATUS[key]}</option>
              ))}
            </Select>
          )}
        </FormField>
        <FormField id="quote-owner" label="Laget av">
          {(control) => (
            <Select {...control} value={filter.owner ?? ''} onChange={(event) => setFilter((current) => ({ ...current, owner: event.target.value || undefined }))}>
              <option value="">Alle</option>
              {quotes.data?.owners.map((owner) => (
                <option key={owner.id} value={owner.id}>{owner.name}</option>
              ))}
            </Select>
          )}
        </FormField>
        <label className="flex min-h-11 items-center gap-2">
          <input type="checkbox" className="size-4 accent-primary" checked={filter.expiring ?? false} onChange={(event) => setFilter((current) => ({ ...current, expiring: event.target.checked || undefined }))} />
          Går ut innen 7 dager
        </label>
      </div>
      {quotes.data ? <QuoteTable rows={quotes.data.items} /> : <Spinner label="Laster tilbud..." />}
    </div>
  )
}
