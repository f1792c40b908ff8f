import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api, ApiError } from '@/lib/api'
import { queryKeys } from '@/lib/query-keys'

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
      void queryClient.invalidateQueries({ queryKey: queryKeys.leads.all })
      void queryClient.invalidateQueries({ queryKey: queryKeys.dashboard.all })
    },
  })
}
