import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, ApiError, unwrap } from '@/lib/api'
import type { components, operations } from '@/lib/api-schema'
import { queryKeys } from '@/lib/query-keys'
import { refresh } from '@/lib/refresh'
import { filterParams, type UrlFilter } from '@/lib/url-filter'

/* The leads' API: the list (filtered and paged, its filter kept in the address), one
   lead, saving and changing one, its status from the board, deleting, and the board.
   A lead's timeline and its duplicates are files of their own (timeline.ts,
   duplicates.ts). */

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

const SORTS: Record<LeadSort, true> = { name: true, '-name': true, status: true, '-status': true, created: true, '-created': true }
const FOLLOW_UPS: Record<FollowUpFilter, true> = { due: true, planned: true, none: true }
const KINDS: Record<StatusKind, true> = { open: true, won: true, lost: true }
const known = <K extends string>(keys: Record<K, true>, value: string | null): value is K => value !== null && Object.hasOwn(keys, value)

/** `?days=7`: a whole number of days from 1 to 366, or nothing. */
function daysOf(value: string | null): number | undefined {
  const days = Number(value)
  return value && Number.isInteger(days) && days >= 1 && days <= 366 ? days : undefined
}

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

/** The leads list's filter in the page's address, under the API's own names
 * (`/admin/leads?status=Ny&follow_up=due&page=2`): the dashboard links to it, a filtered
 * list can be shared, and the export link is the same parameters without the page. */
export const leadFilter: UrlFilter<LeadFilter> = {
  read: (params) => {
    const sort = params.get('sort')
    const followUp = params.get('follow_up')
    const kind = params.get('kind')
    const page = Number(params.get('page'))
    return {
      q: params.get('q') ?? '',
      status: params.get('status') ?? '',
      source: params.get('source') ?? '',
      page: Number.isInteger(page) && page > 1 ? page : 1,
      sort: known(SORTS, sort) ? sort : '-created',
      mine: params.get('mine') === 'true',
      followUp: known(FOLLOW_UPS, followUp) ? followUp : '',
      kind: known(KINDS, kind) ? kind : undefined,
      days: daysOf(params.get('days')),
    }
  },
  write: (filter) => ({ ...leadQuery(filter), page: filter.page > 1 ? filter.page : undefined }),
}

/** `GET /api/admin/leads`: filtered and paged on the server. */
export async function listLeads(filter: LeadFilter): Promise<LeadPage> {
  const query = { ...leadQuery(filter), page: filter.page, per_page: PER_PAGE }
  return unwrap(await api.GET('/api/admin/leads', { params: { query } }))
}

/** The CSV export of every lead `filter` finds, all pages (`GET /api/admin/leads/export`),
 * in the list's order: a plain link, so the browser downloads the file with the session cookie. */
export function exportHref(filter: LeadFilter): string {
  const text = filterParams(leadFilter, { ...filter, page: 1 }).toString()
  return `/api/admin/leads/export${text ? `?${text}` : ''}`
}

export const leadsQuery = (filter: LeadFilter) =>
  queryOptions({ queryKey: queryKeys.leads.list(filter), queryFn: () => listLeads(filter), placeholderData: keepPreviousData })

export function useLeads(filter: LeadFilter) {
  return useQuery(leadsQuery(filter))
}

/** `GET /api/admin/leads/{id}`. */
export async function getLead(id: string): Promise<Lead> {
  return unwrap(await api.GET('/api/admin/leads/{id}', { params: { path: { id } } }))
}

export const oneLeadQuery = (id: string) => queryOptions({ queryKey: queryKeys.leads.one(id), queryFn: () => getLead(id) })

export function useLead(id: string | null) {
  return useQuery({ ...oneLeadQuery(id ?? ''), enabled: Boolean(id) })
}

export type LeadInput = components['schemas']['LeadInput']

/** `POST /api/admin/leads`. */
export async function createLead(input: LeadInput): Promise<Lead> {
  return unwrap(await api.POST('/api/admin/leads', { body: input }))
}

/** `PUT /api/admin/leads/{id}`. */
export async function updateLead(id: string, input: LeadInput): Promise<Lead> {
  return unwrap(await api.PUT('/api/admin/leads/{id}', { params: { path: { id } }, body: input }))
}

/** Creates when `id` is null, updates otherwise; refreshes every lead view. */
export function useSaveLead() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: LeadInput }) =>
      id ? updateLead(id, input) : createLead(input),
    onSuccess: () => {
      void refresh(queryClient, queryKeys.leads.all, queryKeys.dashboard.all)
    },
  })
}

/** `PATCH /api/admin/leads/{id}`: the fields given change, the rest stay; '' clears one. */
export async function patchLead(id: string, input: Partial<LeadInput>): Promise<Lead> {
  return unwrap(await api.PATCH('/api/admin/leads/{id}', { params: { path: { id } }, body: input }))
}

/** Saves a change made in the details dialog; refreshes every lead view and the dashboard. */
export function usePatchLead(id: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: Partial<LeadInput>) => patchLead(id, input),
    onSuccess: (lead) => {
      queryClient.setQueryData(queryKeys.leads.one(id), lead)
      void refresh(queryClient, queryKeys.leads.all, queryKeys.dashboard.all)
    },
  })
}

/** `PATCH /api/admin/leads/{id}/status`: the kanban's drag. */
export async function updateLeadStatus(id: string, status: string): Promise<Lead> {
  return unwrap(await api.PATCH('/api/admin/leads/{id}/status', { params: { path: { id } }, body: { status } }))
}

/** `DELETE /api/admin/leads/{id}`. */
export async function deleteLead(id: string): Promise<void> {
  const { response, error } = await api.DELETE('/api/admin/leads/{id}', { params: { path: { id } } })
  if (!response.ok) throw new ApiError(response.status, error)
}

export function useDeleteLead() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteLead,
    onSuccess: () => {
      void refresh(queryClient, queryKeys.leads.all, queryKeys.dashboard.all)
    },
  })
}

export type BoardColumn = components['schemas']['BoardColumn']
/** The list's filters the board applies too (it shows every status, on one page). */
export type BoardFilter = Pick<LeadFilter, 'q' | 'source' | 'mine' | 'followUp'>

/** `GET /api/admin/leads/board`: one column per pipeline status. */
export async function getLeadBoard(filter: BoardFilter): Promise<BoardColumn[]> {
  const query = {
    q: filter.q || undefined,
    source: filter.source || undefined,
    mine: filter.mine || undefined,
    follow_up: filter.followUp || undefined,
  }
  return unwrap(await api.GET('/api/admin/leads/board', { params: { query } }))
}

export const leadBoardQuery = (filter: BoardFilter) =>
  queryOptions({ queryKey: queryKeys.leads.board(filter), queryFn: () => getLeadBoard(filter) })

export function useLeadBoard(filter: BoardFilter, enabled: boolean) {
  return useQuery({ ...leadBoardQuery(filter), enabled })
}
