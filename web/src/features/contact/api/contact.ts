import { api, type ApiErrorBody } from '@/lib/api'
import type { components } from '@/lib/api-schema'

export type ContactInput = components['schemas']['ContactInput']
export type ServiceChoice = components['schemas']['ServiceChoice']
export type DayPart = components['schemas']['DayPart']

export type ContactResult = { ok: true } | { ok: false; error?: ApiErrorBody }

/** `POST /api/contact`. Never throws: a network failure is an unsuccessful result. */
export async function createContact(input: ContactInput): Promise<ContactResult> {
  try {
    const { error, response } = await api.POST('/api/contact', { body: input })
    if (response.ok) return { ok: true }
    return { ok: false, error: error as ApiErrorBody | undefined }
  } catch {
    return { ok: false }
  }
}
