import { zodResolver } from '@hookform/resolvers/zod'
import { useForm, useWatch } from 'react-hook-form'
import { z } from 'zod'
import { useToast } from '@/components/toast'
import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { useServerErrors } from '@/lib/forms'
import { useClearAudit } from '../api/audit'

/** "Tøm alle logger?": the log is emptied only once TØM is typed (the server checks it too). */
export function ClearDialog({
  open,
  onOpenChange,
  onCleared,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  onCleared: () => void
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Tøm alle logger?"
      description="Alle audit-logger slettes permanent. Dette kan ikke angres."
    >
      {/* The dialog mounts its content only while open: every opening starts empty. */}
      <ClearForm
        onDone={() => {
          onCleared()
          onOpenChange(false)
        }}
        onCancel={() => onOpenChange(false)}
      />
    </Dialog>
  )
}

const schema = z.object({ confirm: z.string() })
type Values = z.infer<typeof schema>

function ClearForm({ onDone, onCancel }: { onDone: () => void; onCancel: () => void }) {
  const toast = useToast()
  const clear = useClearAudit()
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { confirm: '' } })
  const { register, handleSubmit, formState, control } = form
  const word = useWatch({ control, name: 'confirm' })
  const serverErrors = useServerErrors(form)

  const submit = handleSubmit(async ({ confirm }) => {
    try {
      await clear.mutateAsync(confirm)
      toast({ title: 'Logger tømt', description: 'Alle audit logger ble slettet.' })
      onDone()
    } catch (error) {
      if (!serverErrors(error)) toast({ title: 'Feil', description: 'Kunne ikke tømme logger.', variant: 'destructive' })
    }
  })

  const error = formState.errors.confirm?.message
  return (
    <form method="post" onSubmit={submit} noValidate>
      <FormField id="audit-clear-word" label="Skriv TØM for å bekrefte" error={error}>
        {(control) => <Input autoComplete="off" data-autofocus {...register('confirm')} {...control} />}
      </FormField>
      <div className="mt-4 flex justify-end gap-3">
        <Button type="button" variant="outline" onClick={onCancel}>
          Avbryt
        </Button>
        <Button type="submit" variant="destructive" disabled={word.trim() !== 'TØM' || clear.isPending}>
          {clear.isPending ? 'Tømmer...' : 'Tøm logger'}
        </Button>
      </div>
    </form>
  )
}
