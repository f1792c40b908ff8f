import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, unwrap } from '@/lib/api'
import type { components } from '@/lib/api-schema'
import { queryKeys } from '@/lib/query-keys'
import { refresh } from '@/lib/refresh'

export type LinkMade = components['schemas']['LinkMade']

/** Whether the job has a link to the customer's documents page, and the customer's e-mail. */
export function useDocumentsLink(jobId: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.documents.ofJob(jobId),
    queryFn: async () => unwrap(await api.GET('/api/admin/jobs/{id}/documents-link', { params: { path: { id: jobId } } })),
    enabled,
  })
}

/** A new link (the old one stops working), e-mailed to the customer when `send`; its address is shown once. */
export function useMakeDocumentsLink(jobId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (send: boolean) =>
      unwrap(await api.POST('/api/admin/jobs/{id}/documents-link', { params: { path: { id: jobId } }, body: { send } })),
    onSuccess: () => void refresh(queryClient, queryKeys.documents.ofJob(jobId)),
  })
}

export function useRevokeDocumentsLink(jobId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async () => unwrap(await api.DELETE('/api/admin/jobs/{id}/documents-link', { params: { path: { id: jobId } } })),
    onSuccess: () => void refresh(queryClient, queryKeys.documents.ofJob(jobId)),
  })
}
