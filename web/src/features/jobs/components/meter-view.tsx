import { AlertTriangle } from 'lucide-react'
import { kroner } from '@/lib/money'
import type { components } from '@/lib/api-schema'
import { cn } from '@/lib/utils'
import type { Meter } from '../api/jobs'

type PriceType = components['schemas']['PriceType']

/** What a price type's budget is called beside the meter. */
const BUDGET_LABEL: Record<PriceType, string> = {
  fixed: 'Fastpris',
  estimate: 'Prisoverslag',
  hourly: 'Anslag (uforpliktende)',
}

/**
 * A job's meter (crates/data/src/jobs/meter.rs): what was used beside the budget, the
 * estimate's ceiling (+15 %, håndverkertjenesteloven § 32), a fixed price's margin, and a
 * warning when the estimate is passed, and the accepted tilleggsarbeid that raises the budget. Amounts are excluding MVA, as the quote's lines.
 * `compact` is the list's one line.
 */
export function MeterView({ meter, priceType, compact = false }: { meter: Meter; priceType: PriceType; compact?: boolean }) {
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
        {meter.over_estimate && <span className="font-semibold text-destructive">Over prisoverslaget</span>}
      </div>
    )
  }
  return (
    <section aria-labelledby="job-meter" className="grid gap-3 rounded-2xl border border-border bg-card p-4">
      <h2 id="job-meter" className="text-lg font-semibold">Måler</h2>
      {bar}
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-4">
        <div>
          <dt className="text-muted-foreground">{BUDGET_LABEL[priceType]}</dt>
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
        <div>
          <dt className="text-muted-foreground">Kan faktureres</dt>
          <dd className="font-semibold tabular-nums">{kroner(meter.billable)}</dd>
        </div>
      </dl>
      <p className="text-xs text-muted-foreground">Beløp uten MVA.</p>
      {meter.needs_contact && (
        <p role="alert" className="flex gap-2 rounded-lg border border-destructive/40 bg-destructive/10 p-3 text-sm">
          <AlertTriangle className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden="true" />
          <span>
            Forbruket har passert prisoverslaget. Kontakt kunden og registrer kontakten under (håndverkertjenesteloven § 7).
            Til da kan ingen føre mer tid eller materiell på oppdraget.
          </span>
        </p>
      )}
    </section>
  )
}
