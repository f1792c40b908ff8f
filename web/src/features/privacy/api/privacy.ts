import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, unwrap } from '@/lib/api'
import type { components } from '@/lib/api-schema'
import { queryKeys } from '@/lib/query-keys'
import { refresh } from '@/lib/refresh'

export type PersonData = components['schemas']['PersonData']
export type Erased = components['schemas']['Erased']
export type Retention = components['schemas']['Retention']

/** `POST /api/admin/privacy/lookup`: everything stored about a person (e-mail or phone),
 * to show on the screen (logged as a lookup). */
export async function lookUpPerson(person: string): Promise<PersonData> {
  return unwrap(await api.POST('/api/admin/privacy/lookup', { body: { person } }))
}

/** `POST /api/admin/privacy/export`: the same, to hand the person as a file (logged as an export). */
export async function exportPerson(person: string): Promise<PersonData> {
  return unwrap(await api.POST('/api/admin/privacy/export', { body: { person } }))
}

/** `POST /api/admin/privacy/erase`. */
export async function erasePerson(person: string): Promise<Erased> {
  return unwrap(await api.POST('/api/admin/privacy/erase', { body: { person } }))
}

export function useLookUpPerson() {
  return useMutation({ mutationFn: lookUpPerson })
}

export function useExportPerson() {
  return useMutation({ mutationFn: exportPerson })
}

export function useErasePerson() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: erasePerson,
    onSuccess: () => {
      void refresh(queryClient, queryKeys.leads.all, queryKeys.dashboard.all, queryKeys.audit.all)
    },
  })
}

export function useRetention() {
  return useQuery({ queryKey: queryKeys.privacy.retention, queryFn: async () => unwrap(await api.GET('/api/admin/privacy/retention')) })
}

export function useSaveRetention() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (months: number | null) => unwrap(await api.PUT('/api/admin/privacy/retention', { body: { months } })),
    onSuccess: () => {
      void refresh(queryClient, queryKeys.privacy.retention, queryKeys.leads.all)
    },
  })
}
