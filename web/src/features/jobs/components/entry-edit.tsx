import { Minus, Plus } from 'lucide-react'
import { useId, useState } from 'react'
import { useToast } from '@/components/toast'
import { Button } from '@/components/ui/button'
import { Input, Textarea } from '@/components/ui/input'
import { reasonOf } from '@/lib/api'
import { clockOf, parseClock } from '@/lib/format'
import { useI18n } from '@/lib/i18n'
import { useChangeTime } from '../api/jobs'

/** One entry of the week changed where it stands: its length by the quarter, when it
 * began, its note. The rest (the job, the day, the line) stays; the office changes those
 * on the job. */
export function EntryEdit({
  entry,
  what,
  onDone,
}: {
  entry: { id: string; minutes: number; note: string; starts_at?: number | null }
  what: string
  onDone: () => void
}) {
  const change = useChangeTime()
  const toast = useToast()
  const { t, hours, server } = useI18n()
  const [minutes, setMinutes] = useState(entry.minutes)
  const [note, setNote] = useState(entry.note)
  const [start, setStart] = useState(entry.starts_at == null ? '' : clockOf(entry.starts_at))
  const noteId = useId()
  const startId = useId()
  const step = (by: number) => setMinutes((now) => Math.min(24 * 60, Math.max(15, now + by)))
  const save = () => {
    const startsAt = parseClock(start)
    if (start.trim() && !startsAt) {
      toast({ title: t('edit.failed'), description: t('server.badStart'), variant: 'destructive' })
      return
    }
    change.mutate(
      { id: entry.id, body: { minutes, note, starts_at: startsAt } },
      {
        onSuccess: () => {
          toast({ title: t('edit.saved', { hours: hours(minutes) }), description: what })
          onDone()
        },
        onError: (error) => toast({ title: t('edit.failed'), description: server(reasonOf(error) ?? ''), variant: 'destructive' }),
      },
    )
  }
  return (
    <div role="group" aria-label={t('week.edit', { what })} className="mt-2 grid gap-2 rounded-lg border border-border p-2">
      <div className="flex items-center gap-2">
        <Button type="button" variant="outline" size="icon" className="size-11" aria-label={t('time.less')} onClick={() => step(-15)}>
          <Minus aria-hidden="true" />
        </Button>
        <output aria-live="polite" className="min-w-16 text-center text-lg font-semibold whitespace-nowrap tabular-nums">
          {hours(minutes)}
        </output>
        <Button type="button" variant="outline" size="icon" className="size-11" aria-label={t('time.more')} onClick={() => step(15)}>
          <Plus aria-hidden="true" />
        </Button>
      </div>
      <label htmlFor={startId} className="text-sm font-medium">
        {t('edit.start')}
      </label>
      <Input id={startId} inputMode="numeric" autoComplete="off" placeholder="07:30" className="w-28" value={start} onChange={(event) => setStart(event.target.value)} />
      <label htmlFor={noteId} className="text-sm font-medium">
        {t('edit.note')}
      </label>
      <Textarea id={noteId} rows={2} value={note} onChange={(event) => setNote(event.target.value)} />
      <div className="flex gap-2">
        <Button type="button" className="h-11" disabled={change.isPending} onClick={save}>
          {t('edit.save')}
        </Button>
        <Button type="button" variant="outline" className="h-11" onClick={onDone}>
          {t('edit.cancel')}
        </Button>
      </div>
    </div>
  )
}
