import { zodResolver } from '@hookform/resolvers/zod'
import { ArrowDown, ArrowUp, Plus, X } from 'lucide-react'
import { useFieldArray, useForm, useWatch } from 'react-hook-form'
import { z } from 'zod'
import { useToast } from '@/components/toast'
import { Button } from '@/components/ui/button'
import { FormField } from '@/components/ui/form-field'
import { FieldError, Input, Select } from '@/components/ui/input'
import { useServerErrors } from '@/lib/forms'
import { type Stage, type StatusKind, useSavePipeline } from '../api/settings'

/** What a status means for the dashboard's counters and the kanban. */
const kindLabels: Record<StatusKind, string> = { open: 'Åpen', won: 'Vunnet', lost: 'Tapt' }
const KINDS = Object.keys(kindLabels) as [StatusKind, ...StatusKind[]]

// The server checks the names (how many, how long, twice) and says so under the list.
const schema = z.object({
  statuses: z.array(z.object({ name: z.string(), previous: z.string().nullable(), kind: z.enum(KINDS) })),
})
type Values = z.infer<typeof schema>

/** Add, rename, reorder and remove lead statuses, and say what each means (open, won or
 * lost); a rename moves the leads along and keeps the meaning. Starts from `pipeline`
 * when it mounts: the settings page mounts it again when the saved pipeline changes. */
export function PipelineEditor({ pipeline }: { pipeline: Stage[] }) {
  const toast = useToast()
  const save = useSavePipeline()
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { statuses: pipeline.map(({ name, kind }) => ({ name, previous: name, kind })) },
  })
  const { control, register, handleSubmit, formState } = form
  const rows = useFieldArray({ control, name: 'statuses' })
  const typed = useWatch({ control, name: 'statuses' })
  const serverErrors = useServerErrors(form)

  const submit = handleSubmit(async ({ statuses }) => {
    try {
      await save.mutateAsync(statuses)
      toast({ title: 'Pipeline lagret', description: 'Leads i omdøpte statuser er flyttet med.' })
    } catch (error) {
      serverErrors(error)
      toast({ title: 'Feil', description: error instanceof Error ? error.message : undefined, variant: 'destructive' })
    }
  })

  const error = formState.errors.statuses?.message ?? formState.errors.statuses?.root?.message
  return (
    <div>
      <form id="pipeline" method="post" onSubmit={submit} noValidate>
        <ol className="grid gap-2" aria-label="Statuser i pipelinen" aria-describedby={error ? 'pipeline-feil' : undefined}>
          {rows.fields.map((row, index) => {
            const name = typed[index]?.name ?? row.name
            return (
              <li key={row.id} className="grid grid-cols-[1.5rem_minmax(0,1fr)] items-center gap-2 2xl:flex">
                <span className="text-right text-sm text-muted-foreground 2xl:w-6">{index + 1}.</span>
                <label htmlFor={`status-${row.id}`} className="sr-only">
                  Status {index + 1}
                </label>
                <Input id={`status-${row.id}`} {...register(`statuses.${index}.name`)} className="h-10 min-w-0 2xl:flex-1" />
                {/* In a narrow column the controls take a line of their own under the name. */}
                <div className="col-start-2 flex items-center gap-2 2xl:contents">
                  <label htmlFor={`kind-${row.id}`} className="sr-only">
                    Betydning av status {index + 1}
                  </label>
                  <Select id={`kind-${row.id}`} {...register(`statuses.${index}.kind`)} className="h-10 w-32 shrink-0">
                    {KINDS.map((kind) => (
                      <option key={kind} value={kind}>
                        {kindLabels[kind]}
                      </option>
                    ))}
                  </Select>
                  <Button type="button" variant="ghost" size="icon" className="size-10" disabled={index === 0} onClick={() => rows.move(index, index - 1)} aria-label={`Flytt ${name} opp`}>
                    <ArrowUp aria-hidden="true" />
                  </Button>
                  <Button type="button" variant="ghost" size="icon" className="size-10" disabled={index === rows.fields.length - 1} onClick={() => rows.move(index, index + 1)} aria-label={`Flytt ${name} ned`}>
                    <ArrowDown aria-hidden="true" />
                  </Button>
                  <Button type="button" variant="ghost" size="icon" className="size-10 text-destructive" onClick={() => rows.remove(index)} aria-label={`Fjern ${name}`}>
                    <X aria-hidden="true" />
                  </Button>
                </div>
              </li>
            )
          })}
        </ol>
        <FieldError id="pipeline-feil">{error}</FieldError>
      </form>
      <NewStatus onAdd={(name) => rows.append({ name, previous: null, kind: 'open' })} />
      <Button type="submit" form="pipeline" className="mt-5" disabled={save.isPending}>
        {save.isPending ? 'Lagrer...' : 'Lagre pipeline'}
      </Button>
    </div>
  )
}

const newSchema = z.object({ name: z.string() })

/** "Ny status": Enter or "Legg til" puts it last in the list (saved with the list). */
function NewStatus({ onAdd }: { onAdd: (name: string) => void }) {
  const form = useForm<z.infer<typeof newSchema>>({ resolver: zodResolver(newSchema), defaultValues: { name: '' } })
  const add = form.handleSubmit(({ name }) => {
    if (!name.trim()) return
    onAdd(name.trim())
    form.reset()
  })
  return (
    <form method="post" onSubmit={add} className="mt-4 flex items-end gap-2" noValidate>
      <FormField className="flex-1" id="new-status" label="Ny status">
        {(control) => <Input {...control} {...form.register('name')} className="h-10" />}
      </FormField>
      <Button type="submit" variant="outline">
        <Plus aria-hidden="true" />
        Legg til
      </Button>
    </form>
  )
}
