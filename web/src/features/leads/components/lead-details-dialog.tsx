import type { ReactNode } from 'react'
import { Dialog } from '@/components/ui/dialog'
import { formatDateTime } from '@/lib/format'
import type { Lead } from '../api/list-leads'
import { StatusBadge } from './status-badge'

export function LeadDetailsDialog({
  lead,
  pipeline,
  onOpenChange,
}: {
  lead: Lead | null
  pipeline: string[]
  onOpenChange: (open: boolean) => void
}) {
  const rows: [string, ReactNode][] = lead
    ? [
        ['Navn', lead.name || 'Ukjent'],
        ['Status', <StatusBadge key="s" status={lead.status} pipeline={pipeline} />],
        ['E-post', lead.email ? <a href={`mailto:${lead.email}`} className="underline">{lead.email}</a> : '–'],
        ['Telefon', lead.phone ? <a href={`tel:${lead.phone.replace(/\s/g, '')}`} className="underline">{lead.phone}</a> : '–'],
        ['Adresse', [lead.adresse, lead.postnr].filter(Boolean).join(', ') || '–'],
        ['Kilde', lead.kilde],
        ['Beskrivelse', <span key="b" className="whitespace-pre-wrap">{lead.beskrivelse || '–'}</span>],
        ['Tags', lead.tags.length ? lead.tags.join(', ') : '–'],
        ['Opprettet', formatDateTime(lead.created_at)],
        ['Sist oppdatert', formatDateTime(lead.updated_at)],
      ]
    : []
  return (
    <Dialog open={lead !== null} onOpenChange={onOpenChange} title="Lead-detaljer" className="max-w-xl">
      <dl className="grid grid-cols-[8rem_1fr] gap-x-4 gap-y-3">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-sm font-medium text-muted-foreground">{label}</dt>
            <dd className="min-w-0 break-words">{value}</dd>
          </div>
        ))}
      </dl>
    </Dialog>
  )
}
