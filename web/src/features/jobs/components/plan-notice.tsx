import { zodResolver } from '@hookform/resolvers/zod'
import { Mail } from 'lucide-react'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { Link } from 'react-router'
import { z } from 'zod'
import { useToast } from '@/components/toast'
import { Button } from '@/components/ui/button'
import { FormField } from '@/components/ui/form-field'
import { Textarea } from '@/components/ui/input'
import { Spinner } from '@/components/ui/spinner'
import { reasonOf } from '@/lib/api'
import { formatWeekday } from '@/lib/days'
import { clockOf, formatDateTime } from '@/lib/format'
import { useServerErrors } from '@/lib/forms'
import { paths } from '@/lib/paths'
import { type PlanNoticePreview, type ToldDay, usePlanNotice, useSendPlanNotice } from '../api/jobs'

const schema = z.object({ text: z.string().refine((text) => text.trim().length > 0, 'Skriv teksten til kunden.') })
type Values = z.infer<typeof schema>

/** "fra kl. 07:30 til ca. 16:30", or "tidspunkt avtales" for a day without a start, as the
 * letter says it (src/planning/letter.rs). */
function when(day: ToldDay): string {
  if (day.starts_at == null) return 'tidspunkt avtales'
  return `fra kl. ${clockOf(day.starts_at)}${day.ends_at == null ? '' : ` til ca. ${clockOf(day.ends_at)}`}`
}

/**
 * "Si fra til kunden om planen": the job's planned days as the customer is told them, what
 * changed since the customer last heard, and the e-mail itself, which the office may edit
 * before "Send til kunden". When it cannot go (no e-mail on the server, no address, nothing
 * planned or changed, invoiced) the button says why. The rules are the server's
 * (`fagfolk_data::planning::notice`).
 */
export function PlanNotice({ jobId, leadId }: { jobId: string; leadId: string | null }) {
  const notice = usePlanNotice(jobId)
  const [open, setOpen] = useState(false)
  if (notice.isError) return <p className="text-destructive">Kunne ikke hente planen til kunden.</p>
  if (!notice.data) return <Spinner label="Laster planen til kunden..." />
  const preview = notice.data
  const last = preview.sent.at(-1)
  return (
    <section aria-labelledby="plan-notice" className="grid gap-3 rounded-2xl border border-border bg-card p-4">
      <h2 id="plan-notice" className="text-lg font-semibold">
        Si fra til kunden om planen
      </h2>
      {preview.days.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          Ingen dager er planlagt.{' '}
          <Link to={paths.admin.planning} className="text-primary underline underline-offset-4">
            Planlegg på tavlen
          </Link>
        </p>
      ) : (
        <ul aria-label="Planlagte dager" className="grid gap-1 text-sm">
          {preview.days.map((day) => (
            <li key={day.day}>
              <span className="font-medium">{formatWeekday(day.day)}</span>, {when(day)}: {day.people.join(', ')}
            </li>
          ))}
        </ul>
      )}
      {preview.changes.length > 0 && (
        <div className="grid gap-1 text-sm">
          <p className="font-medium">Endret siden kunden fikk planen sist:</p>
          <ul aria-label="Endringer" className="list-disc pl-5">
            {preview.changes.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </div>
      )}
      {last && (
        <p className="text-sm text-muted-foreground">
          Sist sendt {formatDateTime(last.sent_at)} av {last.sent_by} til {last.sent_to}.
        </p>
      )}
      {open ? (
        <NoticeForm key={preview.seen} jobId={jobId} leadId={leadId} preview={preview} onDone={() => setOpen(false)} />
      ) : (
        <div className="flex flex-wrap items-center gap-3">
          <Button variant="outline" className="w-fit" onClick={() => setOpen(true)}>
            <Mail aria-hidden="true" /> Vis e-posten til kunden
          </Button>
          {preview.not_now && <p className="text-sm text-muted-foreground">{preview.not_now}</p>}
        </div>
      )}
    </section>
  )
}

/** The e-mail as it would go, editable, and "Send til kunden" with the preview's `seen`, so a
 * plan changed since is refused and shown again. Made afresh for each preview (its `key`). */
function NoticeForm({ jobId, leadId, preview, onDone }: { jobId: string; leadId: string | null; preview: PlanNoticePreview; onDone: () => void }) {
  const send = useSendPlanNotice(jobId, leadId)
  const toast = useToast()
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { text: preview.text } })
  const { register, handleSubmit, formState } = form
  const serverErrors = useServerErrors(form)
  const blocked = preview.not_now ?? null

  const submit = handleSubmit(async ({ text }) => {
    try {
      const sent = await send.mutateAsync({ text, seen: preview.seen })
      toast({ title: 'Planen er sendt til kunden', description: `Til ${sent.sent_to}, med dagene som kalenderfil.` })
      onDone()
    } catch (error) {
      serverErrors(error)
      toast({ title: 'Planen ble ikke sendt', description: reasonOf(error), variant: 'destructive' })
    }
  })

  return (
    <form onSubmit={submit} noValidate className="grid gap-3" aria-label="E-posten til kunden">
      <dl className="grid gap-1 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-3">
        <dt className="text-muted-foreground">Til</dt>
        <dd>{preview.to ?? 'kunden har ingen e-postadresse'}</dd>
        <dt className="text-muted-foreground">Emne</dt>
        <dd>{preview.subject}</dd>
      </dl>
      <FormField
        id="plan-notice-text"
        label="Tekst til kunden"
        hint="Du kan endre teksten før den sendes. Dagene legges ved som kalenderfil."
        error={formState.errors.text?.message}
      >
        {(control) => <Textarea {...register('text')} {...control} rows={16} />}
      </FormField>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={blocked !== null || send.isPending} aria-describedby={blocked ? 'plan-notice-why' : undefined}>
          <Mail aria-hidden="true" /> Send til kunden
        </Button>
        <Button type="button" variant="ghost" onClick={onDone}>
          Lukk
        </Button>
      </div>
      {blocked && (
        <p id="plan-notice-why" className="text-sm text-muted-foreground">
          {blocked}
        </p>
      )}
    </form>
  )
}
