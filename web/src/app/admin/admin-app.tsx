import { ArrowLeft } from 'lucide-react'
import { Link } from 'react-router'
import { paths } from '@/app/paths'

/**
 * The admin app's entry (loaded lazily, never by a public page). Sign-in and the staff
 * screens are added here by the admin work; until then it says so plainly.
 */
export function AdminApp() {
  return (
    <main className="flex min-h-screen items-center justify-center bg-muted px-4">
      <div className="max-w-md rounded-2xl border border-border bg-card p-8 text-center">
        <h1 className="text-2xl font-bold">Administrasjon</h1>
        <p className="mt-3 text-muted-foreground">Innlogging for ansatte er ikke tatt i bruk ennå.</p>
        <Link to={paths.home} className="mt-6 inline-flex items-center gap-2 font-semibold hover:underline">
          <ArrowLeft className="size-4" aria-hidden="true" />
          Tilbake til forsiden
        </Link>
      </div>
    </main>
  )
}
