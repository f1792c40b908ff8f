import { zodResolver } from '@hookform/resolvers/zod'
import { useId } from 'react'
import { useForm } from 'react-hook-form'
import { z } from 'zod'
import { Button } from '@/components/ui/button'
import { FormField } from '@/components/ui/form-field'
import { Textarea } from '@/components/ui/input'
import { useServerErrors } from '@/lib/forms'
import { useAddNote } from '../api/timeline'

// The server refuses an empty or too long note with its own words under the field.
const schema = z.object({ body: z.string() })
type Values = z.infer<typeof schema>

/** A new note: written, then added to the timeline. A refused note stays in the field. */
export function NoteComposer({ leadId, onAdded }: { leadId: string; onAdded: () => void }) {
  const id = useId()
  const add = useAddNote(leadId)
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { body: '' } })
  const { register, handleSubmit, formState } = form
  const serverErrors = useServerErrors(form)

  const submit = handleSubmit(async ({ body }) => {
    try {
      await add.mutateAsync(body)
      form.reset()
      onAdded()
    } catch (error) {
      if (!serverErrors(error)) {
        form.setError('body', { type: 'server', message: error instanceof Error ? error.message : 'Kunne ikke lagre notatet. Prøv igjen.' })
      }
    }
  })

  const error = formState.errors.body?.message
  return (
    <form method="post" className="rounded-xl border border-border p-4" onSubmit={submit} noValidate>
      <FormField id={id} label="Nytt notat" error={error}>
        {(control) => <Textarea rows={3} placeholder="Hva ble avtalt? Hva er neste steg?" {...register('body')} {...control} />}
      </FormField>
      <div className="mt-2 flex justify-end">
        <Button type="submit" size="sm" disabled={add.isPending}>
          {add.isPending ? 'Lagrer...' : 'Legg til notat'}
        </Button>
      </div>
    </form>
  )
}
