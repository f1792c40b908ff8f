import { ArrowLeft } from 'lucide-react'
import { useEffect, useState } from 'react'
import { Link, Navigate, useNavigate } from 'react-router'
import { paths } from '@/lib/paths'
import { useClearToasts, useToast } from '@/components/toast'
import { Card } from '@/components/ui/card'
import { useAuth } from '@/features/auth/components/auth-provider'
import { LoginForm } from '@/features/auth/components/login-form'
import { useSite } from '@/lib/site'

export function LoginPage() {
  const site = useSite()
  const { user, expired, login } = useAuth()
  const navigate = useNavigate()
  const toast = useToast()
  const clearToasts = useClearToasts()
  const [busy, setBusy] = useState(false)

  useEffect(() => {
    document.title = `Logg inn | ${site.company_name}`
  }, [site.company_name])

  if (user && !busy) return <Navigate to={paths.admin.root} replace />

  async function signIn(email: string, password: string) {
    setBusy(true)
    const result = await login(email, password)
    setBusy(false)
    if (result.success) {
      clearToasts()
      navigate(paths.admin.root, { replace: true })
    }
    return result
  }

  return (
    <main className="flex min-h-screen items-center justify-center bg-muted/50 px-4 py-10">
      <div className="w-full max-w-sm">
        <a href={paths.home} className="mb-6 inline-flex items-center gap-2 text-sm font-medium hover:underline">
          <ArrowLeft className="size-4" aria-hidden="true" />
          Tilbake til forsiden
        </a>
        <Card className="p-7">
          <h1 className="text-2xl font-bold">Logg inn</h1>
          <p className="mt-1 text-muted-foreground">Administrasjon for {site.company_name}</p>
          {expired && (
            <p role="status" className="mt-4 rounded-md border border-border bg-muted px-3 py-2 text-sm">
              Økten din er utløpt. Logg inn på nytt for å fortsette.
            </p>
          )}
          <LoginForm
            login={signIn}
            onRefused={(message) => toast({ title: 'Innlogging feilet', description: message, variant: 'destructive' })}
          />
          <p className="mt-4 text-center text-sm">
            <Link to={paths.admin.forgotPassword} className="font-medium underline-offset-4 hover:underline">
              Glemt passord?
            </Link>
          </p>
        </Card>
      </div>
    </main>
  )
}
