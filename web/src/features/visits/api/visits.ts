import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, unwrap } from '@/lib/api'
import type { components } from '@/lib/api-schema'
import { queryKeys } from '@/lib/query-keys'
import { refresh } from '@/lib/refresh'
import type { UrlFilter } from '@/lib/url-filter'

export type Visit = components['schemas']['VisitView']
export type VisitListed = components['schemas']['VisitListed']
export type VisitInput = components['schemas']['VisitInput']
export type VisitChanged = components['schemas']['VisitChanged']
export type VisitSpan = { from?: string; days?: number; staff?: string }
/** The befaringer page's choice: a day of the week to show ('' for this week), and
 * whether only the signed-in user's. */
export type VisitWeek = { day: string; mine: boolean }

/** The befaringer page's week and filter in the address (`/admin/befaringer?uke=2026-12-07&hvem=mine`). */
export const visitWeek: UrlFilter<VisitWeek> = {
  read: (params) => {
    const day = params.get('uke') ?? ''
    return { day: /^\d{4}-\d{2}-\d{2}$/.test(day) ? day : '', mine: params.get('hvem') === 'mine' }
  },
  write: (week) => ({ uke: week.day, hvem: week.mine ? 'mine' : undefined }),
}

/** A booking moves its lead (status, timeline), the lists of befaringer and the dashboard. */
function useRefresh() {
  const queryClient = useQueryClient()
  return () => {
    void refresh(queryClient, queryKeys.visits.all, queryKeys.leads.all, queryKeys.dashboard.all)
  }
}

export function useLeadVisits(leadId: string) {
  return useQuery({
    queryKey: queryKeys.visits.ofLead(leadId),
    queryFn: async () => unwrap(await api.GET('/api/admin/leads/{id}/visits', { params: { path: { id: leadId } } })),
  })
}

export function useVisits(span: VisitSpan) {
  return useQuery({
    queryKey: queryKeys.visits.span(span),
    queryFn: async () => unwrap(await api.GET('/api/admin/visits', { params: { query: span } })),
  })
}

export function useBookVisit(leadId: string) {
  const refresh = useRefresh()
  return useMutation({
    mutationFn: async (body: VisitInput) =>
      unwrap(await api.POST('/api/admin/leads/{id}/visits', { params: { path: { id: leadId } }, body })),
    onSuccess: refresh,
  })
}

export function useMoveVisit() {
  const refresh = useRefresh()
  return useMutation({
    mutationFn: async ({ id, body }: { id: string; body: VisitInput }) =>
      unwrap(await api.PUT('/api/admin/visits/{id}', { params: { path: { id } }, body })),
    onSuccess: refresh,
  })
}

export function useCancelVisit() {
  const refresh = useRefresh()
  return useMutation({
    mutationFn: async (id: string) => unwrap(await api.POST('/api/admin/visits/{id}/cancel', { params: { path: { id } } })),
    onSuccess: refresh,
  })
}

/** Who can go on a befaring (the lead list's staff). */
export type StaffMember = components['schemas']['StaffMember']

export type Feed = components['schemas']['Feed']
export type FeedScope = components['schemas']['Scope']

export function useFeeds() {
  return useQuery({
    queryKey: queryKeys.visits.feeds,
    queryFn: async () => unwrap(await api.GET('/api/admin/calendar-feeds')),
  })
}

/** Makes (or replaces) the signed-in user's feed; the answer's address is shown once. */
export function useMakeFeed() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (scope: FeedScope) => unwrap(await api.POST('/api/admin/calendar-feeds', { body: { scope } })),
    onSuccess: () => void refresh(queryClient, queryKeys.visits.feeds),
  })
}

export function useRevokeFeed() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (scope: FeedScope) => unwrap(await api.DELETE('/api/admin/calendar-feeds/{scope}', { params: { path: { scope } } })),
    onSuccess: () => void refresh(queryClient, queryKeys.visits.feeds),
  })
}
