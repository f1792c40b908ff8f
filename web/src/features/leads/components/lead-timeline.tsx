import { ArrowRightLeft, CalendarDays, FileSignature, Inbox, Mail, MailWarning, Merge, PencilLine, Sparkles, StickyNote, Trash2 } from 'lucide-react'
import { Link } from 'react-router'
import { paths } from '@/lib/paths'
import type { ReactNode } from 'react'
import { Button } from '@/components/ui/button'
import { formatDateTime, formatDay } from '@/lib/format'
import { formatPreferredTime } from '@/lib/days'
import type { StaffMember } from '../api/leads'
import type { TimelineEvent } from '../api/timeline'

/** The lead's fields by their API key, as the dialog and the timeline name them. */
export const FIELD_LABELS: Record<string, string> = {
  name: 'Navn',
  email: 'E-post',
  phone: 'Telefon',
  status: 'Status',
  kilde: 'Kilde',
  beskrivelse: 'Beskrivelse',
  adresse: 'Adresse',
  postnr: 'Postnummer',
  tags: 'Tags',
  follow_up: 'Oppfølging',
  assignee_id: 'Ansvarlig',
}

/** A field's value in a change, as staff read it. */
function shown(field: string, value: unknown, staff: StaffMember[]): string {
  if (value === null || value === undefined || value === '') return 'ingen'
  if (Array.isArray(value)) return value.length ? value.join(', ') : 'ingen'
  if (field === 'follow_up' && typeof value === 'string') return formatDay(value)
  if (field === 'assignee_id') return staff.find((member) => member.id === value)?.name ?? 'tidligere bruker'
  return String(value)
}

/**
 * What happened to a lead, newest first: when it came in, status moves, edits ("før →
 * etter"), notes, contact-form enquiries and e-mails sent. A note can be deleted by its
 * author and by an administrator.
 */
export function LeadTimeline({
  events,
  staff,
  canDelete,
  onDeleteNote,
}: {
  events: TimelineEvent[]
  staff: StaffMember[]
  canDelete: (authorId: string | null | undefined) => boolean
  onDeleteNote: (noteId: string) => void
}) {
  return (
    <ol className="grid gap-4" aria-label="Historikk">
      {events.map((event, index) => {
        const item = describe(event, staff)
        return (
          <li key={index} className="flex gap-3" data-event={event.kind}>
            <span className="mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-full bg-muted text-muted-foreground">
              <item.icon className="size-4" aria-hidden="true" />
            </span>
            <div className="min-w-0 flex-1">
              <div className="flex items-start justify-between gap-2">
                <p className="font-medium">{item.title}</p>
                {event.kind === 'note' && canDelete(event.note.author_id) && (
                  <Button
                    variant="ghost"
                    size="icon"
                    className="size-8 text-destructive hover:bg-destructive/10"
                    aria-label="Slett notat"
                    onClick={() => onDeleteNote(event.note.id)}
                  >
                    <Trash2 aria-hidden="true" />
                  </Button>
                )}
              </div>
              <p className="text-sm text-muted-foreground">
                <time dateTime={event.at}>{formatDateTime(event.at)}</time>
                {item.by && ` · ${item.by}`}
              </p>
              {item.body && <div className="mt-1 text-sm break-words">{item.body}</div>}
            </div>
          </li>
        )
      })}
    </ol>
  )
}

function describe(
  event: TimelineEvent,
  staff: StaffMember[],
): { icon: typeof Inbox; title: string; by?: string | null; body?: ReactNode } {
  switch (event.kind) {
    case 'created':
      return { icon: Sparkles, title: 'Lead opprettet', by: event.by }
    case 'status':
      return { icon: ArrowRightLeft, title: `Status: ${event.from ?? 'ingen'} → ${event.to ?? 'ingen'}`, by: event.by }
    case 'changed': {
      const [only, ...more] = event.changes
      return {
        icon: PencilLine,
        title: only && more.length === 0 ? `Endret ${FIELD_LABELS[only.field]?.toLowerCase() ?? only.field}` : 'Endret felter',
        by: event.by,
        body: (
          <ul className="grid gap-0.5">
            {event.changes.map((change) => (
              <li key={change.field}>
                <span className="font-medium">{FIELD_LABELS[change.field] ?? change.field}:</span>{' '}
                <span className="text-muted-foreground">{shown(change.field, change.before, staff)}</span>
                {' → '}
                {shown(change.field, change.after, staff)}
              </li>
            ))}
          </ul>
        ),
      }
    }
    case 'note':
      return {
        icon: StickyNote,
        title: 'Notat',
        by: event.note.author_name,
        body: <p className="whitespace-pre-wrap">{event.note.body}</p>,
      }
    case 'submission':
      return {
        icon: Inbox,
        title: 'Henvendelse fra kontaktskjemaet',
        by: event.submission.service,
        body: (
          <>
            <p className="whitespace-pre-wrap">{event.submission.message}</p>
            {event.submission.preferred_times.length > 0 && (
              <p className="mt-1 text-sm">
                Ønsket tid for befaring: {event.submission.preferred_times.map(formatPreferredTime).join('; ')}
              </p>
            )}
            <p className="mt-1 text-sm text-muted-foreground [overflow-wrap:anywhere]" data-submission-contact>
              Fra {[event.submission.name, event.submission.email, event.submission.phone].filter(Boolean).join(', ')}
            </p>
          </>
        ),
      }
    case 'email':
      return event.error
        ? { icon: MailWarning, title: `E-post til ${event.recipient} kunne ikke sendes`, body: event.subject }
        : { icon: Mail, title: `E-post sendt til ${event.recipient}`, body: event.subject }
    case 'merged':
      return { icon: Merge, title: `Slått sammen med ${event.name || 'en annen lead'}`, by: event.by }
    case 'quote':
      return {
        icon: FileSignature,
        title: event.text,
        by: event.by,
        body: (
          <Link to={paths.admin.quote(event.quote_id)} className="text-primary underline-offset-4 hover:underline">
            Åpne tilbudet
          </Link>
        ),
      }
    case 'visit':
      return { icon: CalendarDays, title: event.text, by: event.by }
  }
}
