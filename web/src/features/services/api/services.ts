import { useEffect, useState } from 'react'
import type { ServiceCategory } from '@/lib/paths'
import { api } from '@/lib/api'
import type { components } from '@/lib/api-schema'
import { useSite } from '@/lib/site'

export type Service = components['schemas']['PublicService']

/** `GET /api/services`: active services, newest first, optionally of one category. */
export async function getServices(category?: ServiceCategory): Promise<Service[]> {
  const { data, error } = await api.GET('/api/services', { params: { query: { category } } })
  if (error || !data) throw new Error(error?.error ?? 'Kunne ikke hente tjenester')
  return data
}

export type ServicesState = { loading: boolean; services: Service[] }

/**
 * The services for a public list. A page the server rendered with its services (see
 * `Site.services`) has them at once, in the HTML and on hydration; otherwise they are
 * fetched. A failed fetch is logged only: the list stays empty and the loading state
 * still ends.
 */
export function useServices(category?: ServiceCategory): ServicesState {
  const given = useSite().services
  const [fetched, setFetched] = useState<ServicesState>({ loading: true, services: [] })
  useEffect(() => {
    if (given) return
    let cancelled = false
    getServices(category)
      .then((services) => !cancelled && setFetched({ loading: false, services }))
      .catch((error: unknown) => {
        console.error('Kunne ikke hente tjenester', error)
        if (!cancelled) setFetched({ loading: false, services: [] })
      })
    return () => {
      cancelled = true
    }
  }, [category, given])
  if (given) {
    return { loading: false, services: category ? given.filter((s) => s.category === category) : given }
  }
  return fetched
}
