import { Eye, Pencil, Trash2 } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { formatDateTime } from '@/lib/format'
import type { Lead } from '../api/list-leads'
import { StatusBadge } from './status-badge'

export function LeadTable({
  leads,
  pipeline,
  onView,
  onEdit,
  onDelete,
}: {
  leads: Lead[]
  pipeline: string[]
  onView: (lead: Lead) => void
  onEdit: (lead: Lead) => void
  onDelete: (lead: Lead) => void
}) {
  return (
    <div className="overflow-x-auto rounded-xl border border-border bg-card">
      <table className="w-full min-w-[56rem] text-left text-sm">
        <thead className="border-b border-border bg-muted/60 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
          <tr>
            <th scope="col" className="px-4 py-3">Navn</th>
            <th scope="col" className="px-4 py-3">Kontakt</th>
            <th scope="col" className="px-4 py-3">Beskrivelse</th>
            <th scope="col" className="px-4 py-3">Status</th>
            <th scope="col" className="px-4 py-3">Kilde</th>
            <th scope="col" className="px-4 py-3">Opprettet</th>
            <th scope="col" className="px-4 py-3 text-right">Handlinger</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {leads.map((lead) => (
            <tr key={lead.id} className="align-top hover:bg-muted/40">
              <td className="px-4 py-3">
                <p className="font-semibold">{lead.name || 'Ukjent'}</p>
                {(lead.adresse || lead.postnr) && (
                  <p className="text-muted-foreground">{[lead.adresse, lead.postnr].filter(Boolean).join(', ')}</p>
                )}
              </td>
              <td className="min-w-[13rem] px-4 py-3">
                {lead.email && <p className="break-words">{lead.email}</p>}
                {lead.phone && <p className="text-muted-foreground">{lead.phone}</p>}
              </td>
              <td className="max-w-xs px-4 py-3">
                <p className="line-clamp-2 text-muted-foreground">{lead.beskrivelse}</p>
              </td>
              <td className="px-4 py-3">
                <StatusBadge status={lead.status} pipeline={pipeline} />
              </td>
              <td className="px-4 py-3">{lead.kilde}</td>
              <td className="px-4 py-3 whitespace-nowrap">{formatDateTime(lead.created_at)}</td>
              <td className="px-4 py-3">
                <div className="flex justify-end gap-1">
                  <Button variant="ghost" size="icon" className="size-9" onClick={() => onView(lead)} aria-label={`Vis ${lead.name || 'lead'}`}>
                    <Eye aria-hidden="true" />
                  </Button>
                  <Button variant="ghost" size="icon" className="size-9" onClick={() => onEdit(lead)} aria-label={`Rediger ${lead.name || 'lead'}`}>
                    <Pencil aria-hidden="true" />
                  </Button>
                  <Button
                    variant="ghost"
                    size="icon"
                    className="size-9 text-destructive hover:bg-destructive/10"
                    onClick={() => onDelete(lead)}
                    aria-label={`Slett ${lead.name || 'lead'}`}
                  >
                    <Trash2 aria-hidden="true" />
                  </Button>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
