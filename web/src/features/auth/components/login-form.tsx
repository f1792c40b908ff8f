import { zodResolver } from '@hookform/resolvers/zod'
import { LogIn } from 'lucide-react'
import { useForm } from 'react-hook-form'
import { z } from 'zod'
import { Button } from '@/components/ui/button'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { useServerErrors } from '@/lib/forms'
import { type I18n, useI18n } from '@/lib/i18n'
import type { LoginResult } from './auth-provider'

// The server checks the address and answers in Norwegian (said in the screen's language,
// `I18n::server`); the browser only keeps an empty form from being sent.
const schemaOf = (t: I18n['t']) =>
  z.object({
    email: z.string().trim().min(1, t('login.emailRequired')),
    password: z.string().min(1, t('login.passwordRequired')),
    remember: z.boolean(),
  })
type Values = z.infer<ReturnType<typeof schemaOf>>

/**
 * "Logg inn": e-mail and password, sent with POST by `login` (never in a URL). A refused
 * login's field messages land under the fields; a wrong password goes to `onRefused`.
 */
export function LoginForm({
  login,
  onRefused,
}: {
  login: (email: string, password: string, remember?: boolean) => Promise<LoginResult>
  onRefused: (message: string) => void
}) {
  const { t, server } = useI18n()
  const form = useForm<Values>({ resolver: zodResolver(schemaOf(t)), defaultValues: { email: '', password: '', remember: false } })
  const { register, handleSubmit, formState } = form
  const serverErrors = useServerErrors(form)

  const submit = handleSubmit(async ({ email, password, remember }) => {
    const result = await login(email.trim(), password, remember)
    if (result.success) return
    if (!serverErrors(result.cause)) onRefused(server(result.error || 'Ugyldig e-post eller passord'))
  })

  const emailError = formState.errors.email?.message && server(formState.errors.email.message)
  const passwordError = formState.errors.password?.message && server(formState.errors.password.message)
  return (
    <form method="post" onSubmit={submit} className="mt-6 grid gap-4" noValidate>
      <FormField id="login-email" label={t('login.email')} error={emailError}>
        {(control) => <Input type="email" autoComplete="username" {...register('email')} {...control} />}
      </FormField>
      <FormField id="login-password" label={t('login.password')} error={passwordError}>
        {(control) => <Input type="password" autoComplete="current-password" {...register('password')} {...control} />}
      </FormField>
      <label className="flex min-h-11 items-start gap-2">
        <input type="checkbox" className="mt-1 size-5 accent-primary" {...register('remember')} />
        <span>
          {t('login.remember')}
          <span className="block text-sm text-muted-foreground">{t('login.rememberHint')}</span>
        </span>
      </label>
      <Button type="submit" variant="default" className="mt-2 w-full" disabled={formState.isSubmitting}>
        <LogIn aria-hidden="true" />
        {formState.isSubmitting ? t('login.busy') : t('login.submit')}
      </Button>
    </form>
  )
}
