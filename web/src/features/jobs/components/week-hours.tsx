import { Pencil, Trash2 } from 'lucide-react'
import { useState } from 'react'
import { UNDO_MS, useToast } from '@/components/toast'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { clockOf } from '@/lib/format'
import { useI18n } from '@/lib/i18n'
import { useDeleteTime, useWeek } from '../api/jobs'
import { EntryEdit } from './entry-edit'

/** A person's week: the hours per day, each entry with its job, and its removal, which
 * can be undone: the entry leaves the list at once, and is deleted on the server only when
 * "Angre" was not pressed within the toast's time. */
export function WeekHours({ day, userId }: { day: string; userId?: string }) {
  const week = useWeek(day, userId)
  const remove = useDeleteTime()
  const toast = useToast()
  const { t, hours, weekday, date, server } = useI18n()
  /** The entries deleted and waiting out their undo time. */
  const [leaving, setLeaving] = useState<string[]>([])
  /** The entry being changed in place. */
  const [editing, setEditing] = useState<string | null>(null)
  const removeLater = (id: string, what: string) => {
    setLeaving((all) => [...all, id])
    const later = window.setTimeout(
      () =>
        remove.mutate(id, {
          onError: (error) => {
            setLeaving((all) => all.filter((other) => other !== id))
            toast({ title: t('week.deleteFailed'), description: server(error.message), variant: 'destructive' })
          },
        }),
      UNDO_MS,
    )
    toast({
      title: t('week.deleted'),
      description: what,
      action: {
        label: t('week.undo'),
        onClick: () => {
          window.clearTimeout(later)
          setLeaving((all) => all.filter((other) => other !== id))
        },
      },
    })
  }
  if (week.isPending) return <Spinner label={t('week.loading')} />
  if (!week.data) return <p className="text-destructive">{t('week.failed')}</p>
  const { from, entries, days, total_minutes } = week.data
  /** The minutes of the entries waiting out their undo time (of one day, or all). */
  const gone = (index?: number) =>
    entries
      .filter((row) => leaving.includes(row.id) && (index === undefined || dayIndex(from, row.day) === index))
      .reduce((sum, row) => sum + row.minutes, 0)
  return (
    <section aria-labelledby="week-hours" className="grid gap-3">
      <h2 id="week-hours" className="text-lg font-semibold">
        {t('week.title', { day: date(from), hours: hours(total_minutes - gone()) })}
      </h2>
      <ol className="grid gap-2">
        {days.map((all, index) => {
          const minutes = all - gone(index)
          const rows = entries.filter((row) => dayIndex(from, row.day) === index && !leaving.includes(row.id))
          return (
            <li key={index} className="rounded-lg border border-border bg-card p-3">
              <div className="flex justify-between font-medium">
                <span>{weekday(index)}</span>
                <span className="tabular-nums">{minutes ? hours(minutes) : '–'}</span>
              </div>
              {rows.length > 0 && (
                <ul className="mt-2 grid gap-1 text-sm">
                  {rows.map((row) => {
                    const what = `${t('time.on', { hours: hours(row.minutes), job: row.job_title })}, ${weekday(index).toLowerCase()}`
                    return (
                      <li key={row.id}>
                        <div className="flex items-center justify-between gap-2">
                          <span>
                            {row.job_title}
                            {row.starts_at != null && <span className="ml-1 text-muted-foreground tabular-nums">{t('week.from', { time: clockOf(row.starts_at) })}</span>}
                            {row.extra && <span className="ml-1 text-accent-strong dark:text-accent">{t('week.extra')}</span>}
                            {row.held && <span className="ml-1 text-muted-foreground">{t('week.held')}</span>}
                            {row.note && <span className="text-muted-foreground">: {row.note}</span>}
                          </span>
                          <span className="flex items-center gap-1">
                            <span className="whitespace-nowrap tabular-nums">{hours(row.minutes)}</span>
                            <Button
                              variant="ghost"
                              size="icon"
                              className="size-11"
                              aria-label={t('week.edit', { what })}
                              aria-expanded={editing === row.id}
                              onClick={() => setEditing(editing === row.id ? null : row.id)}
                            >
                              <Pencil aria-hidden="true" />
                            </Button>
                            <Button variant="ghost" size="icon" className="size-11" aria-label={t('week.delete', { what })} onClick={() => removeLater(row.id, what)}>
                              <Trash2 aria-hidden="true" />
                            </Button>
                          </span>
                        </div>
                        {editing === row.id && <EntryEdit entry={row} what={what} onDone={() => setEditing(null)} />}
                      </li>
                    )
                  })}
                </ul>
              )}
            </li>
          )
        })}
      </ol>
    </section>
  )
}

function dayIndex(from: string, day: string): number {
  return Math.round((Date.parse(`${day}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000)
}
