import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api, unwrap } from '@/lib/api'
import type { LeadInput } from './save-lead'
import type { Lead } from './list-leads'
import { queryKeys } from '@/lib/query-keys'
import { refresh } from '@/lib/refresh'

/** `PATCH /api/admin/leads/{id}`: the fields given change, the rest stay; '' clears one. */
export async function patchLead(id: string, input: Partial<LeadInput>): Promise<Lead> {
  return unwrap(await api.PATCH('/api/admin/leads/{id}', { params: { path: { id } }, body: input }))
}

/** Saves a change made in the details dialog; refreshes every lead view and the dashboard. */
export function usePatchLead(id: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: Partial<LeadInput>) => patchLead(id, input),
    onSuccess: (lead) => {
      queryClient.setQueryData(queryKeys.leads.one(id), lead)
      void refresh(queryClient, queryKeys.leads.all, queryKeys.dashboard.all)
    },
  })
}
