import { Download, Search, Trash2 } from 'lucide-react'
import { type FormEvent, useEffect, useState } from 'react'
import { useToast } from '@/components/toast'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { ConfirmDialog } from '@/components/ui/dialog'
import { FieldError, Input, Label, Select } from '@/components/ui/input'
import { useAuth } from '@/features/auth/components/auth-provider'
import { type PersonData, useErasePerson, useExportPerson, useRetention, useSaveRetention } from '@/features/privacy/api/privacy'
import { ApiError } from '@/lib/api'
import { norwegianDay } from '@/lib/format'
import { useAdminTitle } from '../use-admin-title'

const MONTHS = [3, 6, 12, 18, 24, 36, 60]

/** "2 leads, 1 henvendelse og 0 notater". */
function counts(leads: number, submissions: number, notes: number): string {
  const n = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`
  return `${n(leads, 'lead', 'leads')}, ${n(submissions, 'henvendelse', 'henvendelser')} og ${n(notes, 'notat', 'notater')}`
}

function counted(data: PersonData): string {
  return counts(data.leads.length, data.submissions.length, data.notes.length)
}

/** Offers the person's data as a JSON file, made in the browser from what was fetched. */
function download(data: PersonData) {
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }))
  const link = document.createElement('a')
  link.href = url
  link.download = `personopplysninger-${norwegianDay()}.json`
  link.click()
  URL.revokeObjectURL(url)
}

/**
 * Personvern: a person's data found by e-mail or phone, downloaded (innsyn) or erased,
 * and the retention rule that anonymises won and lost leads. Administrators only; the
 * server refuses anyone else.
 */
export function PrivacyPage() {
  useAdminTitle('Personvern')
  const { user } = useAuth()
  const isAdmin = user?.role === 'admin'
  return (
    <>
      <h1 className="text-3xl font-bold">Personvern</h1>
      {!isAdmin && (
        <p className="mt-4 max-w-2xl rounded-xl border border-border bg-muted/40 p-4">
          Bare administratorer kan hente ut eller slette personopplysninger og endre sletteregelen.
        </p>
      )}
      {isAdmin && <PersonSearch />}
      <RetentionRule editable={isAdmin} />
    </>
  )
}

function PersonSearch() {
  const toast = useToast()
  const find = useExportPerson()
  const erase = useErasePerson()
  const [person, setPerson] = useState('')
  const [error, setError] = useState<string>()
  const [found, setFound] = useState<PersonData | null>(null)
  const [confirming, setConfirming] = useState(false)

  async function search(event: FormEvent) {
    event.preventDefault()
    setFound(null)
    try {
      setFound(await find.mutateAsync(person))
      setError(undefined)
    } catch (err) {
      setError(err instanceof ApiError ? (err.fields.person ?? err.message) : 'Kunne ikke søke. Prøv igjen.')
    }
  }

  async function confirmErase() {
    if (!found) return
    try {
      const erased = await erase.mutateAsync(found.person)
      toast({
        title: 'Personopplysninger slettet',
        description: `Slettet ${counts(erased.leads, erased.submissions, erased.notes)}.`,
      })
      setFound(null)
      setPerson('')
    } catch (err) {
      toast({ title: 'Feil', description: err instanceof Error ? err.message : 'Kunne ikke slette.', variant: 'destructive' })
    } finally {
      setConfirming(false)
    }
  }

  return (
    <Card className="mt-6 max-w-3xl p-6">
      <h2 className="text-xl font-semibold">Innsyn og sletting</h2>
      <p className="mt-1 text-sm text-muted-foreground">
        Finn alt som er lagret om en kunde: leads, henvendelser fra kontaktskjemaet, notater og e-poster. Last det ned
        når kunden ber om innsyn, eller slett det når kunden ber om det.
      </p>
      <form className="mt-4 flex flex-wrap items-end gap-3" onSubmit={(e) => void search(e)} noValidate>
        <div className="min-w-[16rem] flex-1">
          <Label htmlFor="privacy-person">E-post eller telefon</Label>
          <Input
            id="privacy-person"
            value={person}
            autoComplete="off"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'privacy-person-feil' : undefined}
            onChange={(e) => setPerson(e.target.value)}
          />
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
            <Button variant="outline" onClick={() => download(found)}>
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
            ? `${counted(found)} om ${found.person} slettes permanent. Loggen beholder hva som ble gjort og av hvem, men ikke opplysningene. Dette kan ikke angres.`
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

function RetentionRule({ editable }: { editable: boolean }) {
  const toast = useToast()
  const retention = useRetention()
  const save = useSaveRetention()
  const stored = retention.data?.months ?? null
  const [months, setMonths] = useState('')
  useEffect(() => setMonths(stored === null ? '' : String(stored)), [stored])
  const choices = stored === null || MONTHS.includes(stored) ? MONTHS : [...MONTHS, stored].sort((a, b) => a - b)

  async function submit(event: FormEvent) {
    event.preventDefault()
    try {
      await save.mutateAsync(months ? Number(months) : null)
      toast({
        title: 'Sletteregel lagret',
        description: months ? `Vunne og tapte leads anonymiseres etter ${months} måneder.` : 'Sletteregelen er slått av.',
      })
    } catch (err) {
      toast({ title: 'Feil', description: err instanceof Error ? err.message : 'Kunne ikke lagre.', variant: 'destructive' })
    }
  }

  return (
    <Card className="mt-6 max-w-3xl p-6">
      <h2 className="text-xl font-semibold">Sletteregel</h2>
      <p className="mt-1 text-sm text-muted-foreground">
        Leads som er vunnet eller tapt og ikke endret på så mange måneder, anonymiseres automatisk én gang i døgnet: navn,
        kontaktopplysninger, beskrivelse, adresse, notater og henvendelser fjernes. Status, kilde, tags og datoer beholdes
        for statistikken.
      </p>
      <form className="mt-4 flex flex-wrap items-end gap-3" onSubmit={(e) => void submit(e)}>
        <div>
          <Label htmlFor="privacy-retention">Anonymiser vunne og tapte leads etter</Label>
          <Select id="privacy-retention" value={months} disabled={!editable} onChange={(e) => setMonths(e.target.value)}>
            <option value="">Aldri (av)</option>
            {choices.map((n) => (
              <option key={n} value={n}>
                {n} måneder
              </option>
            ))}
          </Select>
        </div>
        {editable && (
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Lagrer...' : 'Lagre sletteregel'}
          </Button>
        )}
      </form>
    </Card>
  )
}
