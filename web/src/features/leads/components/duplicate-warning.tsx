import { TriangleAlert } from 'lucide-react'
import { useState } from 'react'
import { useToast } from '@/components/toast'
import { Button } from '@/components/ui/button'
import { ConfirmDialog } from '@/components/ui/dialog'
import { formatDate } from '@/lib/format'
import { type MergeSide, useDismissDuplicate, useMergeLeads } from '../api/duplicates'
import { type Lead, useLead } from '../api/leads'

/**
 * The warning on a lead that came in with the phone number or e-mail address of an open
 * lead: staff open the other, merge this one into it (the older lead is kept, with this
 * one's notes, enquiries, tags and history), or say they are different jobs.
 */
export function DuplicateWarning({ lead, onOpenLead }: { lead: Lead; onOpenLead: (id: string) => void }) {
  const toast = useToast()
  const other = useLead(lead.duplicate_of ?? null)
  const merge = useMergeLeads()
  const dismiss = useDismissDuplicate()
  const [confirming, setConfirming] = useState(false)
  const [email, setEmail] = useState<MergeSide>('kept')
  const [phone, setPhone] = useState<MergeSide>('kept')
  if (!lead.duplicate_of || !other.data) return null
  const kept = other.data
  const name = lead.name || 'Denne lead-en'
  const keptName = kept.name || 'den andre lead-en'
  // The main contact details stay the kept lead's unless staff choose; the others are kept beside them.
  const emailDiffers = Boolean(lead.email) && lead.email !== kept.email
  const phoneDiffers = Boolean(lead.phone) && lead.phone !== kept.phone

  function openMerge() {
    setEmail('kept')
    setPhone('kept')
    setConfirming(true)
  }

  async function confirmMerge() {
    try {
      await merge.mutateAsync({ into: kept.id, from: lead.id, email, phone })
      setConfirming(false)
      toast({ title: 'Slått sammen', description: `${name} er slått sammen inn i ${keptName}, som beholdes.` })
      onOpenLead(kept.id)
    } catch (error) {
      setConfirming(false)
      toast({ title: 'Feil', description: error instanceof Error ? error.message : 'Kunne ikke slå sammen.', variant: 'destructive' })
    }
  }

  return (
    <div
      className="rounded-xl border border-amber-400 bg-amber-50 p-4 text-amber-950 dark:border-amber-500/60 dark:bg-amber-950/40 dark:text-amber-50"
      data-duplicate-warning
    >
      <p className="flex items-center gap-2 font-semibold">
        <TriangleAlert className="size-5 shrink-0" aria-hidden="true" />
        Mulig duplikat
      </p>
      <p className="mt-1 text-sm">
        Samme telefonnummer eller e-post som den åpne lead-en <strong>{keptName}</strong> (kom inn {formatDate(kept.created_at)},
        status {kept.status}).
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button size="sm" variant="outline" onClick={() => onOpenLead(kept.id)}>
          Vis {keptName}
        </Button>
        <Button size="sm" onClick={openMerge}>
          Slå sammen
        </Button>
        <Button
          size="sm"
          variant="ghost"
          disabled={dismiss.isPending}
          onClick={() =>
            dismiss.mutate(lead.id, {
              onSuccess: () => toast({ title: 'Lagret', description: `${name} er ikke lenger merket som mulig duplikat.` }),
              onError: (error) => toast({ title: 'Feil', description: error.message, variant: 'destructive' }),
            })
          }
        >
          Ikke duplikat
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Slå sammen leads"
        description="Notater, tags, henvendelser og historikk flyttes til lead-en som beholdes, felt den mangler fylles ut, og alle e-postadresser og telefonnumre fra begge beholdes og finnes ved søk."
        confirmLabel="Slå sammen"
        busyLabel="Slår sammen..."
        busy={merge.isPending}
        onConfirm={() => void confirmMerge()}
      >
        <dl className="mb-4 grid gap-2 text-sm" data-merge-sides>
          <MergeSideLine label="Beholdes" lead={kept} />
          <MergeSideLine label="Slettes etter flyttingen" lead={lead} />
        </dl>
        {emailDiffers && (
          <ContactChoice legend="Hoved-e-post etter sammenslåingen" kept={kept.email} merged={lead.email} value={email} onChange={setEmail} />
        )}
        {phoneDiffers && (
          <ContactChoice legend="Hovednummer etter sammenslåingen" kept={kept.phone} merged={lead.phone} value={phone} onChange={setPhone} />
        )}
      </ConfirmDialog>
    </div>
  )
}

/** One of the two leads of a merge, told apart by when it came in, its status and its contact details. */
function MergeSideLine({ label, lead }: { label: string; lead: Lead }) {
  const contact = [lead.email, lead.phone].filter(Boolean).join(', ') || 'uten e-post og telefon'
  return (
    <div className="rounded-lg border border-border p-3">
      <dt className="font-semibold">{label}</dt>
      <dd className="[overflow-wrap:anywhere]">
        {lead.name || 'Uten navn'}, kom inn {formatDate(lead.created_at)}, status {lead.status}, {contact}
      </dd>
    </div>
  )
}

/** Which of the two leads' e-mail or phone is the kept lead's main one: its own by
 * default. The other is kept beside it either way. */
function ContactChoice({
  legend,
  kept,
  merged,
  value,
  onChange,
}: {
  legend: string
  kept: string | null | undefined
  merged: string | null | undefined
  value: MergeSide
  onChange: (side: MergeSide) => void
}) {
  const options: { side: MergeSide; label: string }[] = [
    { side: 'kept', label: kept ? `Behold ${kept} som hoved` : 'Ingen hoved (som nå)' },
    { side: 'merged', label: `Bruk ${merged ?? ''} som hoved` },
  ]
  return (
    <fieldset className="mb-4 rounded-lg border p-3">
      <legend className="px-1 text-sm font-semibold">{legend}</legend>
      {options.map((option) => (
        <label key={option.side} className="flex items-center gap-2 py-1 text-sm [overflow-wrap:anywhere]">
          <input
            type="radio"
            name={legend}
            value={option.side}
            checked={value === option.side}
            onChange={() => onChange(option.side)}
            className="size-4 accent-primary"
          />
          {option.label}
        </label>
      ))}
    </fieldset>
  )
}
