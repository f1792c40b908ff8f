import { TriangleAlert } from 'lucide-react'
import { useState } from 'react'
import { useToast } from '@/components/toast'
import { Button } from '@/components/ui/button'
import { ConfirmDialog } from '@/components/ui/dialog'
import { formatDate } from '@/lib/format'
import { useDismissDuplicate, useMergeLeads } from '../api/duplicates'
import { useLead } from '../api/get-lead'
import type { Lead } from '../api/list-leads'

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
  if (!lead.duplicate_of || !other.data) return null
  const kept = other.data
  const name = lead.name || 'Denne lead-en'
  const keptName = kept.name || 'den andre lead-en'

  async function confirmMerge() {
    try {
      await merge.mutateAsync({ into: kept.id, from: lead.id })
      setConfirming(false)
      toast({ title: 'Slått sammen', description: `${name} er slått sammen med ${keptName}.` })
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
        <Button size="sm" onClick={() => setConfirming(true)}>
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
        description={`${name} slås sammen med ${keptName}. Notater, tags, henvendelser og historikk flyttes dit, felt ${keptName} mangler fylles ut, og ${name} slettes.`}
        confirmLabel="Slå sammen"
        busyLabel="Slår sammen..."
        busy={merge.isPending}
        onConfirm={() => void confirmMerge()}
      />
    </div>
  )
}
