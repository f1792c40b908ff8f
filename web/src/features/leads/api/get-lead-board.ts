import { queryOptions, useQuery } from '@tanstack/react-query'
import { api, unwrap } from '@/lib/api'
import type { components } from '@/lib/api-schema'
import type { LeadFilter } from './list-leads'
import { queryKeys } from '@/lib/query-keys'

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
