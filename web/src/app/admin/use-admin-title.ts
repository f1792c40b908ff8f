import { useEffect, useSyncExternalStore } from 'react'
import { useSite } from '@/lib/site'

// The title of the admin page in view, for the breadcrumb's last step (a category's name
// rather than its slug).
let current = ''
const listeners = new Set<() => void>()
function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** Sets the browser tab's title for an admin page, and the breadcrumb's last step. */
export function useAdminTitle(title: string) {
  const site = useSite()
  useEffect(() => {
    document.title = `${title} | ${site.company_name}`
    current = title
    for (const listener of listeners) listener()
  }, [title, site.company_name])
}

/** The title the page in view set with `useAdminTitle`. */
export function useAdminPageTitle(): string {
  return useSyncExternalStore(subscribe, () => current, () => '')
}
