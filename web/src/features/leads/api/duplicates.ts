import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api, ApiError, unwrap } from '@/lib/api'
import type { Lead } from './list-leads'
import { queryKeys } from '@/lib/query-keys'

/** `POST /api/admin/leads/{id}/merge`: `from` goes into `into` and is deleted. */
export async function mergeLeads(into: string, from: string): Promise<Lead> {
  return unwrap(await api.POST('/api/admin/leads/{id}/merge', { params: { path: { id: into } }, body: { from } }))
}

/** `DELETE /api/admin/leads/{id}/duplicate`: the lead is not a duplicate after all. */
export async function dismissDuplicate(id: string): Promise<void> {
  const { response, error } = await api.DELETE('/api/admin/leads/{id}/duplicate', { params: { path: { id } } })
  if (!response.ok) throw new ApiError(response.status, error)
}

function useRefreshLeads() {
  const queryClient = useQueryClient()
  return () => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.leads.all })
    void queryClient.invalidateQueries({ queryKey: queryKeys.dashboard.all })
  }
}

export function useMergeLeads() {
  const refresh = useRefreshLeads()
  return useMutation({ mutationFn: ({ into, from }: { into: string; from: string }) => mergeLeads(into, from), onSuccess: refresh })
}

export function useDismissDuplicate() {
  const refresh = useRefreshLeads()
  return useMutation({ mutationFn: dismissDuplicate, onSuccess: refresh })
}
