import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, unwrap } from '@/lib/api'
import type { components } from '@/lib/api-schema'
import { queryKeys } from '@/lib/query-keys'
import { refresh } from '@/lib/refresh'

export type InvoiceReminders = components['schemas']['InvoiceReminders']
export type Letter = components['schemas']['Letter']
export type Reminder = components['schemas']['Reminder']
export type ReminderInput = components['schemas']['ReminderInput']

/** "Purring" or "Inkassovarsel". */
export const LETTER_NAME: Record<Letter['kind'], string> = { purring: 'Purring', notice: 'Inkassovarsel' }

/** The letter an invoice may get today (or why none may), and the letters it has had. */
export function useInvoiceReminders(id: string) {
  return useQuery({
    queryKey: queryKeys.invoices.reminders(id),
    queryFn: async () => unwrap(await api.GET('/api/admin/invoices/{id}/reminders', { params: { path: { id } } })),
  })
}

/** Sends the letter shown: by e-mail with its PDF, or kept as posted. A letter changes what
 * is owed, so the list, the invoice's account and the dashboard move with it. */
export function useSendReminder(id: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (body: ReminderInput) =>
      unwrap(await api.POST('/api/admin/invoices/{id}/reminders', { params: { path: { id } }, body })),
    onSuccess: () => void refresh(queryClient, queryKeys.invoices.all, queryKeys.dashboard.all),
  })
}

/** A letter's PDF, as it was sent. */
export const reminderPdf = (id: string) => `/api/admin/reminders/${id}/pdf`
