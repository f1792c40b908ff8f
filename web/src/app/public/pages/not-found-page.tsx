import { useEffect } from 'react'
import { Link, useLocation } from 'react-router'
import { paths } from '@/app/paths'

/** The one page in English, as the specification keeps it. Served with HTTP 404. */
export function NotFoundPage() {
  const location = useLocation()
  useEffect(() => {
    console.error('404 Error: User attempted to access non-existent route:', location.pathname)
  }, [location.pathname])

  return (
    <main lang="en" className="flex min-h-screen items-center justify-center bg-muted px-4">
      <div className="text-center">
        <h1 className="mb-4 text-5xl font-bold">404</h1>
        <p className="mb-6 text-xl text-muted-foreground">Oops! Page not found</p>
        <Link to={paths.home} className="font-semibold text-accent-strong underline hover:no-underline dark:text-accent">
          Return to Home
        </Link>
      </div>
    </main>
  )
}
