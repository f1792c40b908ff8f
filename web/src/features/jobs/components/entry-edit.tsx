import { Minus, Plus } from 'lucide-react'
import { useId, useState } from 'react'
import { useToast } from '@/components/toast'
import { Button } from '@/components/ui/button'
import { Textarea } from '@/components/ui/input'
import { hours, useChangeTime } from '../api/jobs'

/** One entry of the week changed where it stands: its length by the quarter, its note.
 * The rest (the job, the day, the line) stays; the office changes those on the job. */
export function EntryEdit({
  entry,
  what,
  onDone,
}: {
  entry: { id: string; minutes: number; note: string }
  what: string
  onDone: () => void
}) {
  const change = useChangeTime()
  const toast = useToast()
  const [minutes, setMinutes] = useState(entry.minutes)
  const [note, setNote] = useState(entry.note)
  const noteId = useId()
  const step = (by: number) => setMinutes((now) => Math.min(24 * 60, Math.max(15, now + by)))
  const save = () =>
    change.mutate(
      { id: entry.id, body: { minutes, note } },
      {
        onSuccess: () => {
          toast({ title: `Endret til ${hours(minutes)}`, description: what })
          onDone()
        },
        onError: (error) => toast({ title: 'Timene ble ikke endret', description: error.message, variant: 'destructive' }),
      },
    )
  return (
    <div role="group" aria-label={`Endre ${what}`} className="mt-2 grid gap-2 rounded-lg border border-border p-2">
      <div className="flex items-center gap-2">
        <Button type="button" variant="outline" size="icon" className="size-11" aria-label="Et kvarter mindre" onClick={() => step(-15)}>
          <Minus aria-hidden="true" />
        </Button>
        <output aria-live="polite" className="min-w-16 text-center text-lg font-semibold tabular-nums">
          {hours(minutes)}
        </output>
        <Button type="button" variant="outline" size="icon" className="size-11" aria-label="Et kvarter mer" onClick={() => step(15)}>
          <Plus aria-hidden="true" />
        </Button>
      </div>
      <label htmlFor={noteId} className="text-sm font-medium">
        Merknad
      </label>
      <Textarea id={noteId} rows={2} value={note} onChange={(event) => setNote(event.target.value)} />
      <div className="flex gap-2">
        <Button type="button" className="h-11" disabled={change.isPending} onClick={save}>
          Lagre
        </Button>
        <Button type="button" variant="outline" className="h-11" onClick={onDone}>
          Avbryt
        </Button>
      </div>
    </div>
  )
}
