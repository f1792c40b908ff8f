import createClient, { type Middleware } from 'openapi-fetch'
import type { paths } from './api-schema'

/**
 * The typed API client; paths and bodies come from the server's OpenAPI document. It
 * calls the page's own origin, and looks `fetch` up at each call, so that component
 * tests can answer for the server (`src/test-render.tsx`).
 */
export const api = createClient<paths>({
  baseUrl: typeof window === 'undefined' ? '' : window.location.origin,
  fetch: async (request) => {
    try {
      return await globalThis.fetch(request)
    } catch (error) {
      // No answer at all (no network, or the connection dropped): said in Norwegian, never
      // the browser's "Failed to fetch". Not an `ApiError`: the server said nothing, so the
      // screens that treat a failed connection apart (a retry, the sign-in's own message)
      // still do.
      if (error instanceof TypeError) throw new NoConnectionError()
      throw error
    }
  },
})

/** What a request that got no answer says. */
export const NO_CONNECTION = 'Fikk ikke kontakt med serveren. Sjekk nettet og prøv igjen.'

/** A request that got no answer at all. */
export class NoConnectionError extends Error {
  constructor() {
    super(NO_CONNECTION)
    this.name = 'NoConnectionError'
  }
}

/** Fired when the server says the staff session is gone; the admin app signs out. */
export const UNAUTHORIZED_EVENT = 'fagfolk:unauthorized'

/**
 * Says whose answer a request asks for: the id of the person the page has signed in, or
 * none. The server goes by the session cookie alone; the service worker keeps the montør's
 * own day under this name, so that on a shared phone one person's kept jobs are never
 * another's answer (web/public/sw.js, docs/ARCHITECTURE.md "Offline").
 */
export const USER_HEADER = 'X-Fagfolk-User'
let requestUser: string | null = null

/** Whom the page's requests are for from now on (the sign-in sets it, and sign-out). */
export function setRequestUser(id: string | null): void {
  requestUser = id
}

/** Whom the page's requests are for now: `null` when no one is signed in. */
export function currentRequestUser(): string | null {
  return requestUser
}

const csrfAndSession: Middleware = {
  onRequest({ request }) {
    // The server refuses admin mutations without this header (CSRF protection).
    request.headers.set('X-Fagfolk-Csrf', '1')
    if (requestUser) request.headers.set(USER_HEADER, requestUser)
    return request
  },
  onResponse({ request, response }) {
    if (response.status === 401 && new URL(request.url).pathname.startsWith('/api/admin/')) {
      window.dispatchEvent(new Event(UNAUTHORIZED_EVENT))
    }
    return response
  },
}
api.use(csrfAndSession)

/** The Norwegian message of an error answer (`{"error": ..., "fields": ...}`). */
export type ApiErrorBody = { error: string; fields?: Record<string, string> | null }

/**
 * Posts a multipart `form` (a file upload, which the typed client does not send) to
 * `path` with the session and the CSRF header, as the client does every other call: the
 * answer's JSON, or an `ApiError` with the server's Norwegian text; a session that ran out
 * signs out.
 */
export async function postForm<T>(path: string, form: FormData): Promise<T> {
  let response: Response
  try {
    response = await fetch(path, { method: 'POST', body: form, headers: { 'X-Fagfolk-Csrf': '1' }, credentials: 'same-origin' })
  } catch (error) {
    if (error instanceof TypeError) throw new NoConnectionError()
    throw error
  }
  const body = (await response.json().catch(() => undefined)) as (T & Partial<ApiErrorBody>) | undefined
  if (response.status === 401) window.dispatchEvent(new Event(UNAUTHORIZED_EVENT))
  if (!response.ok) throw new ApiError(response.status, body)
  return body as T
}

/** An error from an API call, carrying the server's Norwegian message and field errors. */
export class ApiError extends Error {
  readonly status: number
  readonly fields: Record<string, string>

  constructor(status: number, body?: Partial<ApiErrorBody>) {
    super(body?.error ?? 'Det oppstod en feil. Prøv igjen.')
    this.status = status
    this.fields = body?.fields ?? {}
  }
}

/** What went wrong, in the server's words: a refused field's own message when there is one
 * (the 24-hour day, the lock), else the answer's. For the screens without a field to put it
 * under: a tap, not a form. */
export function reasonOf(error: unknown): string | undefined {
  if (error instanceof ApiError) return Object.values(error.fields)[0] ?? error.message
  return error instanceof Error ? error.message : undefined
}

/** Unwraps an openapi-fetch result: the data, or an `ApiError`. */
export function unwrap<T>(result: { data?: T; error?: unknown; response: Response }): T {
  if (result.error !== undefined || !result.response.ok) {
    throw new ApiError(result.response.status, result.error as Partial<ApiErrorBody> | undefined)
  }
  return result.data as T
}
