import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api, ApiError } from '@/lib/api'
import { queryKeys } from '@/lib/query-keys'
import { refresh } from '@/lib/refresh'

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
