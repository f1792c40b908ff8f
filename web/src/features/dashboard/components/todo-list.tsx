import { ArrowRight, ListTodo } from 'lucide-react'
import { Link } from 'react-router'
import { Card } from '@/components/ui/card'
import type { components } from '@/lib/api-schema'
import { paths } from '@/lib/paths'

export type TodoItem = components['schemas']['TodoItem']
type TodoKind = TodoItem['kind']
type Thing = TodoItem['things'][number]

/** Each kind as the office reads it, and the list that shows all of them where there is one. */
const KINDS: Record<TodoKind, { label: string; all?: string }> = {
  reminders_due: { label: 'Purringer å sende', all: `${paths.admin.invoices}?status=unpaid` },
  overdue: { label: 'Forfalte fakturaer', all: `${paths.admin.invoices}?status=overdue` },
  done_not_invoiced: { label: 'Ferdige oppdrag som ikke er fakturert', all: `${paths.admin.jobs}?status=done` },
  needs_contact: { label: 'Over prisoverslaget: kontakt kunden (§ 7)', all: `${paths.admin.jobs}?over=1` },
  held: { label: 'Timer og materiell holdt tilbake til § 7-kontakten' },
  untagged_extra: { label: 'Tilleggsarbeid uten endringsordre' },
  change_waiting: { label: 'Tilleggsarbeid som venter på svar fra kunden' },
  visit_without_quote: { label: 'Befaringer uten tilbud etter 3 dager' },
}

function href(thing: Thing): string {
  if (thing.kind === 'invoice') return paths.admin.invoice(thing.id)
  if (thing.kind === 'lead') return paths.admin.lead(thing.id)
  return paths.admin.job(thing.id)
}

/**
 * "Å gjøre": what waits for the office, each kind with how many and the first few by name,
 * every one a link to the page where it is fixed, and the whole list where there is one.
 * Nothing waiting, it says so.
 */
export function TodoList({ items }: { items: TodoItem[] }) {
  return (
    <Card className="mt-6 p-6" data-todo>
      <h2 className="flex items-center gap-2 text-xl font-semibold">
        <ListTodo className="size-5 text-accent-strong dark:text-accent" aria-hidden="true" />
        Å gjøre
      </h2>
      {items.length === 0 ? (
        <p className="mt-2 text-muted-foreground">Ingenting venter på kontoret nå.</p>
      ) : (
        <ul className="mt-3 divide-y divide-border">
          {items.map((item) => {
            const kind = KINDS[item.kind]
            return (
              <li key={item.kind} className="grid gap-1 py-3" data-todo-item={item.kind}>
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <p className="font-semibold">
                    {kind.label} <span className="ml-1 rounded-full bg-accent/20 px-2 text-sm tabular-nums" data-todo-count>{item.count}</span>
                  </p>
                  {kind.all && (
                    <Link to={kind.all} className="inline-flex items-center gap-1 text-sm font-semibold text-accent-strong hover:underline dark:text-accent">
                      Se alle<span className="sr-only">: {kind.label.toLowerCase()}</span>
                      <ArrowRight className="size-4" aria-hidden="true" />
                    </Link>
                  )}
                </div>
                <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
                  {item.things.map((thing) => (
                    <li key={`${thing.kind}-${thing.id}`}>
                      <Link to={href(thing)} className="text-primary underline underline-offset-4 [overflow-wrap:anywhere]">
                        {thing.title}
                      </Link>
                    </li>
                  ))}
                  {item.count > item.things.length && <li className="text-muted-foreground">og {item.count - item.things.length} til</li>}
                </ul>
              </li>
            )
          })}
        </ul>
      )}
    </Card>
  )
}
