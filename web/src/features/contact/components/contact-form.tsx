import { CheckCircle2, Send } from 'lucide-react'
import { type FormEvent, lazy, Suspense, useEffect, useId, useState, useSyncExternalStore } from 'react'
import { useToast } from '@/components/toast'
import { Button } from '@/components/ui/button'
import { FieldHint, fieldControl, FormField } from '@/components/ui/form-field'
import { FieldError, Input, Label, Select, Textarea } from '@/components/ui/input'
import { paths } from '@/lib/paths'
import { type DayField, useSite } from '@/lib/site'
import { createContact, type DayPart, type ServiceChoice } from '../api/contact'
import type { PickedPhoto } from './photo-picker'

const noSubscription = () => () => undefined

// Loaded once the page runs: the photos need JavaScript, and the public pages' first
// script stays within its budget (scripts/budget.mjs).
const PhotoPicker = lazy(() => import('./photo-picker'))

// The server's choices (`ServiceChoice` in the OpenAPI document): a new choice without a
// label here fails `make lint`'s type check.
const serviceLabels: Record<ServiceChoice, string> = {
  elektrikertjenester: 'Elektrikertjenester',
  rorleggertjenester: 'Rørleggertjenester',
  kjokkenmontering: 'Kjøkkenmontering',
  annet: 'Annet',
}
const serviceOptions = (Object.keys(serviceLabels) as ServiceChoice[]).map((value) => ({ value, label: serviceLabels[value] }))

// The days offered for the site visit: a day and its part of the day per row, named as
// the form posts them without JavaScript.
const ROWS = [1, 2, 3] as const
const dayParts = [
  { value: 'hele_dagen', label: 'Hele dagen' },
  { value: 'formiddag', label: 'Formiddag' },
  { value: 'ettermiddag', label: 'Ettermiddag' },
] as const
type DayValues = Record<DayField, string>
/** The days' fields: each row's day from `day`, its part of the day from `part` (whole day by default). */
const days = (day: (row: number) => string, part: (row: number) => string | null | undefined) =>
  Object.fromEntries(ROWS.flatMap((row) => [[`dag_${row}`, day(row)], [`del_${row}`, part(row) || 'hele_dagen']])) as DayValues
const noDays = days(() => '', () => '')

type Values = { name: string; phone: string; email: string; service: ServiceChoice | ''; message: string; address: string; postcode: string; website: string } & DayValues
const empty: Values = { name: '', phone: '', email: '', service: '', message: '', address: '', postcode: '', website: '', ...noDays }
type Field = Exclude<keyof Values, 'website' | DayField> | 'preferred_times' | 'photos'

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
    address: text(values.address),
    postcode: text(values.postcode),
    website: '',
    ...days((row) => text(values[`dag_${row}` as DayField]), (row) => values[`del_${row}` as DayField]),
  }
}

/**
 * What the visitor typed into the form the server drew before the page's script ran (a
 * slow phone, someone quick): read once, as the script first renders and before that
 * render can clear it; `ContactForm` puts it back right after. A field counts when it
 * holds something other than what the server wrote into it.
 */
function typedBeforeScript(): Partial<Values> {
  if (typeof document === 'undefined') return {}
  const form = document.querySelector<HTMLFormElement>('form[data-contact-form]')
  if (!form) return {}
  const typed: Partial<Values> = {}
  for (const key of Object.keys(empty) as (keyof Values)[]) {
    const element = form.elements.namedItem(key)
    if (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement) {
      if (element.value !== element.defaultValue) typed[key] = element.value as never
    } else if (element instanceof HTMLSelectElement) {
      const drawn = Array.from(element.options).find((option) => option.defaultSelected)?.value ?? element.options[0]?.value ?? ''
      if (element.value !== drawn) typed[key] = element.value as never
    }
  }
  return typed
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
  const site = useSite()
  const sent = site.contact_form
  const visitDays = site.visit_days ?? []
  const [values, setValues] = useState<Values>(() => (sent ? sentBack(sent) : empty))
  // The first render matches the server's HTML; what was typed into it comes back after.
  const [typed] = useState(typedBeforeScript)
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the DOM before the script ran is the outside system synced from, once
    if (Object.keys(typed).length > 0) setValues((current) => ({ ...current, ...typed }))
  }, [typed])
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>(() => (sent?.errors ?? {}) as Partial<Record<Field, string>>)
  const [notice, setNotice] = useState<string | undefined>(sent?.notice ?? undefined)
  const [sending, setSending] = useState(false)
  // What the last enquiry sent, repeated in the thanks: the photos, the days, the address.
  const [thanked, setThanked] = useState<string[] | false>(false)
  // Photos a refused post without JavaScript carried are stored already: sent again by id.
  const kept = sent?.photos ?? []
  const [photos, setPhotos] = useState<PickedPhoto[]>([])
  // The photo picker is shown once the page runs (it cannot work without JavaScript):
  // false on the server and while hydrating, so the server's HTML and the first render agree.
  const running = useSyncExternalStore(noSubscription, () => true, () => false)
  const uploading = photos.some((photo) => photo.state === 'preparing' || photo.state === 'uploading')

  const set = (field: keyof Values) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }))

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    // A photo that did not upload is never dropped unnoticed: try it again or remove it.
    if (photos.some((photo) => photo.state === 'failed')) {
      setErrors({ photos: 'Et bilde ble ikke lastet opp. Velg «Prøv igjen» eller «Fjern» under bildet, og send igjen.' })
      return
    }
    setSending(true)
    setErrors({})
    setNotice(undefined)
    setThanked(false)
    const preferred_times = ROWS.map((row) => ({ day: values[`dag_${row}`], part: values[`del_${row}`] as DayPart })).filter((row) => row.day)
    const sentPhotos = photos.flatMap((photo) => (photo.state === 'done' && photo.id ? [photo.id] : []))
    // The rows' own fields (dag_1, ...) go too; the server reads `preferred_times`.
    const result = await createContact({
      ...values,
      service: values.service || null,
      address: values.address || null,
      postcode: values.postcode || null,
      preferred_times,
      photos: sentPhotos,
    })
    setSending(false)
    if (result.ok) {
      const dayLabel = (day: string) => visitDays.find((offered) => offered.value === day)?.label ?? day
      const partLabel = (part: string) => dayParts.find((offered) => offered.value === part)?.label.toLowerCase() ?? part
      const place = [values.address.trim(), values.postcode.trim()].filter(Boolean).join(', ')
      setThanked([
        sentPhotos.length ? `Bilder: ${sentPhotos.length}` : '',
        preferred_times.length ? `Ønsket tid: ${preferred_times.map((time) => `${dayLabel(time.day)}, ${partLabel(time.part)}`).join('; ')}` : '',
        place ? `Adresse: ${place}` : '',
      ].filter(Boolean))
      setValues(empty)
      setPhotos([])
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

  const field = (name: Exclude<Field, 'preferred_times' | 'photos'>) => ({ name, value: values[name], onChange: set(name) })

  return (
    <form method="post" action={paths.contact} encType="multipart/form-data" onSubmit={submit} className="grid gap-5" aria-label="Kontaktskjema" data-contact-form>
      {thanked && (
        <p role="status" className="flex items-start gap-2 rounded-lg border border-border bg-muted p-3 font-medium" data-contact-thanks>
          <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-accent-strong dark:text-accent" aria-hidden="true" />
          <span>
            Takk for henvendelsen! Vi har fått den og kontakter deg innen 24 timer.
            {thanked.map((line) => (
              <span key={line} className="block font-normal">
                {line}
              </span>
            ))}
          </span>
        </p>
      )}
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField id={`${id}-name`} label="Navn *" error={errors.name}>
          {(control) => <Input {...field('name')} {...control} required maxLength={200} autoComplete="name" placeholder="Ditt navn" />}
        </FormField>
        <FormField id={`${id}-phone`} label="Telefon *" error={errors.phone}>
          {(control) => (
            <Input
              {...field('phone')}
              {...control}
              type="tel"
              required
              maxLength={40}
              autoComplete="tel"
              placeholder="+47 912 34 567"
            />
          )}
        </FormField>
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField id={`${id}-email`} label="E-post *" error={errors.email}>
          {(control) => (
            <Input
              {...field('email')}
              {...control}
              type="email"
              required
              maxLength={254}
              autoComplete="email"
              placeholder="navn@eksempel.no"
            />
          )}
        </FormField>
        <FormField id={`${id}-service`} label="Tjeneste" error={errors.service}>
          {(control) => (
            <Select {...field('service')} {...control}>
              <option value="">Velg tjeneste (valgfritt)</option>
              {serviceOptions.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </Select>
          )}
        </FormField>
      </div>
      <FormField id={`${id}-message`} label="Prosjektbeskrivelse *" error={errors.message}>
        {(control) => (
          <Textarea
            {...field('message')}
            {...control}
            rows={4}
            required
            maxLength={5000}
            placeholder="Beskriv kort hva du trenger hjelp til..."
          />
        )}
      </FormField>
      <div className="grid gap-5 sm:grid-cols-[minmax(0,1fr)_11rem]">
        <FormField id={`${id}-address`} label="Adresse der jobben skal gjøres (valgfritt)" error={errors.address}>
          {(control) => <Input {...field('address')} {...control} maxLength={300} autoComplete="address-line1" placeholder="Gate og husnummer" />}
        </FormField>
        <FormField id={`${id}-postcode`} label="Postnummer (valgfritt)" error={errors.postcode}>
          {(control) => <Input {...field('postcode')} {...control} inputMode="numeric" maxLength={4} pattern="[0-9]{4}" autoComplete="postal-code" placeholder="0155" />}
        </FormField>
      </div>
      {running ? (
        <Suspense fallback={null}>
          <PhotoPicker photos={photos} onChange={setPhotos} error={errors.photos} />
        </Suspense>
      ) : (
        // Without JavaScript the photos go with the form itself (src/contact/form_post.rs).
        <div>
          <Label htmlFor={`${id}-photos`}>Bilder (valgfritt)</Label>
          <input
            name="photos"
            type="file"
            accept="image/jpeg,image/png,image/webp"
            multiple
            className="block min-h-11 w-full text-sm"
            // The message is named only while it is there: a reference to an element that
            // does not exist is invalid HTML (tests/api/valid_html.rs).
            {...fieldControl(`${id}-photos`, { error: errors.photos, hint: true })}
          />
          <FieldHint id={`${id}-photos`} className="mt-1.5">
            Opptil 5 bilder, hvert høyst 10 MB.
            {kept.length > 0 && ` Lagt ved allerede: ${kept.length}.`}
          </FieldHint>
          {kept.map((photoId) => (
            <input key={photoId} type="hidden" name="photo_ids" value={photoId} />
          ))}
          <FieldError id={`${id}-photos-feil`}>{errors.photos}</FieldError>
        </div>
      )}
      {visitDays.length > 0 && (
        <fieldset className="grid gap-3" aria-describedby={errors.preferred_times ? `${id}-preferred_times-feil` : `${id}-dager-hjelp`}>
          <legend className="text-sm font-semibold">Når passer det med befaring? (valgfritt)</legend>
          <p id={`${id}-dager-hjelp`} className="-mt-1 text-sm text-muted-foreground">
            Velg opptil tre dager. Vi ringer og avtaler tid.
          </p>
          {ROWS.map((row) => (
            <div key={row} className="grid items-end gap-2 sm:grid-cols-[1fr_10rem] sm:gap-3">
              <FormField id={`${id}-dag_${row}`} label={`Dag ${row}`}>
                {(control) => (
                  <Select {...control} name={`dag_${row}`} value={values[`dag_${row}`]} onChange={set(`dag_${row}`)}>
                    <option value="">Velg dag</option>
                    {visitDays.map((day) => (
                      <option key={day.value} value={day.value}>
                        {day.label}
                      </option>
                    ))}
                  </Select>
                )}
              </FormField>
              <div>
                <Label htmlFor={`${id}-del_${row}`} className="sr-only">
                  Tid på dag {row}
                </Label>
                <Select id={`${id}-del_${row}`} name={`del_${row}`} value={values[`del_${row}`]} onChange={set(`del_${row}`)}>
                  {dayParts.map((part) => (
                    <option key={part.value} value={part.value}>
                      {part.label}
                    </option>
                  ))}
                </Select>
              </div>
            </div>
          ))}
          <FieldError id={`${id}-preferred_times-feil`}>{errors.preferred_times}</FieldError>
        </fieldset>
      )}
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
        <Button type="submit" variant="accent" size="lg" disabled={sending || uploading}>
          <Send aria-hidden="true" />
          {sending ? 'Sender...' : uploading ? 'Laster opp bilder...' : 'Send forespørsel'}
        </Button>
      </div>
    </form>
  )
}
