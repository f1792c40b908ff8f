import { useSearchParams } from 'react-router'
import { FormField } from '@/components/ui/form-field'
import { Select } from '@/components/ui/input'
import { Spinner } from '@/components/ui/spinner'
import { type QuoteFilter, type QuoteStatus, useQuotes } from '@/features/quotes/api/quotes'
import { QuoteTable } from '@/features/quotes/components/quote-table'
import { STATUS } from '@/features/quotes/words'
import { useAdminTitle } from '../use-admin-title'

const isStatus = (value: string | null): value is QuoteStatus => value !== null && value in STATUS

/** "Tilbud": every quote, filtered by state, by whether it expires within 7 days, and by
 * who made it. The filters live in the address, so a filtered list can be shared. */
export function QuotesPage() {
  useAdminTitle('Tilbud')
  const [params, setParams] = useSearchParams()
  const status = params.get('status')
  const filter: QuoteFilter = {
    status: isStatus(status) ? status : undefined,
    expiring: params.get('expiring') === 'true' || undefined,
    owner: params.get('owner') || undefined,
  }
  const quotes = useQuotes(filter)
  const set = (key: string, value: string | null) =>
    setParams((all) => {
      if (value) all.set(key, value)
      else all.delete(key)
      return all
    })
  return (
    <div className="grid gap-5">
      <h1 className="text-2xl font-bold">Tilbud</h1>
      <div className="flex flex-wrap items-end gap-4">
        <FormField id="quote-status" label="Status">
          {(control) => (
            <Select {...control} value={filter.status ?? ''} onChange={(event) => set('status', event.target.value || null)}>
              <option value="">Alle (uten erstattede)</option>
              {(Object.keys(STATUS) as QuoteStatus[]).map((key) => (
                <option key={key} value={key}>{STATUS[key]}</option>
              ))}
            </Select>
          )}
        </FormField>
        <FormField id="quote-owner" label="Laget av">
          {(control) => (
            <Select {...control} value={filter.owner ?? ''} onChange={(event) => set('owner', event.target.value || null)}>
              <option value="">Alle</option>
              {quotes.data?.owners.map((owner) => (
                <option key={owner.id} value={owner.id}>{owner.name}</option>
              ))}
            </Select>
          )}
        </FormField>
        <label className="flex min-h-11 items-center gap-2">
          <input type="checkbox" className="size-4 accent-primary" checked={filter.expiring ?? false} onChange={(event) => set('expiring', event.target.checked ? 'true' : null)} />
          Går ut innen 7 dager
        </label>
      </div>
      {quotes.data ? <QuoteTable rows={quotes.data.items} /> : <Spinner label="Laster tilbud..." />}
    </div>
  )
}
