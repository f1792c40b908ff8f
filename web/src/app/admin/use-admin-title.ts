import { useEffect } from 'react'
import { useSite } from '@/lib/site'

/** Sets the browser tab's title for an admin page. */
export function useAdminTitle(title: string) {
  const site = useSite()
  useEffect(() => {
    document.title = `${title} | ${site.company_name}`
  }, [title, site.company_name])
}
