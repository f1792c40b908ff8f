import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, unwrap } from '@/lib/api'
import type { components } from '@/lib/api-schema'
import { queryKeys } from '@/lib/query-keys'
import { refresh } from '@/lib/refresh'
import type { UrlFilter } from '@/lib/url-filter'

export type Quote = components['schemas']['Quote']
export type QuoteRow = components['schemas']['QuoteRow']
export type QuoteList = components['schemas']['QuoteList']
export type QuoteView = components['schemas']['QuoteView']
export type QuoteInput = components['schemas']['QuoteInput']
export type SentQuote = components['schemas']['SentQuote']
export type QuoteStatus = components['schemas']['QuoteStatus']
export type Unit = components['schemas']['Unit']
export type PriceType = components['schemas']['PriceType']
export type CustomerKind = components['schemas']['CustomerKind']
export type QuoteFilter = { status?: QuoteStatus; expiring?: boolean; owner?: string }

const STATUSES: Record<QuoteStatus, true> = {
  draft: true,
  sent: true,
  accepted: true,
  declined: true,
  withdrawn: true,
  replaced: true,
  expired: true,
}

/** The quotes list's filter in the page's address, under the API's own names
 * (`/admin/tilbud?status=sent&expiring=true&owner=ID`), so a filtered list can be shared. */
export const quoteFilter: UrlFilter<QuoteFilter> = {
  read: (params) => {
    const status = params.get('status')
    return {
      status: status !== null && Object.hasOwn(STATUSES, status) ? (status as QuoteStatus) : undefined,
      expiring: params.get('expiring') === 'true' || undefined,
      owner: params.get('owner') || undefined,
    }
  },
  write: (filter) => ({ status: filter.status, expiring: filter.expiring, owner: filter.owner }),
}

/** Every change of a quote moves its lead (status, timeline), the list and the dashboard. */
function useRefresh() {
  const queryClient = useQueryClient()
  return () => {
    void refresh(queryClient, queryKeys.quotes.all, queryKeys.leads.all, queryKeys.dashboard.all)
  }
}

export function useQuotes(filter: QuoteFilter) {
  return useQuery({
    queryKey: queryKeys.quotes.list(filter),
    queryFn: async () => unwrap(await api.GET('/api/admin/quotes', { params: { query: filter } })),
    placeholderData: keepPreviousData,
  })
}

export function useLeadQuotes(leadId: string) {
  return useQuery({
    queryKey: queryKeys.quotes.ofLead(leadId),
    queryFn: async () => unwrap(await api.GET('/api/admin/leads/{id}/quotes', { params: { path: { id: leadId } } })),
  })
}

export function useQuote(id: string) {
  return useQuery({
    queryKey: queryKeys.quotes.one(id),
    queryFn: async () => unwrap(await api.GET('/api/admin/quotes/{id}', { params: { path: { id } } })),
  })
}

export function useCreateQuote(leadId: string) {
  const refresh = useRefresh()
  return useMutation({
    mutationFn: async (body: QuoteInput) =>
      unwrap(await api.POST('/api/admin/leads/{id}/quotes', { params: { path: { id: leadId } }, body })),
    onSuccess: refresh,
  })
}

/** Saves a draft; the editor calls it as staff type. The answer is not put back into the
 * form (that would move the cursor): only the list and the lead are refreshed. */
export function useSaveQuote(id: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (body: QuoteInput) => unwrap(await api.PUT('/api/admin/quotes/{id}', { params: { path: { id } }, body })),
    onSuccess: () => {
      void refresh(queryClient, queryKeys.quotes.lists, queryKeys.quotes.one(id))
    },
  })
}

export function useSendQuote(id: string) {
  const refresh = useRefresh()
  return useMutation({
    mutationFn: async (body: { message: string | null }): Promise<SentQuote> =>
      unwrap(await api.POST('/api/admin/quotes/{id}/send', { params: { path: { id } }, body })),
    onSuccess: refresh,
  })
}

/** "Send lenken på nytt": a new link for a sent quote; the old one stops. */
export function useNewLink(id: string) {
  const refresh = useRefresh()
  return useMutation({
    mutationFn: async (): Promise<SentQuote> => unwrap(await api.POST('/api/admin/quotes/{id}/new-link', { params: { path: { id } } })),
    onSuccess: refresh,
  })
}

export function useReviseQuote(id: string) {
  const refresh = useRefresh()
  return useMutation({
    mutationFn: async (): Promise<Quote> => unwrap(await api.POST('/api/admin/quotes/{id}/revise', { params: { path: { id } } })),
    onSuccess: refresh,
  })
}

export function useWithdrawQuote(id: string) {
  const refresh = useRefresh()
  return useMutation({
    mutationFn: async (): Promise<Quote> => unwrap(await api.POST('/api/admin/quotes/{id}/withdraw', { params: { path: { id } } })),
    onSuccess: refresh,
  })
}
