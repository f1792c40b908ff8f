import { useEffect } from 'react'
import { paths } from '@/lib/paths'
import { usePathname } from '@/app/public/pathname'

/** The one page in English, by the product's choice; every other text is Norwegian. Served with HTTP 404. */
export function NotFoundPage() {
  const pathname = usePathname()
  useEffect(() => {
    console.error('404 Error: User attempted to access non-existent route:', pathname)
  }, [pathname])

  return (
    <main lang="en" className="flex min-h-screen items-center justify-center bg-muted px-4">
      <div className="text-center">
        <h1 className="mb-4 text-5xl font-bold">404</h1>
        <p className="mb-6 text-xl text-muted-foreground">Oops! Page not found</p>
        <a href={paths.home} className="font-semibold text-accent-strong underline hover:no-underline dark:text-accent">
          Return to Home
        </a>
      </div>
    </main>
  )
}
