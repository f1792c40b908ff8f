import { ArrowRight, ChevronDown, Rocket } from 'lucide-react'
import { useState } from 'react'
import { Link } from 'react-router'
import { Card } from '@/components/ui/card'
import type { components } from '@/lib/api-schema'

type LaunchStep = components['schemas']['LaunchStep']

/** Where the office's choice to fold the list away is remembered, in this browser. */
const FOLDED = 'fagfolk.launch-checklist-folded'

function folded(): boolean {
  try {
    return window.localStorage.getItem(FOLDED) === '1'
  } catch {
    return false
  }
}

/**
 * "Før nettstedet går live": what still stands between the site and a real launch, each
 * with where it is done; gone once nothing does. The office may fold it away (remembered
 * in this browser) and open it again, so that long after go-live it does not fill the
 * dashboard.
 */
export function LaunchChecklist({ steps }: { steps: LaunchStep[] }) {
  const [open, setOpen] = useState(() => !folded())
  const toggle = (next: boolean) => {
    setOpen(next)
    try {
      window.localStorage.setItem(FOLDED, next ? '0' : '1')
    } catch {
      // A browser without storage folds it for this visit only.
    }
  }
  return (
    <Card className="mt-8 p-6" data-launch-checklist>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="flex items-center gap-2 text-xl font-semibold">
          <Rocket className="size-5 text-accent-strong dark:text-accent" aria-hidden="true" />
          Før nettstedet går live
        </h2>
        <button
          type="button"
          className="inline-flex items-center gap-1 rounded-md px-2 py-1 text-sm font-semibold text-accent-strong hover:underline focus-visible:ring-3 focus-visible:ring-ring/60 focus-visible:outline-none dark:text-accent"
          aria-expanded={open}
          aria-controls="launch-steps"
          onClick={() => toggle(!open)}
        >
          {open ? 'Skjul' : `Vis ${steps.length} ${steps.length === 1 ? 'punkt' : 'punkter'}`}
          <ChevronDown className={open ? 'size-4 rotate-180' : 'size-4'} aria-hidden="true" />
        </button>
      </div>
      <div id="launch-steps" hidden={!open}>
        <p className="mt-1 text-sm text-muted-foreground">Hvert punkt forsvinner når det er ordnet.</p>
        <ul className="mt-4 divide-y divide-border">
          {steps.map((step) => (
            <li key={step.key} className="flex flex-wrap items-center justify-between gap-3 py-3" data-launch-step={step.key}>
              <p className="max-w-2xl">{step.text}</p>
              <Link to={step.link} className="inline-flex items-center gap-1 font-semibold text-accent-strong hover:underline dark:text-accent">
                Ordne dette
                <ArrowRight className="size-4" aria-hidden="true" />
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </Card>
  )
}
