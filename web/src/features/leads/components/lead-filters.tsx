import { Search } from 'lucide-react'
import { useEffect, useState } from 'react'
import { FilterChip } from '@/components/ui/filter-chip'
import { FormField } from '@/components/ui/form-field'
import { Input, Select } from '@/components/ui/input'
import type { SetFilter } from '@/lib/url-filter'
import type { FollowUpFilter, LeadFilter, StatusKind } from '../api/leads'

const FOLLOW_UPS: Record<FollowUpFilter, string> = {
  due: 'Forfalt og i dag',
  planned: 'Har oppfølging',
  none: 'Uten oppfølging',
}
const isFollowUp = (value: string): value is FollowUpFilter => Object.hasOwn(FOLLOW_UPS, value)

/** The meanings a link from the dashboard may narrow the list to, as the chip says them. */
const KINDS: Record<StatusKind, string> = { open: 'Bare åpne leads', won: 'Bare vunne leads', lost: 'Bare tapte leads' }

/**
 * The leads list's filters: the search, the status, the source, the follow-up and "Mine
 * leads", and the dashboard's narrowing as chips to remove. Every change starts the list
 * on its first page. The search is sent once typing pauses, and follows the filter it is
 * given (the back button) without taking it over at every key.
 */
export function LeadFilters({
  filter,
  onChange,
  pipeline,
  sources,
}: {
  filter: LeadFilter
  onChange: SetFilter<LeadFilter>
  pipeline: string[]
  sources: string[]
}) {
  const [text, setText] = useState(filter.q)
  const [searched, setSearched] = useState(filter.q)
  if (filter.q !== searched) {
    setSearched(filter.q)
    setText(filter.q)
  }
  // A pause in typing replaces the address rather than leaving a step in the history; an
  // emptied field shows every lead at once, with no pause to wait for.
  useEffect(() => {
    if (text === filter.q) return
    const search = (f: LeadFilter) => ({ ...f, q: text, page: 1 })
    if (text === '') return onChange(search, { replace: true })
    const timer = window.setTimeout(() => onChange(search, { replace: true }), 250)
    return () => window.clearTimeout(timer)
  }, [text, filter.q, onChange])

  return (
    <div className="mt-6 grid gap-3 rounded-xl border border-border bg-card p-4 md:grid-cols-2 xl:grid-cols-[1fr_12rem_12rem_12rem]">
      {/* The hint under the field rather than as a placeholder, which a narrow field cuts off. */}
      <FormField id="lead-search" label="Søk" hint="Navn, e-post, telefon eller beskrivelse">
        {(control) => (
          <div className="relative">
            <Search className="pointer-events-none absolute top-3 left-3 size-5 text-muted-foreground" aria-hidden="true" />
            <Input {...control} type="search" className="pl-10" value={text} onChange={(e) => setText(e.target.value)} />
          </div>
        )}
      </FormField>
      <FormField id="lead-status-filter" label="Status">
        {(control) => (
          <Select
            {...control}
            value={filter.status}
            onChange={(e) => onChange((current) => ({ ...current, status: e.target.value, page: 1 }))}
          >
            <option value="">Alle statuser</option>
            {pipeline.map((status) => (
              <option key={status}>{status}</option>
            ))}
          </Select>
        )}
      </FormField>
      <FormField id="lead-source-filter" label="Kilde">
        {(control) => (
          <Select
            {...control}
            value={filter.source}
            onChange={(e) => onChange((current) => ({ ...current, source: e.target.value, page: 1 }))}
          >
            <option value="">Alle kilder</option>
            {sources.map((source) => (
              <option key={source}>{source}</option>
            ))}
          </Select>
        )}
      </FormField>
      <FormField id="lead-follow-up-filter" label="Oppfølging">
        {(control) => (
          <Select
            {...control}
            value={filter.followUp}
            onChange={(e) => onChange((current) => ({ ...current, followUp: isFollowUp(e.target.value) ? e.target.value : '', page: 1 }))}
          >
            <option value="">Alle</option>
            {Object.entries(FOLLOW_UPS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </Select>
        )}
      </FormField>
      <label className="flex items-center gap-2 text-sm font-semibold md:col-span-2 xl:col-span-4">
        <input
          type="checkbox"
          className="size-5 accent-primary"
          checked={filter.mine}
          onChange={(e) => onChange((current) => ({ ...current, mine: e.target.checked, page: 1 }))}
        />
        Mine leads
      </label>
      {(filter.kind || filter.days) && (
        <ul className="flex flex-wrap gap-2 md:col-span-2 xl:col-span-4" aria-label="Avgrensning fra oversikten" data-linked-filters>
          {filter.kind && (
            <li>
              <FilterChip label={KINDS[filter.kind]} onRemove={() => onChange((current) => ({ ...current, kind: undefined, page: 1 }))} />
            </li>
          )}
          {filter.days && (
            <li>
              <FilterChip
                label={`Kom inn de siste ${filter.days} dagene`}
                onRemove={() => onChange((current) => ({ ...current, days: undefined, page: 1 }))}
              />
            </li>
          )}
        </ul>
      )}
    </div>
  )
}
