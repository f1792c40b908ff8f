import { CheckCircle2, Download } from 'lucide-react'
import { useState } from 'react'
import { useToast } from '@/components/toast'
import { Button } from '@/components/ui/button'
import { ConfirmDialog } from '@/components/ui/dialog'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { Spinner } from '@/components/ui/spinner'
import { clockOf, formatDateTime, formatMonth, monthBefore, norwegianDay } from '@/lib/format'
import { hours, payrollHref, timeSheetHref, useMonthApproval, useMonthSheet } from '../api/jobs'

/** The month's weekdays without hours, as "2., 3. og 4.". */
function days(list: string[]): string {
  const numbers = list.map((day) => `${Number(day.slice(8))}.`)
  return numbers.length > 1 ? `${numbers.slice(0, -1).join(', ')} og ${numbers.at(-1)}` : (numbers[0] ?? '')
}

/** The month the office has to close: last month until it is approved, then this one. */
function useMonthToClose(): string | undefined {
  const current = norwegianDay().slice(0, 7)
  const last = useMonthSheet(monthBefore(current))
  if (last.isError) return current
  if (!last.data) return undefined
  return last.data.approved ? current : monthBefore(current)
}

/**
 * "Månedens timer": everyone's hours of a month for payroll, each person's split into
 * ordinary time and overtime, with weekends and holidays, evenings and nights, tilleggsarbeid and the weekdays
 * without hours; the time sheet and the payroll file to download; and the office's
 * approval, after which the montører can no longer change the month (opened again here).
 */
export function MonthHours() {
  const toClose = useMonthToClose()
  return toClose ? <MonthSheet first={toClose} /> : <Spinner label="Laster månedens timer..." />
}

function MonthSheet({ first }: { first: string }) {
  const [month, setMonth] = useState(first)
  const sheet = useMonthSheet(month)
  const named = formatMonth(month)
  const approval = useMonthApproval()
  const toast = useToast()
  const [asking, setAsking] = useState(false)
  const approved = sheet.data?.approved
  const act = async (step: Promise<unknown>, done: string) => {
    try {
      await step
      toast({ title: done })
    } catch (error) {
      toast({ title: 'Feil', description: error instanceof Error ? error.message : undefined, variant: 'destructive' })
    }
  }
  return (
    <section aria-labelledby="month-hours" className="grid gap-4 rounded-2xl border border-border bg-card p-4" data-month-hours>
      <h2 id="month-hours" className="text-lg font-semibold">
        Timer for {named}
      </h2>
      <div className="flex flex-wrap items-end gap-3">
        <FormField id="month-hours-month" label="Måned">
          {(control) => <Input {...control} type="month" max={norwegianDay().slice(0, 7)} value={month} onChange={(event) => event.target.value && setMonth(event.target.value)} />}
        </FormField>
        <span className="flex flex-wrap gap-3 text-sm">
          <a href={timeSheetHref(month)} className="inline-flex min-h-11 items-center gap-1 text-primary underline underline-offset-4">
            <Download className="size-4" aria-hidden="true" /> Timeliste for alle (CSV)
          </a>
          <a href={timeSheetHref(month, {}, 'pdf')} className="inline-flex min-h-11 items-center gap-1 text-primary underline underline-offset-4">
            <Download className="size-4" aria-hidden="true" /> Som PDF
          </a>
          <a href={payrollHref(month)} className="inline-flex min-h-11 items-center gap-1 text-primary underline underline-offset-4">
            <Download className="size-4" aria-hidden="true" /> Lønnsgrunnlag (CSV)
          </a>
        </span>
      </div>
      {sheet.isError && <p className="text-destructive">Kunne ikke hente månedens timer.</p>}
      {!sheet.data ? (
        !sheet.isError && <Spinner label="Laster månedens timer..." />
      ) : (
        <>
          <div className="overflow-x-auto">
            <table className="w-full min-w-[50rem] text-sm">
              <caption className="sr-only">Timer per person i måneden</caption>
              <thead>
                <tr className="border-b border-border text-left">
                  <th scope="col" className="py-2 pr-3">Person</th>
                  <th scope="col" className="py-2 pr-3 text-right">Timer</th>
                  <th scope="col" className="py-2 pr-3 text-right">Ordinær tid</th>
                  <th scope="col" className="py-2 pr-3 text-right">Overtid</th>
                  <th scope="col" className="py-2 pr-3 text-right">Helg og helligdag</th>
                  <th scope="col" className="py-2 pr-3 text-right">Kveld og natt</th>
                  <th scope="col" className="py-2 pr-3 text-right">Tilleggsarbeid</th>
                  <th scope="col" className="py-2">Hverdager uten timer</th>
                </tr>
              </thead>
              <tbody>
                {sheet.data.people.map((person) => (
                  <tr key={person.user_id ?? person.name} className="border-b border-border last:border-0">
                    <th scope="row" className="py-2 pr-3 text-left font-medium">{person.name}</th>
                    <td className="py-2 pr-3 text-right tabular-nums">{hours(person.minutes)}</td>
                    <td className="py-2 pr-3 text-right tabular-nums">{hours(person.ordinary)}</td>
                    <td className="py-2 pr-3 text-right tabular-nums">{hours(person.overtime)}</td>
                    <td className="py-2 pr-3 text-right tabular-nums">{hours(person.weekend)}</td>
                    <td className="py-2 pr-3 text-right tabular-nums">{hours(person.evening)}</td>
                    <td className="py-2 pr-3 text-right tabular-nums">{hours(person.extra)}</td>
                    <td className="py-2 text-muted-foreground">
                      {person.days_without.length ? `${person.days_without.length} (${days(person.days_without)})` : 'Ingen'}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {!sheet.data.people.length && <p className="text-muted-foreground">Ingen timer denne måneden.</p>}
          <p className="text-sm text-muted-foreground">
            Overtid er timer utover {hours(sheet.data.working_time.day_minutes)} per dag og {hours(sheet.data.working_time.week_minutes)} per uke. Kveld og natt er timer
            fra kl. {clockOf(sheet.data.working_time.evening_from ?? 18 * 60)} til kl. 06:00, for føringer som sier når arbeidet begynte (Innstillinger → Timer og lønn). Helg, kveld og
            tilleggsarbeid er også med i ordinær tid eller overtid.
          </p>
          {approved ? (
            <div className="flex flex-wrap items-center gap-3">
              <p className="flex items-center gap-2 font-medium" data-month-approved>
                <CheckCircle2 className="size-5 text-success" aria-hidden="true" />
                Godkjent av {approved.approved_by} {formatDateTime(approved.approved_at)}. Montørene kan ikke endre timene.
              </p>
              <Button variant="outline" disabled={approval.reopen.isPending} onClick={() => void act(approval.reopen.mutateAsync(month), 'Måneden er åpnet igjen')}>
                Åpne måneden igjen
              </Button>
            </div>
          ) : (
            <Button className="w-fit" onClick={() => setAsking(true)}>
              Godkjenn {named}
            </Button>
          )}
          <ConfirmDialog
            open={asking}
            onOpenChange={setAsking}
            title={`Godkjenne timene for ${named}?`}
            description={`Etter godkjenningen kan ikke montørene føre eller endre timer i ${named}. Kontoret kan fortsatt rette dem, eller åpne måneden igjen.`}
            confirmLabel={`Godkjenn ${named}`}
            tone="default"
            busyLabel="Godkjenner..."
            busy={approval.approve.isPending}
            onConfirm={() => void act(approval.approve.mutateAsync(month), 'Måneden er godkjent').then(() => setAsking(false))}
          />
        </>
      )}
    </section>
  )
}
