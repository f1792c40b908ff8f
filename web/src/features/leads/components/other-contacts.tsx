import { Mail, Phone } from 'lucide-react'
import { Button } from '@/components/ui/button'
import type { Lead } from '../api/leads'

/**
 * "Andre kontaktopplysninger": the e-mail addresses and phone numbers a merge kept beside
 * the main ones. Each is found by search like the main ones; "Gjør til hoved" makes it the
 * main one, and the old main one takes its place in this list.
 */
export function OtherContacts({
  lead,
  busy,
  onMakeMain,
}: {
  lead: Lead
  busy: boolean
  onMakeMain: (change: { email: string } | { phone: string }) => void
}) {
  if (lead.other_contacts.length === 0) return null
  return (
    <div className="border-b border-border py-2" data-other-contacts>
      <p className="text-sm font-medium text-muted-foreground">Andre kontaktopplysninger</p>
      <ul className="mt-1 grid gap-1">
        {lead.other_contacts.map((contact) => {
          const Icon = contact.kind === 'email' ? Mail : Phone
          const href = contact.kind === 'email' ? `mailto:${contact.value}` : `tel:${contact.value.replace(/\s/g, '')}`
          const what = contact.kind === 'email' ? 'hoved-e-post' : 'hovednummer'
          return (
            <li key={`${contact.kind}:${contact.value}`} className="flex flex-wrap items-center justify-between gap-2">
              <a href={href} className="flex min-w-0 items-center gap-2 underline [overflow-wrap:anywhere]">
                <Icon className="size-4 shrink-0" aria-hidden="true" />
                {contact.value}
              </a>
              <Button
                variant="ghost"
                size="sm"
                disabled={busy}
                aria-label={`Gjør ${contact.value} til ${what}`}
                onClick={() => onMakeMain(contact.kind === 'email' ? { email: contact.value } : { phone: contact.value })}
              >
                Gjør til hoved
              </Button>
            </li>
          )
        })}
      </ul>
    </div>
  )
}
