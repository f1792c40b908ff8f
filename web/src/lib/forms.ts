import type { FieldValues, Path, UseFormReturn } from 'react-hook-form'
import { ApiError } from './api'

/**
 * The one way a form shows the server's answer: each message of a 422's `fields` lands
 * under its field (`rename` maps a server key to the form's name where they differ, as
 * `price_from` to `price`), and what was typed stays. Answers whether any message landed.
 */
export function useServerErrors<T extends FieldValues>(
  form: UseFormReturn<T>,
  rename: Partial<Record<string, Path<T>>> = {},
): (error: unknown) => boolean {
  return (error: unknown) => {
    if (!(error instanceof ApiError)) return false
    const entries = Object.entries(error.fields)
    for (const [key, message] of entries) {
      form.setError(rename[key] ?? (key as Path<T>), { type: 'server', message })
    }
    return entries.length > 0
  }
}
