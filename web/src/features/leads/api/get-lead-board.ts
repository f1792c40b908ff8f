import { queryOptions, useQuery } from '@tanstack/react-query'
import { api, unwrap } from '@/lib/api'
import type { components } from '@/lib/api-schema'
import { queryKeys } from '@/lib/query-keys'

export type BoardColumn = components['schemas']['BoardColumn']

/** `GET /api/admin/leads/board`: one column per pipeline status. */
export async function getLeadBoard(q: string, source: string): Promise<BoardColumn[]> {
  return unwrap(
    await api.GET('/api/admin/leads/board', { params: { query: { q: q || undefined, source: source || undefined } } }),
  )
}

export const leadBoardQuery = (q: string, source: string) =>
  queryOptions({ queryKey: queryKeys.leads.board(q, source), queryFn: () => getLeadBoard(q, source) })

export function useLeadBoard(q: string, source: string, enabled: boolean) {
  return useQuery({ ...leadBoardQuery(q, source), enabled })
}
