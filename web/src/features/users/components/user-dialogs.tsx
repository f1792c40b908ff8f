import { type FormEvent, useEffect, useState } from 'react'
import { useToast } from '@/components/toast'
import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import { FieldError, Input, Label, Select } from '@/components/ui/input'
import { ApiError } from '@/lib/api'
import { type AdminUserView, type Role, useChangePassword, useCreateUser } from '../api/users'

function failure(error: unknown) {
  return { title: 'Feil', description: error instanceof Error ? error.message : undefined, variant: 'destructive' as const }
}

const emptyUser: { name: string; email: string; password: string; role: Role } = {
  name: '',
  email: '',
  password: '',
  role: 'admin',
}

export function NewUserDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const toast = useToast()
  const create = useCreateUser()
  const [values, setValues] = useState(emptyUser)
  const [errors, setErrors] = useState<Record<string, string>>({})
  useEffect(() => {
    if (open) {
      setValues(emptyUser)
      setErrors({})
    }
  }, [open])
  const set = (key: keyof typeof values) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [key]: event.target.value }))

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (!values.name.trim() || !values.email.trim() || !values.password) {
      toast({ title: 'Mangler felt', description: 'Navn, e-post og passord er påkrevd.', variant: 'destructive' })
      return
    }
    try {
      await create.mutateAsync(values)
      onOpenChange(false)
      toast({ title: 'Opprettet', description: 'Admin-bruker opprettet' })
    } catch (error) {
      setErrors(error instanceof ApiError ? error.fields : {})
      toast(failure(error))
    }
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Ny admin-bruker">
      <form onSubmit={submit} className="grid gap-4" noValidate>
        <div>
          <Label htmlFor="user-name">Navn</Label>
          <Input id="user-name" value={values.name} onChange={set('name')} autoComplete="off" data-autofocus />
          <FieldError id="user-name-feil">{errors.name}</FieldError>
        </div>
        <div>
          <Label htmlFor="user-email">E-post</Label>
          <Input id="user-email" type="email" value={values.email} onChange={set('email')} autoComplete="off" />
          <FieldError id="user-email-feil">{errors.email}</FieldError>
        </div>
        <div>
          <Label htmlFor="user-password">Passord</Label>
          <Input id="user-password" type="password" value={values.password} onChange={set('password')} autoComplete="new-password" />
          <p className="mt-1 text-sm text-muted-foreground">Minst 12 tegn. En setning av flere ord er lett å huske og vanskelig å gjette.</p>
          <FieldError id="user-password-feil">{errors.password}</FieldError>
        </div>
        <div>
          <Label htmlFor="user-role">Rolle</Label>
          <Select id="user-role" value={values.role} onChange={set('role')}>
            <option value="admin">Administrator</option>
            <option value="editor">Redaktør</option>
          </Select>
        </div>
        <div className="mt-2 flex justify-end gap-3">
          <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
            Avbryt
          </Button>
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? 'Oppretter...' : 'Opprett'}
          </Button>
        </div>
      </form>
    </Dialog>
  )
}

/**
 * Sets a new password. For your own (`own`), the server also wants the one you use now,
 * so that someone who finds your session open cannot take the account over.
 */
export function PasswordDialog({ user, own, onOpenChange }: { user: AdminUserView | null; own: boolean; onOpenChange: (open: boolean) => void }) {
  const toast = useToast()
  const change = useChangePassword()
  const [current, setCurrent] = useState('')
  const [password, setPassword] = useState('')
  const [errors, setErrors] = useState<Record<string, string | undefined>>({})
  useEffect(() => {
    setCurrent('')
    setPassword('')
    setErrors({})
  }, [user])

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (!user) return
    const missing = {
      current_password: own && !current ? 'Skriv inn passordet du bruker nå.' : undefined,
      password: password ? undefined : 'Nytt passord er påkrevd.',
    }
    if (missing.current_password || missing.password) {
      setErrors(missing)
      toast({ title: 'Mangler felt', description: missing.current_password ?? missing.password, variant: 'destructive' })
      return
    }
    try {
      await change.mutateAsync({ id: user.id, password, current_password: own ? current : undefined })
      onOpenChange(false)
      toast({ title: 'Oppdatert', description: 'Passord oppdatert' })
    } catch (err) {
      setErrors(err instanceof ApiError ? err.fields : {})
      toast(failure(err))
    }
  }

  return (
    <Dialog open={user !== null} onOpenChange={onOpenChange} title="Endre passord" description={user ? `For ${user.name} (${user.email})` : undefined}>
      <form onSubmit={submit} className="grid gap-4" noValidate>
        {own && (
          <PasswordField id="current-password" label="Nåværende passord" value={current} onChange={setCurrent} error={errors.current_password} autoComplete="current-password" autoFocus />
        )}
        <PasswordField id="new-password" label="Nytt passord" value={password} onChange={setPassword} error={errors.password} autoComplete="new-password" autoFocus={!own} />
        <div className="flex justify-end gap-3">
          <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
            Avbryt
          </Button>
          <Button type="submit" disabled={change.isPending}>
            {change.isPending ? 'Lagrer...' : 'Lagre passord'}
          </Button>
        </div>
      </form>
    </Dialog>
  )
}

/** A labelled password input with its field message, tied together for screen readers. */
function PasswordField(props: {
  id: string
  label: string
  value: string
  onChange: (value: string) => void
  error?: string
  autoComplete: 'current-password' | 'new-password'
  autoFocus: boolean
}) {
  const errorId = `${props.id}-feil`
  return (
    <div>
      <Label htmlFor={props.id}>{props.label}</Label>
      <Input
        id={props.id}
        type="password"
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
        autoComplete={props.autoComplete}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? errorId : undefined}
        data-autofocus={props.autoFocus || undefined}
      />
      <FieldError id={errorId}>{props.error}</FieldError>
    </div>
  )
}
