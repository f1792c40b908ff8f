import { queryOptions, useQuery } from '@tanstack/react-query'
import { api, unwrap } from '@/lib/api'
import type { components } from '@/lib/api-schema'
import { queryKeys } from '@/lib/query-keys'

export type Dashboard = components['schemas']['Dashboard']

export async function getDashboard(): Promise<Dashboard> {
  return unwrap(await api.GET('/api/admin/dashboard'))
}

export const dashboardQuery = queryOptions({ queryKey: queryKeys.dashboard.all, queryFn: getDashboard })

export function useDashboard() {
  return useQuery(dashboardQuery)
}
