import { AlertTriangle } from 'lucide-react'
import { kroner } from '@/lib/money'
import type { components } from '@/lib/api-schema'
import { cn } from '@/lib/utils'
import type { Meter } from '../api/jobs'

type PriceRule = components['schemas']['PriceRule']

/** What a job's budget is called beside the meter, by the price rule that binds it
 * (crates/data/src/jobs/rule.rs). */
const BUDGET_LABEL: Record<PriceRule, string> = {
  fixed: 'Fastpris',
  estimate: 'Prisoverslag',
  capped: 'Prisoverslag (timepris)',
  reserved: 'Prisantydning (uforpliktende)',
  business: 'Anslag (uforpliktende)',
}

/** Which rule applies and why, on the job's page. */
export function ruleText(rule: PriceRule, budget: number): string {
  switch (rule) {
    case 'fixed':
      return 'Fastpris: prisen i tilbudet er bindende.'
    case 'estimate':
      return 'Prisoverslag: prisen kan bli høyst 15 % over overslaget (håndverkertjenesteloven § 32). Før forbruket passerer overslaget, må kunden kontaktes (§ 7).'
    case 'capped':
      return budget > 0
        ? 'Timepris til en privatkunde: summen ble gitt uten forbehold om uforpliktende prisantydning, og regnes derfor som et prisoverslag. Prisen kan bli høyst 15 % over (håndverkertjenesteloven § 32; Høyesterett, HR-2016-761-A).'
        : 'Timepris uten anslag: det faktureres medgått tid og materiell. Gis kunden en sum, regnes den som et prisoverslag (håndverkertjenesteloven § 32).'
    case 'reserved':
      return 'Timepris med uforpliktende prisantydning: kunden godtok forbeholdet med tilbudet, så summen er ikke et tak. Si likevel fra til kunden om prisen ser ut til å bli vesentlig høyere (håndverkertjenesteloven § 7).'
    case 'business':
      return 'Timepris til en bedrift: håndverkertjenesteloven gjelder bare forbrukere, så summen er et uforpliktende anslag.'
  }
}

/**
 * A job's meter (crates/data/src/jobs/meter.rs): what was used beside the budget, the
 * estimate's ceiling (+15 %, håndverkertjenesteloven § 32), a fixed price's margin, and a
 * warning when the estimate is passed with what is held for the § 7 contact, and the accepted tilleggsarbeid that
 * raises the budget. Amounts are excluding MVA, as the quote's lines.
 * `compact` is the list's one line.
 */
export function MeterView({ meter, rule, compact = false }: { meter: Meter; rule: PriceRule; compact?: boolean }) {
  const percent = meter.percent ?? 0
  const scale = meter.ceiling ?? meter.budget
  const width = scale > 0 ? Math.min(100, (meter.used / scale) * 100) : 0
  const budgetMark = meter.ceiling && meter.ceiling > 0 ? (meter.budget / meter.ceiling) * 100 : 100
  const bar = (
    <div className="relative h-3 w-full overflow-hidden rounded-full bg-muted" aria-hidden="true">
      <div
        className={cn('h-full rounded-full', meter.over_estimate ? 'bg-destructive' : percent >= 90 ? 'bg-accent' : 'bg-primary')}
        style={{ width: `${width}%` }}
      />
      {meter.ceiling != null && <div className="absolute inset-y-0 w-0.5 bg-foreground/70" style={{ left: `${budgetMark}%` }} />}
    </div>
  )
  if (compact) {
    return (
      <div className="grid min-w-40 gap-1 text-sm">
        {bar}
        <span className="tabular-nums">
          {meter.budget > 0 ? `${kroner(meter.used)} av ${kroner(meter.budget)}` : `${kroner(meter.used)} brukt`}
          {meter.percent != null && ` (${meter.percent} %)`}
          {meter.extra_budget > 0 && `, + ${kroner(meter.extra_budget)} tillegg`}
        </span>
        {meter.needs_contact ? (
          <span className="font-semibold text-destructive" data-held>
            Venter på § 7-kontakt{meter.held > 0 && `: ${kroner(meter.held)} holdt tilbake`}
          </span>
        ) : (
          meter.over_estimate && <span className="font-semibold text-destructive">Over prisoverslaget</span>
        )}
      </div>
    )
  }
  return (
    <section aria-labelledby="job-meter" className="grid gap-3 rounded-2xl border border-border bg-card p-4">
      <h2 id="job-meter" className="text-lg font-semibold">Måler</h2>
      {bar}
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-4">
        <div>
          <dt className="text-muted-foreground">{rule === 'capped' && meter.budget === 0 ? 'Anslag (ikke gitt)' : BUDGET_LABEL[rule]}</dt>
          <dd className="font-semibold tabular-nums">{kroner(meter.budget)}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Brukt</dt>
          <dd className="font-semibold tabular-nums">
            {kroner(meter.used)}
            {meter.percent != null && ` (${meter.percent} %)`}
          </dd>
        </div>
        {meter.ceiling != null && (
          <div>
            <dt className="text-muted-foreground">Tak, +15 % (§ 32)</dt>
            <dd className="font-semibold tabular-nums">{kroner(meter.ceiling)}</dd>
          </div>
        )}
        {meter.margin != null && (
          <div>
            <dt className="text-muted-foreground">Margin</dt>
            <dd className={cn('font-semibold tabular-nums', meter.margin < 0 && 'text-destructive')}>{kroner(meter.margin)}</dd>
          </div>
        )}
        <div>
          <dt className="text-muted-foreground">Tilleggsarbeid akseptert</dt>
          <dd className="font-semibold tabular-nums">{kroner(meter.extra_budget)}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Tilleggsarbeid brukt</dt>
          <dd className="font-semibold tabular-nums">{kroner(meter.extra_used)}</dd>
        </div>
        {meter.held > 0 && (
          <div>
            <dt className="text-muted-foreground">Venter på § 7-kontakt</dt>
            <dd className="font-semibold tabular-nums text-destructive" data-held>{kroner(meter.held)}</dd>
          </div>
        )}
        <div>
          <dt className="text-muted-foreground">Kan faktureres</dt>
          <dd className="font-semibold tabular-nums">{kroner(meter.billable)}</dd>
        </div>
      </dl>
      <p className="text-sm" data-price-rule={rule}>
        {ruleText(rule, meter.budget)}
      </p>
      <p className="text-xs text-muted-foreground">Beløp uten MVA.</p>
      {meter.needs_contact && (
        <p role="alert" className="flex gap-2 rounded-lg border border-destructive/40 bg-destructive/10 p-3 text-sm">
          <AlertTriangle className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden="true" />
          <span>
            Forbruket har passert prisoverslaget. Kontakt kunden og registrer kontakten under (håndverkertjenesteloven § 7).
            Timer og materiell som føres over prisoverslaget blir lagret, men faktureres ikke før kontakten er registrert.
          </span>
        </p>
      )}
    </section>
  )
}
