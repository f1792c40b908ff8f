import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, ApiError, unwrap } from '@/lib/api'
import type { components } from '@/lib/api-schema'
import { queryKeys } from '@/lib/query-keys'
import { refresh } from '@/lib/refresh'

export type AuditEntry = components['schemas']['AuditEntry']
export type AuditLogPage = components['schemas']['AuditLogPage']
/** The server's filters: who, what kind of thing, from and to a day ('' for any), a page. */
export type AuditFilter = { user: string; entityType: string; from: string; to: string; page: number }

export const AUDIT_PER_PAGE = 50

/** `GET /api/admin/audit`: one page of the log, newest first. */
export async function listAudit(filter: AuditFilter): Promise<AuditLogPage> {
  const query = {
    user: filter.user || undefined,
    entity_type: filter.entityType || undefined,
    from: filter.from || undefined,
    to: filter.to || undefined,
    page: filter.page,
    per_page: AUDIT_PER_PAGE,
  }
  return unwrap(await api.GET('/api/admin/audit', { params: { query } }))
}

export const auditQuery = (filter: AuditFilter) =>
  queryOptions({ queryKey: queryKeys.audit.list(filter), queryFn: () => listAudit(filter), placeholderData: keepPreviousData })

export function useAudit(filter: AuditFilter) {
  return useQuery(auditQuery(filter))
}

/** `DELETE /api/admin/audit`, with the word the server asks for. */
export async function clearAudit(confirm: string): Promise<void> {
  const { response, error } = await api.DELETE('/api/admin/audit', { body: { confirm } })
  if (!response.ok) throw new ApiError(response.status, error)
}

export function useClearAudit() {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: clearAudit, onSettled: () => refresh(queryClient, queryKeys.audit.all) })
}
