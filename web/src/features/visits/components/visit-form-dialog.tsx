import { zodResolver } from '@hookform/resolvers/zod'
import { Controller, useForm } from 'react-hook-form'
import { z } from 'zod'
import { useToast } from '@/components/toast'
import { Button } from '@/components/ui/button'
import { DayInput, isDay } from '@/components/ui/day-input'
import { Dialog } from '@/components/ui/dialog'
import { FieldError, Input, Label, Select, Textarea } from '@/components/ui/input'
import type { StaffMember } from '../api/visits'
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
  day: z.string().refine(isDay, 'Skriv datoen som dd.mm.åååå, for eksempel 24.12.2026.'),
  start: z.string(),
  minutes: z.string(),
  staff_id: z.string(),
  note: z.string(),
})

type Values = z.infer<typeof schema>
type Field = keyof Values

/** "Avtal befaring" (no `visit`) or "Flytt befaring" (the visit to move). */
export function VisitFormDialog({
  open,
  onOpenChange,
  leadId,
  visit,
  staff,
  onDone,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  leadId: string
  visit: Visit | null
  staff: StaffMember[]
  onDone: (changed: VisitChanged) => void
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={visit ? 'Flytt befaring' : 'Avtal befaring'} className="max-w-xl">
      <VisitForm leadId={leadId} visit={visit} staff={staff} onDone={onDone} />
    </Dialog>
  )
}

function VisitForm({ leadId, visit, staff, onDone }: { leadId: string; visit: Visit | null; staff: StaffMember[]; onDone: (changed: VisitChanged) => void }) {
  const toast = useToast()
  const book = useBookVisit(leadId)
  const move = useMoveVisit()
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: {
      day: visit?.day ?? '',
      start: visit?.start ?? '09:00',
      minutes: String(visit?.minutes ?? 60),
      staff_id: visit?.staff_id ?? '',
      note: visit?.note ?? '',
    },
  })
  const { register, handleSubmit, control, formState } = form
  const serverErrors = useServerErrors(form)
  const submit = handleSubmit(async (values) => {
    const body = { ...values, minutes: Number(values.minutes), staff_id: values.staff_id || null }
    try {
      const changed = visit ? await move.mutateAsync({ id: visit.id, body }) : await book.mutateAsync(body)
      onDone(changed)
    } catch (error) {
      serverErrors(error)
      toast({ title: 'Feil', description: visit ? 'Kunne ikke flytte befaringen.' : 'Kunne ikke avtale befaringen.', variant: 'destructive' })
    }
  })
  const err = (field: Field) => formState.errors[field]?.message
  const a11y = (field: Field) => ({
    id: `visit-${field}`,
    'aria-invalid': err(field) ? true : undefined,
    'aria-describedby': err(field) ? `visit-${field}-feil` : undefined,
  })
  const lengths = LENGTHS.some(([minutes]) => String(minutes) === form.getValues('minutes'))
    ? LENGTHS
    : [...LENGTHS, [Number(form.getValues('minutes')), `${form.getValues('minutes')} minutter`] as [number, string]]
  return (
    <form method="post" onSubmit={submit} className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <Label htmlFor="visit-day">Dag</Label>
          <Controller
            control={control}
            name="day"
            render={({ field }) => <DayInput {...a11y('day')} name={field.name} value={field.value} onChange={field.onChange} onBlur={field.onBlur} />}
          />
          <FieldError id="visit-day-feil">{err('day')}</FieldError>
        </div>
        <div>
          <Label htmlFor="visit-start">Klokkeslett</Label>
          <Input type="time" step={300} {...register('start')} {...a11y('start')} />
          <FieldError id="visit-start-feil">{err('start')}</FieldError>
        </div>
        <div>
          <Label htmlFor="visit-minutes">Varighet</Label>
          <Select {...register('minutes')} {...a11y('minutes')}>
            {lengths.map(([minutes, words]) => (
              <option key={minutes} value={minutes}>
                {words}
              </option>
            ))}
          </Select>
          <FieldError id="visit-minutes-feil">{err('minutes')}</FieldError>
        </div>
        <div>
          <Label htmlFor="visit-staff_id">Hvem drar</Label>
          <Select {...register('staff_id')} {...a11y('staff_id')}>
            <option value="">Velg en ansatt</option>
            {staff.map((member) => (
              <option key={member.id} value={member.id}>
                {member.name}
              </option>
            ))}
          </Select>
          <FieldError id="visit-staff_id-feil">{err('staff_id')}</FieldError>
        </div>
      </div>
      <div>
        <Label htmlFor="visit-note">Notat til den som drar</Label>
        <Textarea rows={3} {...register('note')} {...a11y('note')} />
        <FieldError id="visit-note-feil">{err('note')}</FieldError>
      </div>
      <p className="text-sm text-muted-foreground">Kunden og den som drar får en e-post med tidspunktet og en kalenderinvitasjon.</p>
      <div className="flex justify-end">
        <Button type="submit" disabled={formState.isSubmitting}>
          {visit ? 'Flytt befaringen' : 'Avtal befaring'}
        </Button>
      </div>
    </form>
  )
}
