import { ArrowLeft } from 'lucide-react'
import { type ReactNode, useEffect } from 'react'
import { Link, useLocation, useNavigate } from 'react-router'
import { useToast } from '@/components/toast'
import { Card } from '@/components/ui/card'
import { ForgotPasswordForm, NewPasswordForm } from '@/features/auth/components/reset-forms'
import { paths } from '@/lib/paths'
import { useSite } from '@/lib/site'

/** The signed-out pages' frame, as the login page's. */
function SignedOut({ title, lead, children }: { title: string; lead: string; children: ReactNode }) {
  const site = useSite()
  useEffect(() => {
    document.title = `${title} | ${site.company_name}`
  }, [title, site.company_name])
  return (
    <main className="flex min-h-screen items-center justify-center bg-muted/50 px-4 py-10">
      <div className="w-full max-w-sm">
        <Link to={paths.admin.login} className="mb-6 inline-flex items-center gap-2 text-sm font-medium hover:underline">
          <ArrowLeft className="size-4" aria-hidden="true" />
          Tilbake til innloggingen
        </Link>
        <Card className="p-7">
          <h1 className="text-2xl font-bold">{title}</h1>
          <p className="mt-1 text-muted-foreground">{lead}</p>
          {children}
        </Card>
      </div>
    </main>
  )
}

export function ForgotPasswordPage() {
  return (
    <SignedOut title="Glemt passord?" lead="Skriv e-postadressen du logger inn med, så sender vi en lenke for å sette nytt passord.">
      <ForgotPasswordForm />
    </SignedOut>
  )
}

/** Opened from the e-mailed link: the token is after '#', so it is never sent to a server
 * in a request line or a Referer. */
export function NewPasswordPage() {
  const token = useLocation().hash.slice(1)
  const navigate = useNavigate()
  const toast = useToast()
  return (
    <SignedOut title="Sett nytt passord" lead="Alle som er logget inn med den gamle, blir logget ut.">
      <NewPasswordForm
        token={token}
        onDone={() => {
          toast({ title: 'Passordet er endret', description: 'Logg inn med det nye passordet.' })
          navigate(paths.admin.login, { replace: true })
        }}
      />
    </SignedOut>
  )
}
