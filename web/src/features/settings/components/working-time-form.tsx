import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { z } from 'zod'
import { useToast } from '@/components/toast'
import { Button } from '@/components/ui/button'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { clockOf, parseClock } from '@/lib/format'
import { useServerErrors } from '@/lib/forms'
import { factsOf, type Settings, useSaveSettings } from '../api/settings'

/** Hours as typed: whole or with a decimal comma, in quarters ("7,5"). */
const hoursText = (message: string, most: number) =>
  z
    .string()
    .trim()
    .regex(/^\d{1,3}([.,](0|00|25|5|50|75))?$/, message)
    .refine((text) => {
      const hours = Number(text.replace(',', '.'))
      return hours >= 1 && hours <= most
    }, message)

const schema = z.object({
  day: hoursText('Skriv timer per dag, fra 1 til 24 (for eksempel 7,5).', 24),
  week: hoursText('Skriv timer per uke, fra 1 til 168 (for eksempel 37,5).', 168),
  evening: z.string().refine((text) => {
    const clock = parseClock(text)
    return clock !== null && clock >= '12:00'
  }, 'Kvelden må begynne mellom kl. 12:00 og 23:59.'),
})
type Values = z.infer<typeof schema>

const shown = (minutes: number) => String(minutes / 60).replace('.', ',')
const minutesOf = (text: string) => Math.round(Number(text.trim().replace(',', '.')) * 60)
/** "18:00" as minutes after midnight. */
const minuteOf = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3))

/** "Timer og lønn": the limits of ordinary working time the month's hours are split by,
 * 9 hours a day and 40 a week by arbeidsmiljøloven § 10-4 unless the firm's agreement says
 * otherwise, and when the evening begins (its hours run to 06:00, when night work ends by
 * § 10-11). */
export function WorkingTimeForm({ settings }: { settings: Settings }) {
  const toast = useToast()
  const save = useSaveSettings()
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: {
      day: shown(settings.working_time.day_minutes),
      week: shown(settings.working_time.week_minutes),
      evening: clockOf(settings.working_time.evening_from ?? 18 * 60),
    },
  })
  const serverErrors = useServerErrors(form, { 'working_time.day_minutes': 'day', 'working_time.week_minutes': 'week', 'working_time.evening_from': 'evening' })
  const { errors } = form.formState
  const submit = form.handleSubmit(async (values) => {
    try {
      const working_time = { day_minutes: minutesOf(values.day), week_minutes: minutesOf(values.week), evening_from: minuteOf(parseClock(values.evening) ?? '18:00') }
      await save.mutateAsync({ ...factsOf(settings), working_time })
      toast({ title: 'Lagret', description: 'Timene regnes med disse grensene fra nå.' })
    } catch (error) {
      serverErrors(error)
      toast({ title: 'Feil', description: error instanceof Error ? error.message : undefined, variant: 'destructive' })
    }
  })
  return (
    <form onSubmit={submit} className="mt-4 grid gap-4 sm:grid-cols-2" noValidate>
      <FormField id="working-day" label="Normal arbeidstid per dag (timer)" error={errors.day?.message}>
        {(control) => <Input inputMode="decimal" {...form.register('day')} {...control} />}
      </FormField>
      <FormField id="working-week" label="Normal arbeidstid per uke (timer)" error={errors.week?.message}>
        {(control) => <Input inputMode="decimal" {...form.register('week')} {...control} />}
      </FormField>
      <FormField id="working-evening" label="Kveld fra kl. (til kl. 06:00)" error={errors.evening?.message}>
        {(control) => <Input inputMode="numeric" autoComplete="off" {...form.register('evening')} {...control} />}
      </FormField>
      <Button type="submit" className="w-fit sm:col-span-2" disabled={save.isPending}>
        {save.isPending ? 'Lagrer...' : 'Lagre arbeidstid'}
      </Button>
    </form>
  )
}
