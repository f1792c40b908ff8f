import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, postForm, unwrap } from '@/lib/api'
import type { components } from '@/lib/api-schema'
import { queryKeys } from '@/lib/query-keys'
import { refresh } from '@/lib/refresh'
import type { UrlFilter } from '@/lib/url-filter'

export type InvoiceList = components['schemas']['InvoiceList']
export type InvoiceRow = components['schemas']['InvoiceRow']
export type InvoiceState = components['schemas']['InvoiceState']
export type InvoiceAccount = components['schemas']['InvoiceAccount']
export type Payment = components['schemas']['Payment']
export type PaymentInput = components['schemas']['PaymentInput']
export type Imported = components['schemas']['Imported']
export type Waiting = components['schemas']['Waiting']
export type InvoiceSend = components['schemas']['InvoiceSend']
export type Recipient = components['schemas']['Recipient']

/** The list's filter: a state (or `unpaid`: sent, overdue and partly paid), a search, a page. */
export type InvoiceFilter = { state?: InvoiceState | 'unpaid'; q?: string; page?: number }

/** Where an invoice stands. `sent` is a claim not yet due with nothing paid: "Ikke forfalt",
 * not "Sendt", since a new invoice is made here and sent from the accounting system or by
 * EHF, and the list cannot know it has gone (#75). */
export const STATE_LABEL: Record<InvoiceState, string> = {
  sent: 'Ikke forfalt',
  overdue: 'Forfalt',
  partly_paid: 'Delvis betalt',
  paid: 'Betalt',
  credited: 'Kreditert',
}

/** Why a payment waits for the office, as the list says it. */
export const WAITING_LABEL: Record<Waiting, string> = {
  unknown: 'Fant ingen faktura',
  overpaid: 'Mer enn det som står igjen',
  ambiguous: 'Nevner flere fakturaer',
  undone: 'Tatt av fakturaen',
  reversal: 'Tilbakeført av banken: finn innbetalingen',
  returned: 'Penger firmaet sendte, kom tilbake',
}

const STATES = new Set<string>([...Object.keys(STATE_LABEL), 'unpaid'])

export const invoiceFilter: UrlFilter<InvoiceFilter> = {
  read: (params) => {
    const state = params.get('status')
    const page = Number(params.get('side'))
    return {
      state: state !== null && STATES.has(state) ? (state as InvoiceFilter['state']) : undefined,
      q: params.get('q') || undefined,
      page: Number.isInteger(page) && page > 1 ? page : undefined,
    }
  },
  write: (filter) => ({ status: filter.state, q: filter.q, side: filter.page }),
}

/** Every change of money in moves the list, the invoice's account, what waits, the job's
 * invoices and the dashboard. */
function useRefresh() {
  const queryClient = useQueryClient()
  return () => void refresh(queryClient, queryKeys.invoices.all, queryKeys.dashboard.all)
}

export function useInvoiceList(filter: InvoiceFilter) {
  return useQuery({
    queryKey: queryKeys.invoices.list(filter),
    queryFn: async () =>
      unwrap(await api.GET('/api/admin/invoices', { params: { query: { state: filter.state, q: filter.q, page: filter.page } } })),
    placeholderData: keepPreviousData,
  })
}

export function useInvoiceAccount(id: string) {
  return useQuery({
    queryKey: queryKeys.invoices.account(id),
    queryFn: async () => unwrap(await api.GET('/api/admin/invoices/{id}/payments', { params: { path: { id } } })),
  })
}

/** A page of the payments that wait for the office (the server pages them: a bank file may
 * leave thousands), and how many wait. */
export function useWaitingPayments(page: number) {
  return useQuery({
    queryKey: queryKeys.invoices.waitingPage(page),
    queryFn: async () => unwrap(await api.GET('/api/admin/payments/waiting', { params: { query: { page } } })),
    placeholderData: (previous) => previous,
  })
}

export function useRegisterPayment(invoiceId: string) {
  const done = useRefresh()
  return useMutation({
    mutationFn: async (body: PaymentInput) =>
      unwrap(await api.POST('/api/admin/invoices/{id}/payments', { params: { path: { id: invoiceId } }, body })),
    onSuccess: done,
  })
}

export function useDeletePayment() {
  const done = useRefresh()
  return useMutation({
    mutationFn: async (id: string) => unwrap(await api.DELETE('/api/admin/payments/{id}', { params: { path: { id } } })),
    onSuccess: done,
  })
}

export function useUnmatchPayment() {
  const done = useRefresh()
  return useMutation({
    mutationFn: async (id: string) => unwrap(await api.POST('/api/admin/payments/{id}/unmatch', { params: { path: { id } } })),
    onSuccess: done,
  })
}

export function useMatchPayment(id: string) {
  const done = useRefresh()
  return useMutation({
    mutationFn: async (body: { invoice: string }) =>
      unwrap(await api.POST('/api/admin/payments/{id}/match', { params: { path: { id } }, body })),
    onSuccess: done,
  })
}

export function useSetAsidePayment(id: string) {
  const done = useRefresh()
  return useMutation({
    mutationFn: async (body: { note: string }) =>
      unwrap(await api.POST('/api/admin/payments/{id}/set-aside', { params: { path: { id } }, body })),
    onSuccess: done,
  })
}

/** "Importer bankfil": the camt.054 file as the bank gave it; the server's Norwegian reason
 * when it cannot be read (nothing is imported then). */
export function useImportBankFile() {
  const done = useRefresh()
  return useMutation({
    mutationFn: async (file: File) => {
      const form = new FormData()
      form.append('file', file, file.name)
      return postForm<Imported>('/api/admin/payments/import', form)
    },
    onSuccess: done,
  })
}

export function useInvoiceSends(id: string) {
  return useQuery({
    queryKey: queryKeys.invoices.sends(id),
    queryFn: async () => unwrap(await api.GET('/api/admin/invoices/{id}/sends', { params: { path: { id } } })),
  })
}

/** "Send faktura": to the customer or the accounting system's inbox; the send as kept,
 * with whether the mail server took it. */
export function useSendInvoice(id: string) {
  const done = useRefresh()
  return useMutation({
    mutationFn: async (to: Recipient) => unwrap(await api.POST('/api/admin/invoices/{id}/send', { params: { path: { id } }, body: { to } })),
    onSuccess: done,
  })
}
