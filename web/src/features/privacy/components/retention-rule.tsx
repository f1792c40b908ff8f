import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { z } from 'zod'
import { useToast } from '@/components/toast'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { FieldError, Label, Select } from '@/components/ui/input'
import { fieldControl } from '@/components/ui/form-field'
import { useServerErrors } from '@/lib/forms'
import { useRetention, useSaveRetention } from '../api/privacy'

const MONTHS = [3, 6, 12, 18, 24, 36, 60]

/** "Sletteregel": how many months after the last change won and lost leads are anonymised. */
export function RetentionRule({ editable }: { editable: boolean }) {
  const retention = useRetention()
  const stored = retention.data?.months ?? null
  return (
    <Card className="mt-6 max-w-3xl p-6">
      <h2 className="text-xl font-semibold">Sletteregel</h2>
      <p className="mt-1 text-sm text-muted-foreground">
        Leads som er vunnet eller tapt og ikke endret på så mange måneder, anonymiseres automatisk én gang i døgnet: navn,
        kontaktopplysninger, beskrivelse, adresse, notater og henvendelser fjernes. Status, kilde, tags og datoer beholdes
        for statistikken.
      </p>
      {/* Mounted again when the stored rule changes, so the choice starts from what is saved. */}
      {retention.isSuccess && <RetentionForm key={String(stored)} stored={stored} editable={editable} />}
    </Card>
  )
}

const schema = z.object({ months: z.string() })
type Values = z.infer<typeof schema>

function RetentionForm({ stored, editable }: { stored: number | null; editable: boolean }) {
  const toast = useToast()
  const save = useSaveRetention()
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { months: stored === null ? '' : String(stored) } })
  const { register, handleSubmit, formState } = form
  const serverErrors = useServerErrors(form)
  const choices = stored === null || MONTHS.includes(stored) ? MONTHS : [...MONTHS, stored].sort((a, b) => a - b)

  const submit = handleSubmit(async ({ months }) => {
    try {
      await save.mutateAsync(months ? Number(months) : null)
      toast({
        title: 'Sletteregel lagret',
        description: months ? `Vunne og tapte leads anonymiseres etter ${months} måneder.` : 'Sletteregelen er slått av.',
      })
    } catch (error) {
      serverErrors(error)
      toast({ title: 'Feil', description: error instanceof Error ? error.message : 'Kunne ikke lagre.', variant: 'destructive' })
    }
  })

  const error = formState.errors.months?.message
  return (
    <form method="post" className="mt-4" onSubmit={submit} noValidate>
      <div className="flex flex-wrap items-end gap-3">
        <div>
          <Label htmlFor="privacy-retention">Anonymiser vunne og tapte leads etter</Label>
          <Select disabled={!editable} {...register('months')} {...fieldControl('privacy-retention', { error })}>
            <option value="">Aldri (av)</option>
            {choices.map((n) => (
              <option key={n} value={n}>
                {n} måneder
              </option>
            ))}
          </Select>
        </div>
        {editable && (
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Lagrer...' : 'Lagre sletteregel'}
          </Button>
        )}
      </div>
      <FieldError id="privacy-retention-feil">{error}</FieldError>
    </form>
  )
}
