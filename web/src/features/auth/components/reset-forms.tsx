import { zodResolver } from '@hookform/resolvers/zod'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { z } from 'zod'
import { Button } from '@/components/ui/button'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
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
      <FormField id="reset-email" label="E-post" error={error}>
        {(control) => <Input type="email" autoComplete="username" {...register('email')} {...control} />}
      </FormField>
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
      <FormField
        id="reset-password"
        label="Nytt passord"
        hint="Minst 12 tegn. En setning av flere ord er lett å huske og vanskelig å gjette."
        error={errors.password?.message}
      >
        {(control) => <Input type="password" autoComplete="new-password" {...register('password')} {...control} />}
      </FormField>
      <FormField id="reset-repeat" label="Gjenta nytt passord" error={errors.repeat?.message}>
        {(control) => <Input type="password" autoComplete="new-password" {...register('repeat')} {...control} />}
      </FormField>
      <Button type="submit" className="w-full" disabled={formState.isSubmitting}>
        {formState.isSubmitting ? 'Lagrer...' : 'Sett nytt passord'}
      </Button>
    </form>
  )
}
