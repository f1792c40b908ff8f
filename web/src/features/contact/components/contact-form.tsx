import { CheckCircle2, Send } from 'lucide-react'
import { type FormEvent, useId, useState } from 'react'
import { useToast } from '@/components/toast'
import { Button } from '@/components/ui/button'
import { FieldError, Input, Label, Select, Textarea } from '@/components/ui/input'
import { paths } from '@/lib/paths'
import { useSite } from '@/lib/site'
import { createContact, type ServiceChoice } from '../api/create-contact'

// The server's choices (`ServiceChoice` in the OpenAPI document): a new choice without a
// label here fails `make lint`'s type check.
const serviceLabels: Record<ServiceChoice, string> = {
  elektrikertjenester: 'Elektrikertjenester',
  rorleggertjenester: 'Rørleggertjenester',
  kjokkenmontering: 'Kjøkkenmontering',
  annet: 'Annet',
}
const serviceOptions = (Object.keys(serviceLabels) as ServiceChoice[]).map((value) => ({ value, label: serviceLabels[value] }))

type Values = { name: string; phone: string; email: string; service: ServiceChoice | ''; message: string; website: string }
const empty: Values = { name: '', phone: '', email: '', service: '', message: '', website: '' }
type Field = Exclude<keyof Values, 'website'>

/** What the server sent back when it refused the form posted without JavaScript. */
function sentBack(form: ReturnType<typeof useSite>['contact_form']): Values {
  const values = form?.values ?? {}
  const text = (value: string | null | undefined) => value ?? ''
  const service = text(values.service)
  return {
    name: text(values.name),
    phone: text(values.phone),
    email: text(values.email),
    service: service in serviceLabels ? (service as ServiceChoice) : '',
    message: text(values.message),
    website: '',
  }
}

/**
 * The contact form of the home and contact pages. It works before and without
 * JavaScript: it posts to `/kontakt` (src/contact/form_post.rs), which stores the enquiry
 * and sends the visitor to the confirmation page, or makes the contact page again with
 * the messages under the fields and what was typed in them (`site.contact_form`). With
 * JavaScript it sends to the API instead and stays on the page. Required fields and
 * formats are checked by the browser; the server checks again and its field
 * messages are shown under the fields. On failure everything typed stays.
 *
 * The one form not on react-hook-form + zod (docs/ARCHITECTURE.md, "Forms"): it is on
 * every public page, whose JavaScript budget (scripts/budget.mjs) those two would break.
 */
export function ContactForm() {
  const id = useId()
  const toast = useToast()
  const sent = useSite().contact_form
  const [values, setValues] = useState<Values>(() => (sent ? sentBack(sent) : empty))
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>(() => (sent?.errors ?? {}) as Partial<Record<Field, string>>)
  const [notice, setNotice] = useState<string | undefined>(sent?.notice ?? undefined)
  const [sending, setSending] = useState(false)
  const [thanked, setThanked] = useState(false)

  const set = (field: keyof Values) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }))

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    setSending(true)
    setErrors({})
    setNotice(undefined)
    setThanked(false)
    const result = await createContact({ ...values, service: values.service || null })
    setSending(false)
    if (result.ok) {
      setValues(empty)
      setThanked(true)
      toast({ title: 'Takk for henvendelsen!', description: 'Vi kontakter deg innen 24 timer.' })
      return
    }
    setErrors((result.error?.fields ?? {}) as Partial<Record<Field, string>>)
    if (result.error && !result.error.fields) setNotice(result.error.error)
    toast({
      title: 'Feil oppstod',
      description: 'Kunne ikke sende henvendelsen. Prøv igjen senere.',
      variant: 'destructive',
    })
  }

  const field = (name: Field) => ({
    id: `${id}-${name}`,
    name,
    value: values[name],
    onChange: set(name),
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${id}-${name}-feil` : undefined,
  })

  return (
    <form method="post" action={paths.contact} onSubmit={submit} className="grid gap-5" aria-label="Kontaktskjema" data-contact-form>
      {thanked && (
        <p role="status" className="flex items-start gap-2 rounded-lg border border-border bg-muted p-3 font-medium" data-contact-thanks>
          <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-accent-strong dark:text-accent" aria-hidden="true" />
          Takk for henvendelsen! Vi har fått den og kontakter deg innen 24 timer.
        </p>
      )}
      <div className="grid gap-5 sm:grid-cols-2">
        <div>
          <Label htmlFor={`${id}-name`}>Navn *</Label>
          <Input {...field('name')} required maxLength={200} autoComplete="name" placeholder="Ditt navn" />
          <FieldError id={`${id}-name-feil`}>{errors.name}</FieldError>
        </div>
        <div>
          <Label htmlFor={`${id}-phone`}>Telefon *</Label>
          <Input
            {...field('phone')}
            type="tel"
            required
            maxLength={40}
            autoComplete="tel"
            placeholder="+47 912 34 567"
          />
          <FieldError id={`${id}-phone-feil`}>{errors.phone}</FieldError>
        </div>
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <div>
          <Label htmlFor={`${id}-email`}>E-post *</Label>
          <Input
            {...field('email')}
            type="email"
            required
            maxLength={254}
            autoComplete="email"
            placeholder="navn@eksempel.no"
          />
          <FieldError id={`${id}-email-feil`}>{errors.email}</FieldError>
        </div>
        <div>
          <Label htmlFor={`${id}-service`}>Tjeneste</Label>
          <Select {...field('service')}>
            <option value="">Velg tjeneste (valgfritt)</option>
            {serviceOptions.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </Select>
          <FieldError id={`${id}-service-feil`}>{errors.service}</FieldError>
        </div>
      </div>
      <div>
        <Label htmlFor={`${id}-message`}>Prosjektbeskrivelse *</Label>
        <Textarea
          {...field('message')}
          rows={4}
          required
          maxLength={5000}
          placeholder="Beskriv kort hva du trenger hjelp til..."
        />
        <FieldError id={`${id}-message-feil`}>{errors.message}</FieldError>
      </div>
      {/* A trap for robots: hidden from people and from assistive technology. */}
      <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
        <label htmlFor={`${id}-website`}>Nettside</label>
        <input
          id={`${id}-website`}
          name="website"
          tabIndex={-1}
          autoComplete="off"
          value={values.website}
          onChange={set('website')}
        />
      </div>
      {notice && (
        <p role="alert" className="rounded-lg border border-destructive/40 bg-destructive/10 p-3 text-sm font-medium">
          {notice}
        </p>
      )}
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-muted-foreground">Felt merket * må fylles ut. Vi svarer innen 24 timer.</p>
        <Button type="submit" variant="accent" size="lg" disabled={sending}>
          <Send aria-hidden="true" />
          {sending ? 'Sender...' : 'Send forespørsel'}
        </Button>
      </div>
    </form>
  )
}
