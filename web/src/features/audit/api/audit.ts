import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, ApiError, unwrap } from '@/lib/api'
import type { components } from '@/lib/api-schema'
import { queryKeys } from '@/lib/query-keys'

export type AuditEntry = components['schemas']['AuditEntry']

/** `GET /api/admin/audit`: the newest 200 entries. */
export async function listAudit(): Promise<AuditEntry[]> {
  return unwrap(await api.GET('/api/admin/audit'))
}

export const auditQuery = queryOptions({ queryKey: queryKeys.audit.all, queryFn: listAudit })

export function useAudit() {
  return useQuery(auditQuery)
}

/** `DELETE /api/admin/audit`. */
export async function clearAudit(): Promise<void> {
  const { response, error } = await api.DELETE('/api/admin/audit')
  if (!response.ok) throw new ApiError(response.status, error)
}

export function useClearAudit() {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: clearAudit, onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.audit.all }) })
}
