import { Copy } from 'lucide-react'
import { useState } from 'react'
import { useToast } from '@/components/toast'
import { Button } from '@/components/ui/button'
import { Input, Label } from '@/components/ui/input'
import type { components } from '@/lib/api-schema'
import { formatDate } from '@/lib/format'
import { useDocumentsLink, useMakeDocumentsLink, useRevokeDocumentsLink } from '../api/documents'

/** "Kundens dokumentside": once the job is done, a secret link to a page where the
 * customer fetches the job's documents (the quote, tilleggsarbeid, the invoice basis or
 * invoice, the samsvarserklæring). It works for 90 days; its address is shown once, when
 * made, and e-mailed when asked; a new one replaces it, and it can be taken back. */
export function JobDocuments({ job }: { job: { id: string; status: components['schemas']['JobStatus'] } }) {
  const finished = job.status === 'done' || job.status === 'invoiced'
  const state = useDocumentsLink(job.id, finished)
  const make = useMakeDocumentsLink(job.id)
  const revoke = useRevokeDocumentsLink(job.id)
  const toast = useToast()
  const [send, setSend] = useState(true)
  // The address just made, and whether it took the place of one (that one stops).
  const [shown, setShown] = useState<{ url: string; replaced: boolean } | null>(null)
  const link = state.data?.link
  const email = state.data?.email
  const fail = (title: string) => (error: unknown) =>
    toast({ title, description: error instanceof Error ? error.message : undefined, variant: 'destructive' })
  return (
    <section aria-labelledby="job-documents" className="grid gap-3 rounded-2xl border border-border bg-card p-4">
      <h2 id="job-documents" className="text-lg font-semibold">Kundens dokumentside</h2>
      {!finished ? (
        <p className="text-muted-foreground">Når oppdraget er satt til «Ferdig», kan du lage en lenke der kunden henter dokumentene fra oppdraget.</p>
      ) : (
        <>
          <p className="text-sm text-muted-foreground">
            En hemmelig lenke til en side der kunden laster ned tilbudet, tilleggsarbeid, fakturagrunnlaget eller fakturaen og
            samsvarserklæringen. Den virker i 90 dager.
          </p>
          <p data-documents-link-state className={state.isError ? 'text-destructive' : undefined}>
            {state.isPending
              ? 'Henter lenken...'
              : state.isError
                ? 'Kunne ikke hente lenken. Last siden på nytt.'
                : link
                  ? `${new Date(link.expires_at) > new Date() ? 'Lenken virker til' : 'Lenken gikk ut'} ${formatDate(link.expires_at)} (laget av ${link.created_by} ${formatDate(link.created_at)}).`
                  : 'Ingen lenke ennå.'}
          </p>
          {email && (
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" className="size-5 accent-primary" checked={send} onChange={(event) => setSend(event.target.checked)} />
              Send lenken på e-post til {email}
            </label>
          )}
          <span className="flex flex-wrap gap-2">
            <Button
              className="w-fit"
              disabled={make.isPending || state.isPending || state.isError}
              onClick={() =>
                make.mutateAsync(Boolean(email) && send).then((made) => {
                  setShown({ url: made.url, replaced: Boolean(link) })
                  if (made.emailed) toast({ title: 'Lenken er sendt', description: `Sendt til ${email}.` })
                  else if (made.notice) toast({ title: 'Lenken er laget, men ikke sendt', description: made.notice, variant: 'destructive' })
                  else toast({ title: 'Lenken er laget', description: 'Kopier den og send den til kunden.' })
                  // The address is shown this once: focus goes to it, ready to copy.
                  requestAnimationFrame(() => document.getElementById(`documents-link-${job.id}`)?.focus())
                }, fail('Kunne ikke lage lenken'))
              }
            >
              {link ? 'Lag ny lenke' : 'Lag lenke'}
            </Button>
            {link && (
              <Button
                variant="outline"
                disabled={revoke.isPending}
                onClick={() =>
                  revoke.mutateAsync().then(() => {
                    setShown(null)
                    toast({ title: 'Lenken er trukket tilbake', description: 'Den virker ikke lenger.' })
                  }, fail('Kunne ikke trekke tilbake lenken'))
                }
              >
                Trekk tilbake lenken
              </Button>
            )}
          </span>
          {shown && (
            <div className="grid gap-1">
              <Label htmlFor={`documents-link-${job.id}`}>Lenken til kunden (vises bare nå)</Label>
              <Input id={`documents-link-${job.id}`} readOnly value={shown.url} onFocus={(event) => event.currentTarget.select()} data-documents-url />
              <Button
                type="button"
                variant="outline"
                size="sm"
                className="w-fit"
                onClick={() => void navigator.clipboard?.writeText(shown.url).then(() => toast({ title: 'Lenken er kopiert' }))}
              >
                <Copy aria-hidden="true" /> Kopier lenken
              </Button>
              {shown.replaced && <span className="text-sm text-muted-foreground">Den forrige lenken virker ikke lenger.</span>}
            </div>
          )}
        </>
      )}
    </section>
  )
}
