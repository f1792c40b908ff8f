import { Copy, FileText, Send } from 'lucide-react'
import { useState } from 'react'
import { Link } from 'react-router'
import { useToast } from '@/components/toast'
import { Button } from '@/components/ui/button'
import { ConfirmDialog, Dialog } from '@/components/ui/dialog'
import { FormField } from '@/components/ui/form-field'
import { Textarea } from '@/components/ui/input'
import { formatDateTime } from '@/lib/format'
import { paths } from '@/lib/paths'
import { type QuoteView, type SentQuote, useNewLink, useReviseQuote, useSendQuote, useWithdrawQuote } from '../api/quotes'
import { kroner } from '@/lib/money'
import { QuoteStatusBadge } from './quote-status'

/** What happened to a quote, when and by whom, and what staff can do with it now: send a
 * draft, revise a sent or declined one, withdraw, open the PDF. After sending, the
 * customer's link is shown once (only its hash is stored). */
/** `mail`: whether the server has e-mail; without it the send dialog promises no mail (the
 * link and the PDF instead). */
export function QuotePanel({ view, onOpen, mail = true }: { view: QuoteView; onOpen: (id: string) => void; mail?: boolean }) {
  const toast = useToast()
  const send = useSendQuote(view.id)
  const revise = useReviseQuote(view.id)
  const withdraw = useWithdrawQuote(view.id)
  const newLink = useNewLink(view.id)
  const [sent, setSent] = useState<SentQuote | null>(null)
  const [confirmWithdraw, setConfirmWithdraw] = useState(false)
  const [confirmSend, setConfirmSend] = useState(false)
  const [message, setMessage] = useState('')
  // A newer version being worked on or sent: revise that one instead.
  const newer = view.versions.some((version) => version.version > view.version && version.status !== 'withdrawn')
  // What a draft of a later version replaces when it is sent: the versions the customer can still answer.
  const open = view.status === 'draft' ? view.versions.filter((version) => version.version < view.version && version.status === 'sent') : []
  const fail = (error: unknown) =>
    toast({ title: 'Det gikk ikke', description: error instanceof Error ? error.message : 'Prøv igjen.', variant: 'destructive' })

  const events: [string, string | null | undefined][] = [
    ['Laget', `${formatDateTime(view.created_at)} av ${view.owner_name}`],
    ['Sendt', view.sent_at && `${formatDateTime(view.sent_at)}${view.sent_by ? ` av ${view.sent_by}` : ''}`],
    ['Først åpnet av kunden', view.first_opened_at && formatDateTime(view.first_opened_at)],
    ['Sist åpnet av kunden', view.last_opened_at && formatDateTime(view.last_opened_at)],
    [
      view.agreed_how ? 'Avtalt' : 'Akseptert',
      view.accepted_at &&
        (view.agreed_how
          ? `${formatDateTime(view.accepted_at)}${view.accepted_name ? ` med ${view.accepted_name}` : ''}, registrert av ${view.agreed_by ?? ''}`
          : `${formatDateTime(view.accepted_at)} av ${view.accepted_name ?? ''} (fra ${view.accepted_ip ?? 'ukjent adresse'})`),
    ],
    ['Start før angrefristen', view.accepted_at && view.angrerett && !view.agreed_how ? (view.early_start ? 'Ja, kunden ba om det' : 'Nei') : null],
    ['Avslått', view.declined_at && `${formatDateTime(view.declined_at)}${view.decline_reason ? `: «${view.decline_reason}»` : ''}`],
    ['Trukket tilbake', view.withdrawn_at && `${formatDateTime(view.withdrawn_at)} av ${view.withdrawn_by ?? ''}`],
    ['Erstattet', view.replaced_at && formatDateTime(view.replaced_at)],
    ['PDF (SHA-256)', view.pdf_sha256],
  ]
  return (
    <section aria-label="Status" className="grid gap-4 rounded-xl border border-border p-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-3">
          <QuoteStatusBadge status={view.status} />
          <span className="text-lg font-bold tabular-nums">{kroner(view.total)}</span>
          <span className="text-sm text-muted-foreground">inkl. MVA</span>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="outline">
            <a href={`/api/admin/quotes/${view.id}/pdf`} target="_blank" rel="noreferrer">
              <FileText aria-hidden="true" /> PDF
            </a>
          </Button>
          {view.status === 'draft' && (
            <Button disabled={send.isPending} onClick={() => setConfirmSend(true)}>
              <Send aria-hidden="true" /> Send til kunden
            </Button>
          )}
          {(view.status === 'sent' || view.status === 'declined' || view.status === 'expired') && !newer && (
            <Button variant="outline" disabled={revise.isPending} onClick={() => revise.mutateAsync().then((next) => onOpen(next.id), fail)}>
              Revider
            </Button>
          )}
          {view.status === 'sent' && (
            <Button
              variant="outline"
              disabled={newLink.isPending}
              onClick={() =>
                newLink.mutateAsync().then((answer) => {
                  setSent(answer)
                  toast({ title: 'Ny lenke er laget', description: answer.emailed ? `Den gikk på e-post til ${answer.quote.customer_email}. Den gamle lenken virker ikke lenger.` : answer.email_note ?? undefined })
                }, fail)
              }
            >
              Send lenken på nytt
            </Button>
          )}
          {(view.status === 'draft' || view.status === 'sent') && (
            <Button variant="outline" onClick={() => setConfirmWithdraw(true)}>
              Trekk tilbake
            </Button>
          )}
        </div>
      </div>
      {open.length > 0 && (
        <p className="text-sm" data-replaces>
          Kunden kan fortsatt akseptere versjon {open.map((version) => version.version).join(' og ')}. Når denne versjonen sendes, erstatter den
          {open.length > 1 ? ' dem' : ' den'}, og lenken kunden har sier at det finnes en ny versjon.
        </p>
      )}
      {sent && (
        <div role="status" className="grid gap-2 rounded-lg border-2 border-primary/40 p-3" data-sent-link>
          <p className="font-semibold">{sent.emailed ? 'Sendt på e-post. Kundens lenke:' : sent.email_note}</p>
          <div className="flex flex-wrap items-center gap-2">
            <code className="min-w-0 break-all rounded bg-muted px-2 py-1 text-sm">{sent.link}</code>
            <Button
              type="button"
              variant="outline"
              size="sm"
              onClick={() => void navigator.clipboard?.writeText(sent.link).then(() => toast({ title: 'Lenken er kopiert' }))}
            >
              <Copy aria-hidden="true" /> Kopier lenken
            </Button>
          </div>
          <p className="text-sm text-muted-foreground">Lenken vises bare nå. Trengs den igjen, velg «Send lenken på nytt»: da lages en ny, og denne slutter å virke.</p>
        </div>
      )}
      <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
        {events
          .filter(([, value]) => value)
          .map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-muted-foreground">{label}</dt>
              <dd className="min-w-0 break-words">{value}</dd>
            </div>
          ))}
      </dl>
      {view.versions.length > 1 && (
        <nav aria-label="Versjoner" className="text-sm">
          <p className="font-semibold">Versjoner</p>
          <ul className="mt-1 grid gap-1">
            {view.versions.map((version) => (
              <li key={version.id}>
                {version.id === view.id ? (
                  <span aria-current="page">Versjon {version.version} (denne)</span>
                ) : (
                  <Link className="text-primary underline" to={paths.admin.quote(version.id)}>
                    Versjon {version.version}
                  </Link>
                )}{' '}
                <QuoteStatusBadge status={version.status} />
              </li>
            ))}
          </ul>
        </nav>
      )}
      <Dialog
        open={confirmSend}
        onOpenChange={setConfirmSend}
        title="Sende tilbudet?"
        description={
          !mail
            ? 'E-post er ikke satt opp på serveren: du får lenken og PDF-en og sender dem selv. Tilbudet kan ikke endres etterpå, bare revideres.'
            : view.customer_email
              ? `Tilbudet sendes til ${view.customer_email} med PDF og lenke. Det kan ikke endres etterpå, bare revideres.`
              : 'Kunden har ingen e-postadresse: du får lenken og sender den selv. Tilbudet kan ikke endres etterpå, bare revideres.'
        }
      >
        <FormField className="grid gap-2" id="send-message" label="Personlig melding (valgfritt)">
          {(control) => <Textarea {...control} rows={4} maxLength={2000} value={message} onChange={(event) => setMessage(event.target.value)} placeholder="Hei! Takk for en hyggelig befaring ..." />}
        </FormField>
        <div className="mt-4 flex justify-end gap-3">
          <Button variant="outline" onClick={() => setConfirmSend(false)} data-autofocus>
            Avbryt
          </Button>
          <Button
            disabled={send.isPending}
            onClick={() =>
              send.mutateAsync({ message: message.trim() || null }).then((answer) => {
                setConfirmSend(false)
                setSent(answer)
                toast({ title: answer.emailed ? 'Tilbudet er sendt til kunden' : 'Tilbudet er klart', description: answer.emailed ? `E-post med PDF og lenke gikk til ${answer.quote.customer_email}.` : answer.email_note ?? undefined })
              }, fail)
            }
          >
            <Send aria-hidden="true" /> {send.isPending ? 'Sender...' : 'Send til kunden'}
          </Button>
        </div>
      </Dialog>
      <ConfirmDialog
        open={confirmWithdraw}
        onOpenChange={setConfirmWithdraw}
        title={view.status === 'draft' ? 'Trekke tilbake utkastet?' : 'Trekke tilbake tilbudet?'}
        description={
          view.status === 'draft'
            ? `Utkastet er aldri sendt, så kunden har ikke sett det.${open.length > 0 ? ` Versjon ${open.map((version) => version.version).join(' og ')} er fortsatt åpen for kunden, som før.` : ''}`
            : 'Kunden kan ikke lenger akseptere det. Lenken sier at tilbudet er trukket tilbake.'
        }
        confirmLabel={view.status === 'draft' ? 'Trekk tilbake utkastet' : 'Trekk tilbake'}
        onConfirm={() => withdraw.mutateAsync().then(() => setConfirmWithdraw(false), fail)}
      />
    </section>
  )
}
