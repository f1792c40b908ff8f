import { queryOptions, useQuery } from '@tanstack/react-query'
import { api, unwrap } from '@/lib/api'
import type { components } from '@/lib/api-schema'
import { queryKeys } from '@/lib/query-keys'

export type SearchResults = components['schemas']['SearchResults']

/** At least 2 non-blank characters before anything is asked. */
export function isSearchable(q: string) {
  return q.trim().length >= 2
}

export async function search(q: string): Promise<SearchResults> {
  return unwrap(await api.GET('/api/admin/search', { params: { query: { q } } }))
}

export const searchQuery = (q: string) =>
  queryOptions({ queryKey: queryKeys.search.text(q.trim()), queryFn: () => search(q.trim()), enabled: isSearchable(q) })

export function useSearch(q: string) {
  return useQuery(searchQuery(q))
}
