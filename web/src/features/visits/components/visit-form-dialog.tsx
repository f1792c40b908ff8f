import { zodResolver } from '@hookform/resolvers/zod'
import { Controller, useForm } from 'react-hook-form'
import { z } from 'zod'
import { useClearToasts, useToast } from '@/components/toast'
import { Button } from '@/components/ui/button'
import { BAD_DAY, DayInput, isDay } from '@/components/ui/day-input'
import { Dialog } from '@/components/ui/dialog'
import { FormField } from '@/components/ui/form-field'
import { Input, Select, Textarea } from '@/components/ui/input'
import type { StaffMember } from '../api/visits'
import { formatPreferredTime } from '@/lib/days'
import { useServerErrors } from '@/lib/forms'
import { type Visit, type VisitChanged, useBookVisit, useMoveVisit } from '../api/visits'

/** The lengths offered, in minutes, with their words. */
export const LENGTHS: [number, string][] = [
  [30, '30 minutter'],
  [60, '1 time'],
  [90, '1,5 time'],
  [120, '2 timer'],
  [180, '3 timer'],
  [240, '4 timer'],
  [480, '8 timer'],
]

// The server checks every field (a day that has been, a time summer time skips, who
// goes) and its messages land under the fields; here only the day's own form is checked.
const schema = z.object({
  day: z.string().refine(isDay, BAD_DAY),
  start: z.string(),
  minutes: z.string(),
  staff_id: z.string(),
  note: z.string(),
  address: z.string(),
  postcode: z.string(),
})

type Values = z.infer<typeof schema>
type Field = keyof Values

/** A day the customer offered for the befaring, as the contact form took it. */
export type OfferedDay = { day: string; part: 'formiddag' | 'ettermiddag' | 'hele_dagen' }
/** Where the befaring is: the lead's address as it is now. */
export type LeadPlace = { adresse?: string | null; postnr?: string | null }

/** When a befaring on an offered day starts, by the part of the day the customer chose. */
const STARTS: Record<OfferedDay['part'], string> = { formiddag: '09:00', ettermiddag: '13:00', hele_dagen: '09:00' }

/** "Avtal befaring" (no `visit`) or "Flytt befaring" (the visit to move). The days the
 * customer offered are a click away, the only member of staff is chosen already, and a
 * lead without an address is asked for one (it goes into the invitation). */
export function VisitFormDialog({
  open,
  onOpenChange,
  leadId,
  visit,
  staff,
  offered = [],
  place = {},
  onDone,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  leadId: string
  visit: Visit | null
  staff: StaffMember[]
  offered?: OfferedDay[]
  place?: LeadPlace
  onDone: (changed: VisitChanged) => void
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={visit ? 'Flytt befaring' : 'Avtal befaring'} className="max-w-xl">
      <VisitForm leadId={leadId} visit={visit} staff={staff} offered={offered} place={place} onDone={onDone} />
    </Dialog>
  )
}

function VisitForm({
  leadId,
  visit,
  staff,
  offered,
  place,
  onDone,
}: {
  leadId: string
  visit: Visit | null
  staff: StaffMember[]
  offered: OfferedDay[]
  place: LeadPlace
  onDone: (changed: VisitChanged) => void
}) {
  const toast = useToast()
  const clearToasts = useClearToasts()
  const book = useBookVisit(leadId)
  const move = useMoveVisit()
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: {
      day: visit?.day ?? '',
      start: visit?.start ?? '09:00',
      minutes: String(visit?.minutes ?? 60),
      staff_id: visit?.staff_id ?? (staff.length === 1 ? staff[0]!.id : ''),
      note: visit?.note ?? '',
      address: place.adresse ?? '',
      postcode: place.postnr ?? '',
    },
  })
  const { register, handleSubmit, control, formState } = form
  const serverErrors = useServerErrors(form)
  const submit = handleSubmit(async (values) => {
    const body = {
      ...values,
      minutes: Number(values.minutes),
      staff_id: values.staff_id || null,
      address: values.address.trim() || null,
      postcode: values.postcode.trim() || null,
    }
    try {
      const changed = visit ? await move.mutateAsync({ id: visit.id, body }) : await book.mutateAsync(body)
      // An earlier failed try's message is not left beside the success.
      clearToasts()
      onDone(changed)
    } catch (error) {
      serverErrors(error)
      toast({ title: 'Feil', description: visit ? 'Kunne ikke flytte befaringen.' : 'Kunne ikke avtale befaringen.', variant: 'destructive' })
    }
  })
  const err = (field: Field) => formState.errors[field]?.message
  const lengths = LENGTHS.some(([minutes]) => String(minutes) === form.getValues('minutes'))
    ? LENGTHS
    : [...LENGTHS, [Number(form.getValues('minutes')), `${form.getValues('minutes')} minutter`] as [number, string]]
  const noAddress = !place.adresse?.trim()
  return (
    <form method="post" onSubmit={submit} className="grid gap-4" noValidate>
      {!visit && offered.length > 0 && (
        <fieldset className="grid gap-2" data-offered-days>
          <legend className="mb-1 text-sm font-medium">Kunden ønsket</legend>
          <div className="flex flex-wrap gap-2">
            {offered.map((time) => (
              <Button
                key={`${time.day}-${time.part}`}
                type="button"
                variant="outline"
                size="sm"
                onClick={() => {
                  form.setValue('day', time.day, { shouldValidate: true })
                  form.setValue('start', STARTS[time.part])
                }}
              >
                {formatPreferredTime(time)}
              </Button>
            ))}
          </div>
        </fieldset>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="visit-day" label="Dag" error={err('day')}>
          {(aria) => (
            <Controller
              control={control}
              name="day"
              render={({ field }) => <DayInput {...aria} name={field.name} value={field.value} onChange={field.onChange} onBlur={field.onBlur} />}
            />
          )}
        </FormField>
        <FormField id="visit-start" label="Klokkeslett" error={err('start')}>
          {(control) => <Input type="time" step={300} {...register('start')} {...control} />}
        </FormField>
        <FormField id="visit-minutes" label="Varighet" error={err('minutes')}>
          {(control) => (
            <Select {...register('minutes')} {...control}>
              {lengths.map(([minutes, words]) => (
                <option key={minutes} value={minutes}>
                  {words}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <FormField id="visit-staff_id" label="Hvem drar" error={err('staff_id')}>
          {(control) => (
            <Select {...register('staff_id')} {...control}>
              <option value="">Velg en ansatt</option>
              {staff.map((member) => (
                <option key={member.id} value={member.id}>
                  {member.name}
                </option>
              ))}
            </Select>
          )}
        </FormField>
      </div>
      <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_8rem]">
        {noAddress && (
          <p className="text-sm font-medium sm:col-span-2" id="visit-address-missing">
            Lead-en har ingen adresse. Skriv hvor befaringen er, så står adressen i invitasjonen; ellers står det «avtales på telefon».
          </p>
        )}
        <FormField id="visit-address" label="Adresse" error={err('address')}>
          {(control) => <Input autoComplete="off" {...register('address')} {...control} />}
        </FormField>
        <FormField id="visit-postcode" label="Postnummer" error={err('postcode')}>
          {(control) => <Input inputMode="numeric" maxLength={4} {...register('postcode')} {...control} />}
        </FormField>
      </div>
      <FormField id="visit-note" label="Notat til den som drar" error={err('note')}>
        {(control) => <Textarea rows={3} {...register('note')} {...control} />}
      </FormField>
      <p className="text-sm text-muted-foreground">Kunden og den som drar får en e-post med tidspunktet og en kalenderinvitasjon.</p>
      <div className="flex justify-end">
        <Button type="submit" disabled={formState.isSubmitting}>
          {visit ? 'Flytt befaringen' : 'Avtal befaring'}
        </Button>
      </div>
    </form>
  )
}
