import { useState } from 'react'
import { Button } from '@/components/ui/button'
import { BAD_DAY, DayInput, isDay } from '@/components/ui/day-input'
import { fieldControl } from '@/components/ui/form-field'
import { FieldError, Label } from '@/components/ui/input'
import { norwegianDay } from '@/lib/format'

/** The follow-up day: picked in the date field and saved when the field is left, or set
 * with one click to tomorrow or a week on, or removed. Keyed by the stored day, so a saved
 * change (here or by a colleague) starts the field again from what is stored. */
export function FollowUpField({ value, busy, onSave }: { value: string; busy: boolean; onSave: (day: string) => Promise<void> }) {
  const [draft, setDraft] = useState(value)
  const [wrong, setWrong] = useState(false)
  const commit = (day: string) => {
    const whole = isDay(day)
    setWrong(!whole)
    if (!whole) return
    setDraft(day)
    if (day !== value) void onSave(day)
  }
  return (
    <div className="sm:col-span-2 lg:col-span-1">
      <Label htmlFor="lead-work-follow-up">Oppfølging</Label>
      <div className="flex flex-wrap items-center gap-2">
        <DayInput
          {...fieldControl('lead-work-follow-up', { error: wrong ? BAD_DAY : undefined })}
          className="min-w-[11rem] flex-1"
          value={draft}
          disabled={busy}
          onChange={setDraft}
          onBlur={() => commit(draft)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault()
              commit(draft)
            }
          }}
        />
        <Button type="button" variant="outline" size="sm" disabled={busy} onClick={() => commit(norwegianDay(1))}>
          I morgen
        </Button>
        <Button type="button" variant="outline" size="sm" disabled={busy} onClick={() => commit(norwegianDay(7))}>
          Om en uke
        </Button>
        {value && (
          <Button type="button" variant="ghost" size="sm" disabled={busy} onClick={() => commit('')}>
            Fjern
          </Button>
        )}
      </div>
      <FieldError id="lead-work-follow-up-feil">{wrong ? BAD_DAY : undefined}</FieldError>
    </div>
  )
}
