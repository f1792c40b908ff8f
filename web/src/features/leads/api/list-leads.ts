import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { api, unwrap } from '@/lib/api'
import type { components, operations } from '@/lib/api-schema'
import { queryKeys } from '@/lib/query-keys'

export type Lead = components['schemas']['Lead']
export type LeadPage = components['schemas']['LeadPage']
export type StaffMember = components['schemas']['StaffMember']
export type LeadSort = NonNullable<NonNullable<operations['list_leads']['parameters']['query']>['sort']>
export type FollowUpFilter = NonNullable<NonNullable<operations['list_leads']['parameters']['query']>['follow_up']>
export type StatusKind = components['schemas']['StatusKind']
export type LeadFilter = {
  q: string
  status: string
  source: string
  page: number
  sort: LeadSort
  /** Only the signed-in user's leads ("Mine"). */
  mine: boolean
  followUp: FollowUpFilter | ''
  /** Only leads in a status of this meaning, and of the last `days` days: the dashboard's
   * counts link here (`?kind=open`, `?days=7`). */
  kind?: StatusKind
  days?: number
}

export const PER_PAGE = 25

/** The API's query for the leads `filter` finds, without its page: the list asks with it,
 * and the export link is made from it, so the two can never disagree. */
export function leadQuery(filter: LeadFilter) {
  return {
    q: filter.q || undefined,
    status: filter.status || undefined,
    source: filter.source || undefined,
    sort: filter.sort === '-created' ? undefined : filter.sort,
    mine: filter.mine || undefined,
    follow_up: filter.followUp || undefined,
    kind: filter.kind,
    days: filter.days,
  }
}

/** `GET /api/admin/leads`: filtered and paged on the server. */
export async function listLeads(filter: LeadFilter): Promise<LeadPage> {
  const query = { ...leadQuery(filter), page: filter.page, per_page: PER_PAGE }
  return unwrap(await api.GET('/api/admin/leads', { params: { query } }))
}

/** The CSV export of every lead `filter` finds, all pages (`GET /api/admin/leads/export`),
 * in the list's order: a plain link, so the browser downloads the file with the session cookie. */
export function exportHref(filter: LeadFilter): string {
  const query = new URLSearchParams()
  for (const [key, value] of Object.entries(leadQuery(filter))) {
    if (value !== undefined) query.set(key, String(value))
  }
  const text = query.toString()
  return `/api/admin/leads/export${text ? `?${text}` : ''}`
}

export const leadsQuery = (filter: LeadFilter) =>
  queryOptions({ queryKey: queryKeys.leads.list(filter), queryFn: () => listLeads(filter), placeholderData: keepPreviousData })

export function useLeads(filter: LeadFilter) {
  return useQuery(leadsQuery(filter))
}
