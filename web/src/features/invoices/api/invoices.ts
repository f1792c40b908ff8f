import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, ApiError, type ApiErrorBody, unwrap } from '@/lib/api'
import type { components } from '@/lib/api-schema'
import { queryKeys } from '@/lib/query-keys'
import { refresh } from '@/lib/refresh'

export type InvoiceBasis = components['schemas']['InvoiceBasis']
export type Invoice = components['schemas']['Invoice']
export type CreditInput = components['schemas']['CreditInput']

/** A finished job's specified invoice basis (håndverkertjenesteloven § 36); only asked for
 * once the job is done (`enabled`). */
export function useInvoiceBasis(jobId: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.invoices.basis(jobId),
    // The operation answers CSV and PDF too; without `format` it is JSON.
    queryFn: async () =>
      unwrap(await api.GET('/api/admin/jobs/{id}/invoice-basis', { params: { path: { id: jobId } } })) as InvoiceBasis,
    enabled,
  })
}

/** One invoice or credit note, as JSON (the operation answers its files too). */
export function useInvoice(id: string) {
  return useQuery({
    queryKey: queryKeys.invoices.one(id),
    queryFn: async () => unwrap(await api.GET('/api/admin/invoices/{id}', { params: { path: { id } } })) as Invoice,
  })
}

export function useJobInvoices(jobId: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.invoices.ofJob(jobId),
    queryFn: async () => unwrap(await api.GET('/api/admin/jobs/{id}/invoices', { params: { path: { id: jobId } } })),
    enabled,
  })
}

/** "Marker som fakturert": the invoice, numbered; the job reads "fakturert". */
export function useIssueInvoice(jobId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async () => unwrap(await api.POST('/api/admin/jobs/{id}/invoices', { params: { path: { id: jobId } } })),
    onSuccess: () => void refresh(queryClient, queryKeys.invoices.all, queryKeys.jobs.all, queryKeys.dashboard.all),
  })
}

export function useCreditInvoice(invoiceId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (body: CreditInput) =>
      unwrap(await api.POST('/api/admin/invoices/{id}/credit-notes', { params: { path: { id: invoiceId } }, body })),
    onSuccess: () => void refresh(queryClient, queryKeys.invoices.all),
  })
}

/** Where a basis or an invoice is downloaded as `format`. */
export function basisHref(jobId: string, format: 'pdf' | 'csv' | 'json'): string {
  return `/api/admin/jobs/${jobId}/invoice-basis?format=${format}`
}

export function invoiceHref(invoiceId: string, format: 'pdf' | 'csv' | 'json' | 'ehf'): string {
  return `/api/admin/invoices/${invoiceId}?format=${format}`
}

/** Downloads an invoice's EHF, or throws the server's Norwegian reason it cannot be made. */
export async function downloadEhf(invoice: Invoice): Promise<void> {
  const response = await fetch(invoiceHref(invoice.id, 'ehf'), { credentials: 'same-origin' })
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as Partial<ApiErrorBody>
    const reason = body.fields?.format ?? body.error
    throw new ApiError(response.status, { error: reason })
  }
  const url = URL.createObjectURL(await response.blob())
  const link = document.createElement('a')
  link.href = url
  link.download = `${invoice.kind === 'invoice' ? 'Faktura' : 'Kreditnota'}-${invoice.number}.xml`
  document.body.append(link)
  link.click()
  link.remove()
  URL.revokeObjectURL(url)
}
