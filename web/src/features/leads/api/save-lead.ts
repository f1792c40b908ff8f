import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api, unwrap } from '@/lib/api'
import type { components } from '@/lib/api-schema'
import type { Lead } from './list-leads'
import { queryKeys } from '@/lib/query-keys'
import { refresh } from '@/lib/refresh'

export type LeadInput = components['schemas']['LeadInput']

/** `POST /api/admin/leads`. */
export async function createLead(input: LeadInput): Promise<Lead> {
  return unwrap(await api.POST('/api/admin/leads', { body: input }))
}

/** `PUT /api/admin/leads/{id}`. */
export async function updateLead(id: string, input: LeadInput): Promise<Lead> {
  return unwrap(await api.PUT('/api/admin/leads/{id}', { params: { path: { id } }, body: input }))
}

/** Creates when `id` is null, updates otherwise; refreshes every lead view. */
export function useSaveLead() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: LeadInput }) =>
      id ? updateLead(id, input) : createLead(input),
    onSuccess: () => {
      void refresh(queryClient, queryKeys.leads.all, queryKeys.dashboard.all)
    },
  })
}
