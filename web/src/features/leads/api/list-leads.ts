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

/** `GET /api/admin/leads`: filtered and paged on the server. */
export async function listLeads(filter: LeadFilter): Promise<LeadPage> {
  const query = {
    q: filter.q || undefined,
    status: filter.status || undefined,
    source: filter.source || undefined,
    page: filter.page,
    per_page: PER_PAGE,
    sort: filter.sort === '-created' ? undefined : filter.sort,
    mine: filter.mine || undefined,
    follow_up: filter.followUp || undefined,
    kind: filter.kind,
    days: filter.days,
  }
  return unwrap(await api.GET('/api/admin/leads', { params: { query } }))
}

export const leadsQuery = (filter: LeadFilter) =>
  queryOptions({ queryKey: queryKeys.leads.list(filter), queryFn: () => listLeads(filter), placeholderData: keepPreviousData })

export function useLeads(filter: LeadFilter) {
  return useQuery(leadsQuery(filter))
}
