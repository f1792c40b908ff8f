import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, unwrap } from '@/lib/api'
import type { components } from '@/lib/api-schema'
import { queryKeys } from '@/lib/query-keys'
import { refresh } from '@/lib/refresh'

export type Settings = components['schemas']['Settings']
export type SettingsInput = components['schemas']['SettingsInput']
export type PipelineStatus = components['schemas']['PipelineStatus']
export type Stage = components['schemas']['Stage']
export type StatusKind = components['schemas']['StatusKind']

/** `GET /api/admin/settings`. */
export async function getSettings(): Promise<Settings> {
  return unwrap(await api.GET('/api/admin/settings'))
}
export const settingsQuery = queryOptions({ queryKey: queryKeys.settings.all, queryFn: getSettings })
export const useSettings = () => useQuery(settingsQuery)

/** Comma-separated extra numbers: split, trimmed, blanks dropped. */
export function splitPhones(text: string): string[] {
  return text
    .split(',')
    .map((phone) => phone.trim())
    .filter(Boolean)
}

/** The company facts as saved, for a form that saves something else beside them (the
 * promises, the logo): the server replaces the facts with every save. */
export function factsOf(settings: Settings): SettingsInput {
  return {
    company_name: settings.company_name,
    orgnr: settings.orgnr,
    adresse: settings.adresse,
    email: settings.email,
    global_phone_primary: settings.global_phone_primary,
    global_phone_extra: settings.global_phone_extra,
    founded_year: settings.founded_year,
  }
}

/** `PUT /api/admin/settings`. */
export function useSaveSettings() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (input: SettingsInput) => unwrap(await api.PUT('/api/admin/settings', { body: input })),
    onSuccess: (settings) => queryClient.setQueryData(settingsQuery.queryKey, settings),
  })
}

/** `PUT /api/admin/settings/pipeline`. */
export function useSavePipeline() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (statuses: PipelineStatus[]) =>
      unwrap(await api.PUT('/api/admin/settings/pipeline', { body: { statuses } })),
    onSuccess: (settings) => {
      queryClient.setQueryData(settingsQuery.queryKey, settings)
      void refresh(queryClient, queryKeys.leads.all, queryKeys.dashboard.all)
    },
  })
}
