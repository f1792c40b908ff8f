import { ArrowDown, ArrowUp, Plus, X } from 'lucide-react'
import { type FormEvent, useEffect, useState } from 'react'
import { useToast } from '@/components/toast'
import { Button } from '@/components/ui/button'
import { Input, Label, Select } from '@/components/ui/input'
import { type Stage, type StatusKind, useSavePipeline } from '../api/settings'

type Row = { key: number; name: string; previous: string | null; kind: StatusKind }

/** What a status means for the dashboard's counters and the kanban. */
const kindLabels: Record<StatusKind, string> = { open: 'Åpen', won: 'Vunnet', lost: 'Tapt' }

/** Add, rename, reorder and remove lead statuses, and say what each means (open, won or
 * lost); a rename moves the leads along and keeps the meaning. */
export function PipelineEditor({ pipeline }: { pipeline: Stage[] }) {
  const toast = useToast()
  const save = useSavePipeline()
  const [rows, setRows] = useState<Row[]>([])
  const [draft, setDraft] = useState('')

  useEffect(() => setRows(pipeline.map(({ name, kind }, key) => ({ key, name, previous: name, kind }))), [pipeline])

  const move = (index: number, step: number) =>
    setRows((all) => {
      const next = [...all]
      const [row] = next.splice(index, 1)
      if (row) next.splice(index + step, 0, row)
      return next
    })

  function add(event: FormEvent) {
    event.preventDefault()
    const name = draft.trim()
    if (!name) return
    setRows((all) => [...all, { key: Date.now(), name, previous: null, kind: 'open' }])
    setDraft('')
  }

  async function submit() {
    try {
      await save.mutateAsync(rows.map((row) => ({ name: row.name, previous: row.previous, kind: row.kind })))
      toast({ title: 'Pipeline lagret', description: 'Leads i omdøpte statuser er flyttet med.' })
    } catch (error) {
      toast({ title: 'Feil', description: error instanceof Error ? error.message : undefined, variant: 'destructive' })
    }
  }

  return (
    <div>
      <ol className="grid gap-2" aria-label="Statuser i pipelinen">
        {rows.map((row, index) => (
          <li
            key={row.key}
            className="grid grid-cols-[1.5rem_minmax(0,1fr)] items-center gap-2 2xl:flex"
          >
            <span className="text-right text-sm text-muted-foreground 2xl:w-6">{index + 1}.</span>
            <label htmlFor={`status-${row.key}`} className="sr-only">
              Status {index + 1}
            </label>
            <Input
              id={`status-${row.key}`}
              value={row.name}
              onChange={(e) => setRows((all) => all.map((r) => (r.key === row.key ? { ...r, name: e.target.value } : r)))}
              className="h-10 min-w-0 2xl:flex-1"
            />
            {/* In a narrow column the controls take a line of their own under the name. */}
            <div className="col-start-2 flex items-center gap-2 2xl:contents">
              <label htmlFor={`kind-${row.key}`} className="sr-only">
                Betydning av status {index + 1}
              </label>
              <Select
                id={`kind-${row.key}`}
                value={row.kind}
                onChange={(e) =>
                  setRows((all) => all.map((r) => (r.key === row.key ? { ...r, kind: e.target.value as StatusKind } : r)))
                }
                className="h-10 w-32 shrink-0"
              >
                {(Object.keys(kindLabels) as StatusKind[]).map((kind) => (
                  <option key={kind} value={kind}>
                    {kindLabels[kind]}
                  </option>
                ))}
              </Select>
              <Button type="button" variant="ghost" size="icon" className="size-10" disabled={index === 0} onClick={() => move(index, -1)} aria-label={`Flytt ${row.name} opp`}>
                <ArrowUp aria-hidden="true" />
              </Button>
              <Button type="button" variant="ghost" size="icon" className="size-10" disabled={index === rows.length - 1} onClick={() => move(index, 1)} aria-label={`Flytt ${row.name} ned`}>
                <ArrowDown aria-hidden="true" />
              </Button>
              <Button type="button" variant="ghost" size="icon" className="size-10 text-destructive" onClick={() => setRows((all) => all.filter((r) => r.key !== row.key))} aria-label={`Fjern ${row.name}`}>
                <X aria-hidden="true" />
              </Button>
            </div>
          </li>
        ))}
      </ol>
      <form onSubmit={add} className="mt-4 flex items-end gap-2">
        <div className="flex-1">
          <Label htmlFor="new-status">Ny status</Label>
          <Input id="new-status" value={draft} onChange={(e) => setDraft(e.target.value)} className="h-10" />
        </div>
        <Button type="submit" variant="outline">
          <Plus aria-hidden="true" />
          Legg til
        </Button>
      </form>
      <Button className="mt-5" onClick={submit} disabled={save.isPending}>
        {save.isPending ? 'Lagrer...' : 'Lagre pipeline'}
      </Button>
    </div>
  )
}
