import { useQuery } from '@tanstack/react-query'
import { api, unwrap } from '@/lib/api'
import type { components } from '@/lib/api-schema'
import { queryKeys } from '@/lib/query-keys'

export type FromCustomer = components['schemas']['FromCustomer']

/** `GET /api/admin/leads/{id}/enquiry`: what the customer sent with the lead's enquiries. */
export function useLeadEnquiry(leadId: string) {
  return useQuery({
    queryKey: queryKeys.enquiry.ofLead(leadId),
    queryFn: async () => unwrap(await api.GET('/api/admin/leads/{id}/enquiry', { params: { path: { id: leadId } } })),
  })
}
