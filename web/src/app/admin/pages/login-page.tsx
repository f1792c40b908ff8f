import { ArrowLeft } from 'lucide-react'
import { useEffect, useState } from 'react'
import { Link, Navigate, useNavigate } from 'react-router'
import { paths } from '@/lib/paths'
import { useClearToasts, useToast } from '@/components/toast'
import { Card } from '@/components/ui/card'
import { useAuth } from '@/features/auth/components/auth-provider'
import { LoginForm } from '@/features/auth/components/login-form'
import { deviceLanguage, isLanguage, keepDeviceLanguage, type Language, LANGUAGES, LanguageProvider, useI18n } from '@/lib/i18n'
import { useSite } from '@/lib/site'

/** "Logg inn", in the language this device last used (or its browser's), with a choice of
 * language: a montør's first screen (src/lib/i18n). */
export function LoginPage() {
  const [language, setLanguage] = useState<Language>(deviceLanguage)
  /** The language picked here, if one was: a montør keeps it on their profile. */
  const [picked, setPicked] = useState<Language | null>(null)
  return (
    <LanguageProvider language={language}>
      <SignIn
        language={language}
        picked={picked}
        onLanguage={(next) => {
          keepDeviceLanguage(next)
          setLanguage(next)
          setPicked(next)
        }}
      />
    </LanguageProvider>
  )
}

function SignIn({ language, picked, onLanguage }: { language: Language; picked: Language | null; onLanguage: (language: Language) => void }) {
  const site = useSite()
  const { t } = useI18n()
  const { user, expired, login, changeLanguage } = useAuth()
  const navigate = useNavigate()
  const toast = useToast()
  const clearToasts = useClearToasts()
  const [busy, setBusy] = useState(false)

  useEffect(() => {
    document.title = `${t('login.title')} | ${site.company_name}`
  }, [site.company_name, t])

  if (user && !busy) return <Navigate to={paths.admin.root} replace />

  async function signIn(email: string, password: string, remember?: boolean) {
    setBusy(true)
    const result = await login(email, password, remember)
    setBusy(false)
    if (result.success) {
      // A language picked here, or the phone's own when it is not bokmål (a Polish phone
      // shows this page in Polish without a pick), is kept on the profile: the screens after
      // the sign-in speak it too (#75's walk).
      const chosen = picked ?? (language === 'nb' ? null : language)
      if (chosen) await changeLanguage(chosen).catch(() => undefined)
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
          {t('login.back')}
        </a>
        <Card className="p-7">
          <div className="flex flex-wrap items-start justify-between gap-2">
            <h1 className="text-2xl font-bold">{t('login.title')}</h1>
            <label className="flex items-center gap-2 text-sm">
              <span className="sr-only">{t('language.label')}</span>
              <select
                className="h-11 rounded-lg border border-border bg-card px-2"
                value={language}
                onChange={(event) => isLanguage(event.target.value) && onLanguage(event.target.value)}
              >
                {LANGUAGES.map((choice) => (
                  <option key={choice.code} value={choice.code} lang={choice.code}>
                    {choice.name}
                  </option>
                ))}
              </select>
            </label>
          </div>
          <p className="mt-1 text-muted-foreground">{t('login.for', { firm: site.company_name })}</p>
          {expired && (
            <p role="status" className="mt-4 rounded-md border border-border bg-muted px-3 py-2 text-sm">
              {t('login.expired')}
            </p>
          )}
          <LoginForm
            login={signIn}
            onRefused={(message) => toast({ title: t('login.failed'), description: message, variant: 'destructive' })}
          />
          <p className="mt-4 text-center text-sm">
            <Link to={paths.admin.forgotPassword} className="font-medium underline-offset-4 hover:underline">
              {t('login.forgot')}
            </Link>
          </p>
        </Card>
      </div>
    </main>
  )
}
