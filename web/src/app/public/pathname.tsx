import { createContext, type ReactNode, useContext } from 'react'

// The public site is a set of server-rendered pages joined by plain links: each page is its
// own document, so the path is fixed for its lifetime. The server passes the route it
// renders; the browser passes location.pathname.
const PathnameContext = createContext('/')

export function PathnameProvider({ pathname, children }: { pathname: string; children: ReactNode }) {
  return <PathnameContext value={pathname}>{children}</PathnameContext>
}

/** The path of the page in view, without a trailing slash (except "/"). */
export function usePathname(): string {
  return useContext(PathnameContext)
}

export function normalizePathname(pathname: string): string {
  return pathname.replace(/(.)\/+$/, '$1')
}
