import { type KeyboardEvent, type ReactNode, useId } from 'react'
import { cn } from '@/lib/utils'

/** Accessible tabs (WAI-ARIA pattern): arrow keys move between tabs. */
export function Tabs<T extends string>({
  label,
  tabs,
  value,
  onChange,
  children,
}: {
  label: string
  tabs: { value: T; label: string }[]
  value: T
  onChange: (value: T) => void
  children: ReactNode
}) {
  const id = useId()
  const onKeyDown = (event: KeyboardEvent) => {
    const index = tabs.findIndex((t) => t.value === value)
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0
    if (!step) return
    event.preventDefault()
    const next = tabs[(index + step + tabs.length) % tabs.length]
    if (next) {
      onChange(next.value)
      document.getElementById(`${id}-${next.value}`)?.focus()
    }
  }
  return (
    <div>
      <div role="tablist" aria-label={label} className="inline-flex flex-wrap rounded-lg bg-muted p-1" onKeyDown={onKeyDown}>
        {tabs.map((tab) => (
          <button
            key={tab.value}
            id={`${id}-${tab.value}`}
            type="button"
            role="tab"
            aria-selected={tab.value === value}
            aria-controls={`${id}-panel`}
            tabIndex={tab.value === value ? 0 : -1}
            onClick={() => onChange(tab.value)}
            className={cn(
              'rounded-md px-4 py-1.5 text-sm font-semibold text-muted-foreground',
              tab.value === value && 'bg-card text-foreground shadow-sm',
            )}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div id={`${id}-panel`} role="tabpanel" aria-labelledby={`${id}-${value}`} className="mt-5">
        {children}
      </div>
    </div>
  )
}
