import { useToast } from '@/components/toast'
import { FormField } from '@/components/ui/form-field'
import { Select } from '@/components/ui/input'
import { Spinner } from '@/components/ui/spinner'
import { ApiError } from '@/lib/api'
import { formatDateTime } from '@/lib/format'
import { type Lead, type LeadInput, type StaffMember, usePatchLead } from '../api/leads'
import { useDeleteNote, useTimeline } from '../api/timeline'
import { DuplicateWarning } from './duplicate-warning'
import { FollowUpField } from './follow-up-field'
import { InlineField } from './inline-field'
import { LeadTimeline } from './lead-timeline'
import { NoteComposer } from './note-composer'
import { OtherContacts } from './other-contacts'
import { TagEditor } from './tag-editor'

/** Who is signed in: whose leads are "Mine", and whose notes they may delete. */
export type Viewer = { id: string; isAdmin: boolean }

/**
 * Where a lead is worked, on its own page (`/admin/leads/{id}`) and in the dialog: its
 * status, follow-up day and assignee change at once; every other field is edited in
 * place; notes are added; and its timeline shows what happened to it.
 */
export function LeadWork({
  lead,
  pipeline,
  staff,
  viewer,
  onOpenLead,
}: {
  lead: Lead
  pipeline: string[]
  staff: StaffMember[]
  viewer: Viewer
  onOpenLead: (id: string) => void
}) {
  const toast = useToast()
  const patch = usePatchLead(lead.id)
  const timeline = useTimeline(lead.id)
  const removeNote = useDeleteNote(lead.id)
  const name = lead.name || 'Lead'

  /** Saves one change; the caller shows a refused value's message. */
  async function save(input: Partial<LeadInput>, done: string) {
    const saved = await patch.mutateAsync(input)
    void timeline.refetch()
    toast({ title: 'Lagret', description: done })
    return saved
  }

  /** A change from a menu or a button: a refusal becomes a toast, and the control shows the stored value again. */
  async function saveNow(input: Partial<LeadInput>, done: string) {
    try {
      await save(input, done)
    } catch (error) {
      const message = error instanceof ApiError ? Object.values(error.fields)[0] ?? error.message : 'Prøv igjen.'
      toast({ title: 'Kunne ikke lagre', description: message, variant: 'destructive' })
    }
  }

  const statuses = pipeline.includes(lead.status) ? pipeline : [...pipeline, lead.status]
  const assignable = staff.filter((member) => member.is_active || member.id === lead.assignee_id)

  return (
    <div className="grid gap-6">
      <DuplicateWarning lead={lead} onOpenLead={onOpenLead} />
      <div className="grid gap-3 rounded-xl border border-border bg-muted/40 p-4 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_minmax(0,1.5fr)]">
        <FormField id="lead-work-status" label="Status">
          {(control) => (
            <Select
              {...control}
              value={lead.status}
              disabled={patch.isPending}
              onChange={(e) => void saveNow({ status: e.target.value }, `${name} er flyttet til ${e.target.value}.`)}
            >
              {statuses.map((status) => (
                <option key={status}>{status}</option>
              ))}
            </Select>
          )}
        </FormField>
        <FormField id="lead-work-assignee" label="Ansvarlig">
          {(control) => (
            <Select
              {...control}
              value={lead.assignee_id ?? ''}
              disabled={patch.isPending}
              onChange={(e) => {
                const member = staff.find((m) => m.id === e.target.value)
                void saveNow(
                  { assignee_id: e.target.value },
                  member ? `${member.name} er ansvarlig for ${name}.` : `${name} har ingen ansvarlig.`,
                )
              }}
            >
              <option value="">Ingen</option>
              {assignable.map((member) => (
                <option key={member.id} value={member.id}>
                  {member.name}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <FollowUpField
          key={lead.follow_up ?? ''}
          value={lead.follow_up ?? ''}
          busy={patch.isPending}
          onSave={(day) => saveNow({ follow_up: day }, day ? `Oppfølging satt for ${name}.` : `Oppfølgingen er fjernet.`)}
        />
      </div>

      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.1fr)]">
        <section aria-labelledby="lead-fields-heading">
          <h3 id="lead-fields-heading" className="text-lg font-semibold">
            Detaljer
          </h3>
          <div className="mt-1">
            <InlineField label="Navn" field="name" value={lead.name} display={lead.name || 'Ukjent'} onSave={(v) => save({ name: v }, 'Navnet er endret.')} />
            <InlineField
              label="E-post"
              field="email"
              type="email"
              value={lead.email ?? ''}
              display={lead.email ? <a href={`mailto:${lead.email}`} className="underline">{lead.email}</a> : '–'}
              onSave={(v) => save({ email: v }, 'E-postadressen er endret.')}
            />
            <InlineField
              label="Telefon"
              field="phone"
              type="tel"
              value={lead.phone ?? ''}
              display={lead.phone ? <a href={`tel:${lead.phone.replace(/\s/g, '')}`} className="underline">{lead.phone}</a> : '–'}
              onSave={(v) => save({ phone: v }, 'Telefonnummeret er endret.')}
            />
            <OtherContacts
              lead={lead}
              busy={patch.isPending}
              onMakeMain={(change) =>
                void saveNow(change, 'email' in change ? `${change.email} er nå hoved-e-post.` : `${change.phone} er nå hovednummer.`)
              }
            />
            <InlineField label="Adresse" field="adresse" value={lead.adresse ?? ''} onSave={(v) => save({ adresse: v }, 'Adressen er endret.')} />
            <InlineField label="Postnummer" field="postnr" value={lead.postnr ?? ''} onSave={(v) => save({ postnr: v }, 'Postnummeret er endret.')} />
            <InlineField label="Kilde" field="kilde" value={lead.kilde} onSave={(v) => save({ kilde: v }, 'Kilden er endret.')} />
            <InlineField
              label="Beskrivelse"
              field="beskrivelse"
              multiline
              value={lead.beskrivelse ?? ''}
              display={<span className="whitespace-pre-wrap">{lead.beskrivelse || '–'}</span>}
              onSave={(v) => save({ beskrivelse: v }, 'Beskrivelsen er endret.')}
            />
            <div className="py-2">
              <TagEditor value={lead.tags} onChange={(tags) => tags !== lead.tags && void saveNow({ tags }, 'Tags er endret.')} />
            </div>
          </div>
          <p className="mt-2 text-sm text-muted-foreground">
            Opprettet {formatDateTime(lead.created_at)} · sist oppdatert {formatDateTime(lead.updated_at)}
          </p>
        </section>

        <div className="grid content-start gap-5">
          <NoteComposer leadId={lead.id} onAdded={() => toast({ title: 'Notat lagt til', description: `Notatet er lagret på ${name}.` })} />
          <section aria-labelledby="lead-history-heading">
            <h3 id="lead-history-heading" className="text-lg font-semibold">
              Historikk
            </h3>
            <div className="mt-3">
              {timeline.data ? (
                <LeadTimeline
                  events={timeline.data}
                  staff={staff}
                  canDelete={(author) => viewer.isAdmin || author === viewer.id}
                  onDeleteNote={(noteId) =>
                    removeNote.mutate(noteId, {
                      onSuccess: () => toast({ title: 'Notat slettet', description: 'Notatet er slettet.' }),
                      onError: (error) => toast({ title: 'Feil', description: error.message, variant: 'destructive' }),
                    })
                  }
                />
              ) : timeline.isError ? (
                <p className="text-destructive">Kunne ikke hente historikken. Prøv igjen.</p>
              ) : (
                <Spinner label="Laster..." />
              )}
            </div>
          </section>
        </div>
      </div>
    </div>
  )
}
