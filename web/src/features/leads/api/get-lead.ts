import { queryOptions, useQuery } from '@tanstack/react-query'
import { api, unwrap } from '@/lib/api'
import type { Lead } from './list-leads'
import { queryKeys } from '@/lib/query-keys'

/** `GET /api/admin/leads/{id}`. */
export async function getLead(id: string): Promise<Lead> {
  return unwrap(await api.GET('/api/admin/leads/{id}', { params: { path: { id } } }))
}

export const leadQuery = (id: string) => queryOptions({ queryKey: queryKeys.leads.one(id), queryFn: () => getLead(id) })

export function useLead(id: string | null) {
  return useQuery({ ...leadQuery(id ?? ''), enabled: Boolean(id) })
}
