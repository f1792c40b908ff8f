import { Minus, Plus } from 'lucide-react'
import { useState } from 'react'
import { useToast } from '@/components/toast'
import { Button } from '@/components/ui/button'
import { FormField } from '@/components/ui/form-field'
import { Input, Select, Textarea } from '@/components/ui/input'
import { reasonOf } from '@/lib/api'
import { parseClock } from '@/lib/format'
import { useI18n } from '@/lib/i18n'
import { cn } from '@/lib/utils'
import { useAddTime, type WorkJob } from '../api/jobs'
import { addHeldNotice } from '../held-notices'
import { keep, noConnection } from '../outbox'

/** The lengths one tap picks, in minutes. */
const CHOICES = [30, 60, 120, 240, 450, 480]

/**
 * Hours on one job from a phone: a length in one tap (or a quarter up or down), then
 * "Før" (two taps; a third picks another day above). When the work began (for the
 * month's evening hours), a line, a note and the tilleggsarbeid mark wait under "Mer". The
 * day is the page's.
 */
export function QuickTime({ job, day, dayLabel, owner }: { job: WorkJob; day: string; dayLabel: string; owner: string }) {
  const add = useAddTime()
  const toast = useToast()
  const { t, hours, server } = useI18n()
  const [minutes, setMinutes] = useState<number | null>(null)
  const [line, setLine] = useState('')
  const [note, setNote] = useState('')
  /** When the work began, as typed; blank for not said. */
  const [start, setStart] = useState('')
  /** '' none, 'extra' tilleggsarbeid not yet agreed, or a change order's id. */
  const [extra, setExtra] = useState('')
  const id = `time-${job.id}`
  /** The entry's own id, chosen here: a retry after a lost answer sends the same one, and the
   * server answers the entry it wrote the first time instead of writing it again. */
  const [entryId, setEntryId] = useState(() => crypto.randomUUID())
  const step = (by: number) => setMinutes((current) => Math.min(24 * 60, Math.max(15, (current ?? 450) + by)))

  const done = () => {
    setMinutes(null)
    setNote('')
    setStart('')
    setExtra('')
    setEntryId(crypto.randomUUID())
  }

  const save = () => {
    if (minutes === null) return
    const startsAt = parseClock(start)
    if (start.trim() && !startsAt) {
      toast({ title: t('time.failed'), description: t('server.badStart'), variant: 'destructive' })
      return
    }
    const body = {
      id: entryId,
      job_id: job.id,
      day,
      minutes,
      line: line === '' ? undefined : Number(line),
      note,
      extra: extra !== '',
      change_id: extra === '' || extra === 'extra' ? null : extra,
      starts_at: startsAt,
    }
    const what = `${t('time.on', { hours: hours(minutes), job: job.title })}, ${dayLabel.toLowerCase()}`
    add
      .mutateAsync(body)
      .then(
        (entry) => {
          if (entry.held) {
            addHeldNotice({ id: entry.id, what })
            toast({ title: t('time.heldSaved', { what: t('time.on', { hours: hours(minutes), job: job.title }) }), description: t('time.heldHint') })
          } else {
            toast({ title: t('time.saved', { what: t('time.on', { hours: hours(minutes), job: job.title }) }), description: dayLabel })
          }
          done()
        },
        async (error: unknown) => {
          // No network (a basement): kept on the phone and sent when it is back.
          if (noConnection(error)) {
            try {
              await keep({ id: entryId, owner, when: new Date().toISOString(), what, kind: 'time', body })
              toast({ title: t('time.kept', { what: t('time.on', { hours: hours(minutes), job: job.title }) }), description: t('time.keptHint') })
              done()
              return
            } catch {
              // Nowhere to keep it: said below, and the entry stays on the card.
            }
          }
          const reason = reasonOf(error)
          toast({ title: t('time.failed'), description: reason && server(reason), variant: 'destructive' })
        },
      )
  }

  return (
    <div className="grid gap-3">
      <p className="text-sm text-muted-foreground" data-entry-day>
        {t('time.day')} <span className="font-semibold text-foreground">{dayLabel}</span>
      </p>
      <div role="group" aria-label={t('time.group', { job: job.title })} className="flex flex-wrap gap-2">
        {CHOICES.map((choice) => (
          <Button
            key={choice}
            type="button"
            variant={minutes === choice ? 'default' : 'outline'}
            aria-pressed={minutes === choice}
            className="min-w-16"
            onClick={() => setMinutes(choice)}
          >
            {hours(choice)}
          </Button>
        ))}
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <Button type="button" variant="outline" size="icon" aria-label={t('time.less')} onClick={() => step(-15)}>
          <Minus aria-hidden="true" />
        </Button>
        <output aria-live="polite" className={cn('min-w-20 text-center text-lg font-semibold whitespace-nowrap tabular-nums', minutes === null && 'text-muted-foreground')}>
          {minutes === null ? t('time.pick') : hours(minutes)}
        </output>
        <Button type="button" variant="outline" size="icon" aria-label={t('time.more')} onClick={() => step(15)}>
          <Plus aria-hidden="true" />
        </Button>
        <Button type="button" className="ml-auto" disabled={minutes === null || add.isPending} onClick={save}>
          {minutes === null ? t('time.saveNone') : t('time.save', { hours: hours(minutes) })}
        </Button>
      </div>
      <details>
        <summary className="min-h-11 cursor-pointer py-3 text-sm text-primary">{t('time.details')}</summary>
        <div className="mt-3 grid gap-3">
          <FormField id={`${id}-start`} label={t('time.start')}>
            {(control) => <Input {...control} inputMode="numeric" autoComplete="off" placeholder="07:30" className="w-28" value={start} onChange={(event) => setStart(event.target.value)} />}
          </FormField>
          {job.lines.length > 0 && (
            <FormField id={`${id}-line`} label={t('time.line')}>
              {(control) => (
                <Select {...control} value={line} onChange={(event) => setLine(event.target.value)}>
                  <option value="">{t('time.noLine')}</option>
                  {job.lines.map((text, index) => (
                    <option key={index} value={index}>
                      {text}
                    </option>
                  ))}
                </Select>
              )}
            </FormField>
          )}
          <FormField id={`${id}-note`} label={t('time.note')}>
            {(control) => <Textarea {...control} rows={2} value={note} onChange={(event) => setNote(event.target.value)} />}
          </FormField>
          <FormField id={`${id}-extra`} label={t('time.extra')}>
            {(control) => (
              <Select {...control} value={extra} onChange={(event) => setExtra(event.target.value)}>
                <option value="">{t('time.extraNo')}</option>
                {job.changes.map((change) => (
                  <option key={change.id} value={change.id}>
                    {change.title ? t('time.change', { number: change.number, title: change.title }) : t('time.changeBare', { number: change.number })}
                  </option>
                ))}
                <option value="extra">{t('time.extraYes')}</option>
              </Select>
            )}
          </FormField>
        </div>
      </details>
    </div>
  )
}
