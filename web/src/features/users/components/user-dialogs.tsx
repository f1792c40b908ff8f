import { zodResolver } from '@hookform/resolvers/zod'
import { type UseFormRegisterReturn, useForm } from 'react-hook-form'
import { z } from 'zod'
import { useToast } from '@/components/toast'
import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import { FormField } from '@/components/ui/form-field'
import { Input, Select } from '@/components/ui/input'
import { useServerErrors } from '@/lib/forms'
import { type AdminUserView, type Role, useChangePassword, useCreateUser, useUpdateUser } from '../api/users'

/** The roles the server knows (`Role` in the OpenAPI document), in Norwegian. */
export const ROLE_LABEL: Record<Role, string> = { admin: 'Administrator', editor: 'Redaktør', montor: 'Montør' }
const ROLES = Object.keys(ROLE_LABEL) as [Role, ...Role[]]

function failure(error: unknown) {
  return { title: 'Feil', description: error instanceof Error ? error.message : undefined, variant: 'destructive' as const }
}

const emptyUser: { name: string; email: string; password: string; role: Role } = {
  name: '',
  email: '',
  password: '',
  role: 'admin',
}

// The server checks the e-mail and the password's length; its messages land under the
// fields. Here only what is missing is caught, each under its field.
const userSchema = z.object({
  name: z.string().trim().min(1, 'Navn er påkrevd.'),
  email: z.string().trim().min(1, 'E-post er påkrevd.'),
  password: z.string().min(1, 'Passord er påkrevd.'),
  role: z.enum(ROLES),
})
type UserValues = z.infer<typeof userSchema>

export function NewUserDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Ny admin-bruker">
      {/* A new, empty form each time the dialog opens. */}
      {open && <NewUserForm onOpenChange={onOpenChange} />}
    </Dialog>
  )
}

function NewUserForm({ onOpenChange }: { onOpenChange: (open: boolean) => void }) {
  const toast = useToast()
  const create = useCreateUser()
  const form = useForm<UserValues>({ resolver: zodResolver(userSchema), defaultValues: emptyUser })
  const { register, handleSubmit, formState } = form
  const serverErrors = useServerErrors(form)

  const submit = handleSubmit(
    async (values) => {
      try {
        await create.mutateAsync(values)
        onOpenChange(false)
        toast({ title: 'Opprettet', description: 'Admin-bruker opprettet' })
      } catch (error) {
        serverErrors(error)
        toast(failure(error))
      }
    },
    () => toast({ title: 'Mangler felt', description: 'Navn, e-post og passord er påkrevd.', variant: 'destructive' }),
  )

  const err = (field: keyof UserValues) => formState.errors[field]?.message

  return (
    <form onSubmit={submit} className="grid gap-4" noValidate>
      <FormField id="user-name" label="Navn" error={err('name')}>
        {(control) => <Input {...register('name')} {...control} autoComplete="off" data-autofocus />}
      </FormField>
      <FormField id="user-email" label="E-post" error={err('email')}>
        {(control) => <Input type="email" {...register('email')} {...control} autoComplete="off" />}
      </FormField>
      <FormField
        id="user-password"
        label="Passord"
        hint="Minst 12 tegn. En setning av flere ord er lett å huske og vanskelig å gjette."
        error={err('password')}
      >
        {(control) => <Input type="password" {...register('password')} {...control} autoComplete="new-password" />}
      </FormField>
      <FormField id="user-role" label="Rolle" error={err('role')}>
        {(control) => (
          <Select {...register('role')} {...control}>
            {ROLES.map((role) => (
              <option key={role} value={role}>
                {ROLE_LABEL[role]}
              </option>
            ))}
          </Select>
        )}
      </FormField>
      <div className="mt-2 flex justify-end gap-3">
        <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
          Avbryt
        </Button>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? 'Oppretter...' : 'Opprett'}
        </Button>
      </div>
    </form>
  )
}

/** The new password; for your own, also the one you use now (`own`). */
function passwordSchema(own: boolean) {
  return z
    .object({ current_password: z.string(), password: z.string().min(1, 'Nytt passord er påkrevd.') })
    .superRefine((values, context) => {
      if (own && !values.current_password) {
        context.addIssue({ code: 'custom', path: ['current_password'], message: 'Skriv inn passordet du bruker nå.' })
      }
    })
}
type PasswordValues = z.infer<ReturnType<typeof passwordSchema>>

/**
 * Sets a new password. For your own (`own`), the server also wants the one you use now,
 * so that someone who finds your session open cannot take the account over.
 */
export function PasswordDialog({ user, own, onOpenChange }: { user: AdminUserView | null; own: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={user !== null} onOpenChange={onOpenChange} title="Endre passord" description={user ? `For ${user.name} (${user.email})` : undefined}>
      {/* A new, empty form for each user the dialog opens for. */}
      {user && <PasswordForm key={user.id} user={user} own={own} onOpenChange={onOpenChange} />}
    </Dialog>
  )
}

function PasswordForm({ user, own, onOpenChange }: { user: AdminUserView; own: boolean; onOpenChange: (open: boolean) => void }) {
  const toast = useToast()
  const change = useChangePassword()
  const form = useForm<PasswordValues>({
    resolver: zodResolver(passwordSchema(own)),
    defaultValues: { current_password: '', password: '' },
  })
  const { register, handleSubmit, formState } = form
  const serverErrors = useServerErrors(form)

  const submit = handleSubmit(
    async (values) => {
      try {
        await change.mutateAsync({ id: user.id, password: values.password, current_password: own ? values.current_password : undefined })
        onOpenChange(false)
        toast({ title: 'Oppdatert', description: 'Passord oppdatert' })
      } catch (err) {
        serverErrors(err)
        toast(failure(err))
      }
    },
    (errors) =>
      toast({
        title: 'Mangler felt',
        description: errors.current_password?.message ?? errors.password?.message,
        variant: 'destructive',
      }),
  )

  return (
    <form onSubmit={submit} className="grid gap-4" noValidate>
      {own && (
        <PasswordField id="current-password" label="Nåværende passord" {...register('current_password')} error={formState.errors.current_password?.message} autoComplete="current-password" autoFocus />
      )}
      <PasswordField id="new-password" label="Nytt passord" {...register('password')} error={formState.errors.password?.message} autoComplete="new-password" autoFocus={!own} />
      <div className="flex justify-end gap-3">
        <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
          Avbryt
        </Button>
        <Button type="submit" disabled={change.isPending}>
          {change.isPending ? 'Lagrer...' : 'Lagre passord'}
        </Button>
      </div>
    </form>
  )
}

/** A labelled password input with its field message, tied together for screen readers. */
function PasswordField({
  id,
  label,
  error,
  autoComplete,
  autoFocus,
  ...field
}: UseFormRegisterReturn & {
  id: string
  label: string
  error?: string
  autoComplete: 'current-password' | 'new-password'
  autoFocus: boolean
}) {
  return (
    <FormField id={id} label={label} error={error}>
      {(control) => (
        <Input type="password" {...field} {...control} autoComplete={autoComplete} data-autofocus={autoFocus || undefined} />
      )}
    </FormField>
  )
}

// The server checks the phone number (at least 8 digits); its message lands under it.
const profileSchema = z.object({ name: z.string().trim().min(1, 'Navn er påkrevd.'), phone: z.string() })
type ProfileValues = z.infer<typeof profileSchema>

/** "Endre": a user's name and phone (the number a customer is given for whoever comes on
 * a befaring). */
export function EditUserDialog({ user, onOpenChange }: { user: AdminUserView | null; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={user !== null} onOpenChange={onOpenChange} title="Endre bruker" description={user?.email}>
      {user && <EditUserForm key={user.id} user={user} onDone={() => onOpenChange(false)} />}
    </Dialog>
  )
}

function EditUserForm({ user, onDone }: { user: AdminUserView; onDone: () => void }) {
  const toast = useToast()
  const update = useUpdateUser()
  const form = useForm<ProfileValues>({ resolver: zodResolver(profileSchema), defaultValues: { name: user.name, phone: user.phone ?? '' } })
  const { register, handleSubmit, formState } = form
  const serverErrors = useServerErrors(form)
  const submit = handleSubmit(async (values) => {
    try {
      await update.mutateAsync({ id: user.id, ...values })
      onDone()
      toast({ title: 'Oppdatert', description: `${values.name} er lagret.` })
    } catch (error) {
      serverErrors(error)
      toast(failure(error))
    }
  })
  const err = (field: keyof ProfileValues) => formState.errors[field]?.message
  return (
    <form onSubmit={submit} className="grid gap-4" noValidate>
      <FormField id="profile-name" label="Navn" error={err('name')}>
        {(control) => <Input {...register('name')} {...control} autoComplete="off" data-autofocus />}
      </FormField>
      <FormField
        id="profile-phone"
        label="Telefon"
        hint="Kunden får nummeret når brukeren skal på befaring. Uten nummer får kunden firmaets."
        error={err('phone')}
      >
        {(control) => <Input type="tel" {...register('phone')} {...control} autoComplete="off" />}
      </FormField>
      <div className="mt-2 flex justify-end gap-3">
        <Button type="button" variant="outline" onClick={onDone}>
          Avbryt
        </Button>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? 'Lagrer...' : 'Lagre'}
        </Button>
      </div>
    </form>
  )
}
