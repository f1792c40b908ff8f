import { api, ApiError, unwrap } from '@/lib/api'
import type { components } from '@/lib/api-schema'

export type SessionInfo = components['schemas']['SessionInfo']
export type AdminUser = SessionInfo['user']

/** `POST /api/auth/login`. */
export async function login(email: string, password: string, remember = false): Promise<SessionInfo> {
  return unwrap(await api.POST('/api/auth/login', { body: { email, password, remember } }))
}

/** `PUT /api/auth/language`: the language of one's own screens (`nb`, `en` or `pl`). */
export async function saveLanguage(language: string): Promise<void> {
  unwrap(await api.PUT('/api/auth/language', { body: { language } }))
}

/** `POST /api/auth/logout`. */
export async function logout(): Promise<void> {
  await api.POST('/api/auth/logout')
}

/** `GET /api/auth/session`: the signed-in user, or `null` when signed out. */
export async function getSession(): Promise<SessionInfo | null> {
  const current = unwrap(await api.GET('/api/auth/session'))
  return current.user && current.expires_at ? { user: current.user, expires_at: current.expires_at } : null
}

/** `POST /api/auth/password-reset`: whether a link went by e-mail (if the address is a
 * user's), or this server sends no e-mail. */
export async function requestReset(email: string): Promise<{ by_email: boolean }> {
  return unwrap(await api.POST('/api/auth/password-reset', { body: { email } }))
}

/** `POST /api/auth/password-reset/confirm`: the new password, through the link's token. */
export async function confirmReset(token: string, password: string): Promise<void> {
  const { response, error } = await api.POST('/api/auth/password-reset/confirm', { body: { token, password } })
  if (!response.ok) throw new ApiError(response.status, error)
}
