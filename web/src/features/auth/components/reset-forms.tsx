import { zodResolver } from '@hookform/resolvers/zod'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { z } from 'zod'
import { Button } from '@/components/ui/button'
import { FieldError, Input, Label } from '@/components/ui/input'
import { useServerErrors } from '@/lib/forms'
import { confirmReset, requestReset } from '../api/auth'

const requestSchema = z.object({ email: z.string().trim().min(1, 'Skriv e-postadressen du logger inn med.') })

/**
 * "Glemt passord?": the address to send a link to. The answer is the same whether or not
 * the address is a user's; without e-mail on the server, it says to ask an administrator.
 */
export function ForgotPasswordForm() {
  const form = useForm<z.infer<typeof requestSchema>>({ resolver: zodResolver(requestSchema), defaultValues: { email: '' } })
  const { register, handleSubmit, formState } = form
  const serverErrors = useServerErrors(form)
  const [answer, setAnswer] = useState<{ byEmail: boolean } | null>(null)
  const submit = handleSubmit(async ({ email }) => {
    try {
      const sent = await requestReset(email.trim())
      setAnswer({ byEmail: sent.by_email })
    } catch (error) {
      if (!serverErrors(error)) form.setError('email', { message: error instanceof Error ? error.message : 'Prøv igjen.' })
    }
  })
  if (answer) {
    return (
      <p role="status" className="mt-6 rounded-md border border-border bg-muted px-3 py-3" data-reset-answer>
        {answer.byEmail
          ? 'Hvis adressen hører til en bruker, har vi sendt en lenke dit. Den virker i én time, én gang. Se også i søppelposten.'
          : 'Denne serveren sender ikke e-post. Be en administrator sette et nytt passord for deg under Brukere.'}
      </p>
    )
  }
  const error = formState.errors.email?.message
  return (
    <form method="post" onSubmit={submit} className="mt-6 grid gap-4" noValidate>
      <div>
        <Label htmlFor="reset-email">E-post</Label>
        <Input
          id="reset-email"
          type="email"
          autoComplete="username"
          {...register('email')}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'reset-email-feil' : undefined}
        />
        <FieldError id="reset-email-feil">{error}</FieldError>
      </div>
      <Button type="submit" className="w-full" disabled={formState.isSubmitting}>
        {formState.isSubmitting ? 'Sender...' : 'Send lenke'}
      </Button>
    </form>
  )
}

const newSchema = z
  .object({
    password: z.string().min(1, 'Nytt passord er påkrevd.'),
    repeat: z.string(),
    token: z.string(),
  })
  .refine((values) => values.password === values.repeat, { path: ['repeat'], message: 'Passordene er ikke like.' })

/** The new password through the link's `token`; the server's messages (a used or old
 * link, a too short or common password) land under the fields. */
export function NewPasswordForm({ token, onDone }: { token: string; onDone: () => void }) {
  const form = useForm<z.infer<typeof newSchema>>({ resolver: zodResolver(newSchema), defaultValues: { password: '', repeat: '', token } })
  const { register, handleSubmit, formState } = form
  const serverErrors = useServerErrors(form)
  const submit = handleSubmit(async ({ password }) => {
    try {
      await confirmReset(token, password)
      onDone()
    } catch (error) {
      if (!serverErrors(error)) form.setError('password', { message: error instanceof Error ? error.message : 'Prøv igjen.' })
    }
  })
  const errors = formState.errors
  return (
    <form method="post" onSubmit={submit} className="mt-6 grid gap-4" noValidate>
      {errors.token?.message && (
        <p role="alert" className="rounded-md border border-destructive px-3 py-2 text-sm font-medium text-destructive">
          {errors.token.message}
        </p>
      )}
      <div>
        <Label htmlFor="reset-password">Nytt passord</Label>
        <Input
          id="reset-password"
          type="password"
          autoComplete="new-password"
          {...register('password')}
          aria-invalid={errors.password ? true : undefined}
          aria-describedby={errors.password ? 'reset-password-hjelp reset-password-feil' : 'reset-password-hjelp'}
        />
        <p id="reset-password-hjelp" className="mt-1 text-sm text-muted-foreground">
          Minst 12 tegn. En setning av flere ord er lett å huske og vanskelig å gjette.
        </p>
        <FieldError id="reset-password-feil">{errors.password?.message}</FieldError>
      </div>
      <div>
        <Label htmlFor="reset-repeat">Gjenta nytt passord</Label>
        <Input
          id="reset-repeat"
          type="password"
          autoComplete="new-password"
          {...register('repeat')}
          aria-invalid={errors.repeat ? true : undefined}
          aria-describedby={errors.repeat ? 'reset-repeat-feil' : undefined}
        />
        <FieldError id="reset-repeat-feil">{errors.repeat?.message}</FieldError>
      </div>
      <Button type="submit" className="w-full" disabled={formState.isSubmitting}>
        {formState.isSubmitting ? 'Lagrer...' : 'Sett nytt passord'}
      </Button>
    </form>
  )
}
