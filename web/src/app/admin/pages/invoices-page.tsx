import { useState } from 'react'
import { Search } from 'lucide-react'
import { FormField } from '@/components/ui/form-field'
import { Input, Select } from '@/components/ui/input'
import { Pager } from '@/components/ui/pager'
import { Spinner } from '@/components/ui/spinner'
import { invoiceFilter, type InvoiceFilter, type InvoiceState, STATE_LABEL, useInvoiceList, useWaitingPayments } from '@/features/invoices/api/payments'
import { BankImport } from '@/features/invoices/components/bank-import'
import { InvoiceTable } from '@/features/invoices/components/invoice-table'
import { WaitingPayment } from '@/features/invoices/components/waiting-payment'
import { kroner } from '@/lib/money'
import { useSearchText, useUrlFilter } from '@/lib/url-filter'
import { useAdminTitle } from '../use-admin-title'

/** The search box's text into the filter. */
const writeQ = (current: InvoiceFilter, q: string | undefined): InvoiceFilter => ({ ...current, q })

/** "Fakturaer": every invoice and credit note, searched by number and customer, filtered by
 * state, with what is outstanding; under it the bank's file imported and the payments that
 * wait for the office. The filter lives in the address. */
export function InvoicesPage() {
  useAdminTitle('Fakturaer')
  const [filter, setFilter] = useUrlFilter(invoiceFilter)
  const list = useInvoiceList(filter)
  const [waitingPage, setWaitingPage] = useState(1)
  const waiting = useWaitingPayments(waitingPage)
  const waitingPages = waiting.data ? Math.max(1, Math.ceil(waiting.data.total / waiting.data.page_size)) : 1
  const [text, setText] = useSearchText(filter.q, setFilter, writeQ)
  const counts = list.data?.counts
  const unpaid = counts ? counts.sent + counts.overdue + counts.partly_paid : undefined
  const counted = (n: number | undefined) => (n === undefined ? '' : ` (${n})`)
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total_rows / list.data.page_size)) : 1
  return (
    <div className="grid gap-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-2xl font-bold">Fakturaer</h1>
        {list.data && (
          <p className="text-lg" data-outstanding-sum>
            Utestående: <span className="font-semibold tabular-nums">{kroner(list.data.outstanding)}</span>
          </p>
        )}
      </div>
      <div className="grid gap-3 rounded-xl border border-border bg-card p-4 md:grid-cols-[1fr_16rem]">
        <FormField id="invoice-search" label="Søk" hint="Fakturanummer eller kunde">
          {(control) => (
            <div className="relative">
              <Search className="pointer-events-none absolute top-3 left-3 size-5 text-muted-foreground" aria-hidden="true" />
              <Input {...control} type="search" className="pl-10" value={text} onChange={(event) => setText(event.target.value)} />
            </div>
          )}
        </FormField>
        <FormField id="invoice-state" label="Status">
          {(control) => (
            <Select
              {...control}
              value={filter.state ?? ''}
              onChange={(event) => setFilter((current) => ({ ...current, state: (event.target.value || undefined) as InvoiceFilter['state'], page: undefined }))}
            >
              <option value="">Alle, også kreditnotaer</option>
              <option value="unpaid">Ubetalte{counted(unpaid)}</option>
              {(Object.keys(STATE_LABEL) as InvoiceState[]).map((state) => (
                <option key={state} value={state}>
                  {STATE_LABEL[state]}
                  {counted(counts?.[state])}
                </option>
              ))}
            </Select>
          )}
        </FormField>
      </div>
      {list.isError && <p className="text-destructive">Kunne ikke hente fakturaene.</p>}
      {list.data ? (
        <>
          <InvoiceTable rows={list.data.rows} />
          <Pager page={list.data.page} pages={pages} onPage={(page) => setFilter((current) => ({ ...current, page }))} />
        </>
      ) : (
        !list.isError && <Spinner label="Laster fakturaer..." />
      )}
      <section aria-labelledby="bank" className="grid gap-4 rounded-2xl border border-border bg-card p-4">
        <div>
          <h2 id="bank" className="text-lg font-semibold">Innbetalinger fra banken</h2>
          <p className="text-sm text-muted-foreground">
            Last ned innbetalingene som camt.054 i nettbanken og importer filen her. Betalinger med riktig KID eller fakturanummer føres på fakturaen; resten venter på
            avklaring under. En fil som importeres to ganger, endrer ingenting.
          </p>
        </div>
        <BankImport />
        <h3 className="font-semibold">Til avklaring{waiting.data ? ` (${waiting.data.total})` : ''}</h3>
        {waiting.data?.total === 0 && <p className="text-sm text-muted-foreground">Ingen innbetalinger venter på avklaring.</p>}
        {waiting.data && waiting.data.payments.length > 0 && (
          <ul className="grid gap-3">
            {waiting.data.payments.map((payment) => (
              <WaitingPayment key={payment.id} payment={payment} />
            ))}
          </ul>
        )}
        {waiting.data && waiting.data.total > 0 && waiting.data.payments.length === 0 && (
          <p className="text-sm text-muted-foreground">Alt på denne siden er avklart. Gå til forrige side.</p>
        )}
        <Pager label="Sider til avklaring" page={waitingPage} pages={Math.max(waitingPages, waitingPage)} onPage={setWaitingPage} />
      </section>
    </div>
  )
}
