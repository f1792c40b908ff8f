import createClient from 'openapi-fetch'
import type { paths } from './api-schema'

/** The typed API client; paths and bodies come from the server's OpenAPI document. */
export const api = createClient<paths>({ baseUrl: '' })

/** The Norwegian message of an error answer (`{"error": ..., "fields": ...}`). */
export type ApiErrorBody = { error: string; fields?: Record<string, string> }
