import { zodResolver } from '@hookform/resolvers/zod'
import { Download, Search, Trash2 } from 'lucide-react'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { z } from 'zod'
import { useToast } from '@/components/toast'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { ConfirmDialog } from '@/components/ui/dialog'
import { FieldError, Input, Label } from '@/components/ui/input'
import { fieldControl } from '@/components/ui/form-field'
import { norwegianDay } from '@/lib/format'
import { useServerErrors } from '@/lib/forms'
import { useSite } from '@/lib/site'
import { type PersonData, useErasePerson, useExportPerson, useLookUpPerson } from '../api/privacy'
import { summaryHtml } from '../summary'

/** "2 leads, 1 henvendelse og 0 notater". */
function counts(leads: number, submissions: number, notes: number): string {
  const n = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`
  return `${n(leads, 'lead', 'leads')}, ${n(submissions, 'henvendelse', 'henvendelser')} og ${n(notes, 'notat', 'notater')}`
}

function counted(data: PersonData): string {
  return counts(data.leads.length, data.submissions.length, data.notes.length)
}

/** Offers a file made in the browser from what was fetched. */
function download(body: string, type: string, extension: string) {
  const url = URL.createObjectURL(new Blob([body], { type }))
  const link = document.createElement('a')
  link.href = url
  link.download = `personopplysninger-${norwegianDay()}.${extension}`
  link.click()
  URL.revokeObjectURL(url)
}

// The server decides what counts as an e-mail or a phone number and says so under the field.
const schema = z.object({ person: z.string() })
type Values = z.infer<typeof schema>

/** What an erasure keeps, said after what it removes: accepted quotes and jobs with their
 * time sheets are bookkeeping documentation (crates/data/src/privacy/mod.rs, `Erased`). */
function kept(quotes: number, jobs: number): string {
  if (quotes === 0 && jobs === 0) return ''
  const parts = [quotes > 0 ? `${quotes} akseptert${quotes === 1 ? '' : 'e'} tilbud` : '', jobs > 0 ? `${jobs} oppdrag med timelister` : '']
  return ` ${parts.filter(Boolean).join(' og ')} beholdes i 10 år som regnskapsmateriale (bokføringsforskriften § 8-1-2).`
}

/** "Innsyn og sletting": everything stored about a person, found by e-mail or phone, downloaded or erased. */
export function PersonSearch() {
  const toast = useToast()
  const site = useSite()
  const find = useLookUpPerson()
  const fetchFile = useExportPerson()
  const erase = useErasePerson()
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { person: '' } })
  const { register, handleSubmit, formState } = form
  const serverErrors = useServerErrors(form)
  const [found, setFound] = useState<PersonData | null>(null)
  const [confirming, setConfirming] = useState(false)

  const search = handleSubmit(async ({ person }) => {
    setFound(null)
    try {
      setFound(await find.mutateAsync(person))
    } catch (error) {
      if (!serverErrors(error)) {
        form.setError('person', { type: 'server', message: error instanceof Error ? error.message : 'Kunne ikke søke. Prøv igjen.' })
      }
    }
  })

  /** The file is asked for anew, so the log records it as an export (what was shown was a
   * lookup): as a page the person can read, or as JSON for a machine. */
  async function downloadFile(person: string, as: 'html' | 'json') {
    try {
      const data = await fetchFile.mutateAsync(person)
      if (as === 'html') download(summaryHtml(data, site.company_name), 'text/html;charset=utf-8', 'html')
      else download(JSON.stringify(data, null, 2), 'application/json', 'json')
    } catch (err) {
      toast({ title: 'Feil', description: err instanceof Error ? err.message : 'Kunne ikke laste ned.', variant: 'destructive' })
    }
  }

  async function confirmErase() {
    if (!found) return
    try {
      const erased = await erase.mutateAsync(found.person)
      toast({
        title: 'Personopplysninger slettet',
        description: `Slettet ${counts(erased.leads, erased.submissions, erased.notes)}.${kept(erased.quotes_kept, erased.jobs_kept)}`,
      })
      setFound(null)
      form.reset()
    } catch (err) {
      toast({ title: 'Feil', description: err instanceof Error ? err.message : 'Kunne ikke slette.', variant: 'destructive' })
    } finally {
      setConfirming(false)
    }
  }

  const error = formState.errors.person?.message
  return (
    <Card className="mt-6 max-w-3xl p-6">
      <h2 className="text-xl font-semibold">Innsyn og sletting</h2>
      <p className="mt-1 text-sm text-muted-foreground">
        Finn alt som er lagret om en kunde: leads, henvendelser fra kontaktskjemaet, notater og e-poster. Last det ned
        når kunden ber om innsyn, eller slett det når kunden ber om det.
      </p>
      <form method="post" className="mt-4 flex flex-wrap items-end gap-3" onSubmit={search} noValidate>
        <div className="min-w-[16rem] flex-1">
          <Label htmlFor="privacy-person">E-post eller telefon</Label>
          <Input autoComplete="off" {...register('person')} {...fieldControl('privacy-person', { error })} />
        </div>
        <Button type="submit" disabled={find.isPending}>
          <Search aria-hidden="true" />
          {find.isPending ? 'Søker...' : 'Finn opplysninger'}
        </Button>
      </form>
      <FieldError id="privacy-person-feil">{error}</FieldError>
      {found && (
        <div className="mt-5 rounded-xl border border-border p-4" data-person-found>
          <p className="font-semibold">
            Fant {counted(found)} om {found.person}.
          </p>
          {found.leads.length > 0 && (
            <ul className="mt-2 list-inside list-disc text-sm">
              {found.leads.map((lead) => (
                <li key={lead.id}>
                  {lead.name || 'Ukjent'} ({lead.status})
                </li>
              ))}
            </ul>
          )}
          <div className="mt-4 flex flex-wrap gap-3">
            <Button variant="outline" disabled={fetchFile.isPending} onClick={() => void downloadFile(found.person, 'html')}>
              <Download aria-hidden="true" />
              Last ned lesbar oversikt
            </Button>
            <Button variant="outline" disabled={fetchFile.isPending} onClick={() => void downloadFile(found.person, 'json')}>
              <Download aria-hidden="true" />
              Last ned JSON
            </Button>
            <Button variant="destructive" onClick={() => setConfirming(true)}>
              <Trash2 aria-hidden="true" />
              Slett alle opplysninger
            </Button>
          </div>
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Slett personopplysninger?"
        description={
          found
            ? `${counted(found)} om ${found.person} slettes permanent. Loggen beholder hva som ble gjort og av hvem, men ikke opplysningene. Dette kan ikke angres.${kept(found.quotes.filter((quote) => quote.status === 'accepted').length, found.jobs.length)}`
            : ''
        }
        confirmLabel="Slett opplysninger"
        busyLabel="Sletter..."
        busy={erase.isPending}
        onConfirm={() => void confirmErase()}
      />
    </Card>
  )
}
