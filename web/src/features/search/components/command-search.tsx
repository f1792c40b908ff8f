import { Command } from 'cmdk'
import { ArrowRight, FileImage, Inbox, Receipt, UserRound, Wrench } from 'lucide-react'
import { useEffect, useState } from 'react'
import { useNavigate } from 'react-router'
import { paths } from '@/lib/paths'
import { Dialog } from '@/components/ui/dialog'
import { isSearchable, type SearchResults, useSearch } from '../api/search'

type Hit = SearchResults['leads'][number]

const groups: {
  key: keyof SearchResults
  heading: string
  icon: typeof Inbox
  target: (hit: Hit) => string
}[] = [
  {
    key: 'services',
    heading: 'Tjenester',
    icon: Wrench,
    target: (hit) => `${paths.admin.services}?query=${encodeURIComponent(hit.title)}`,
  },
  { key: 'leads', heading: 'Leads', icon: Inbox, target: (hit) => `${paths.admin.leads}?lead=${hit.id}` },
  { key: 'media', heading: 'Media', icon: FileImage, target: (hit) => `${paths.admin.media}?highlight=${hit.id}` },
  { key: 'users', heading: 'Admin-brukere', icon: UserRound, target: (hit) => `${paths.admin.users}?user=${hit.id}` },
  { key: 'invoices', heading: 'Fakturaer', icon: Receipt, target: (hit) => paths.admin.invoice(hit.id) },
]

/** A page of the menu, found by its name without asking the server. */
export type SearchPage = { to: string; label: string }

/** The pages whose name holds what is typed ("timer" finds "Månedens timer"). */
function pagesFor(pages: readonly SearchPage[], input: string): SearchPage[] {
  const typed = input.trim().toLocaleLowerCase('nb')
  return typed ? pages.filter((page) => page.label.toLocaleLowerCase('nb').includes(typed)) : []
}

/** Ctrl/Cmd+K: the menu's pages by name, then one request to the server, five groups of
 * up to five hits. */
export function CommandSearch({ open, onOpenChange, pages = [] }: { open: boolean; onOpenChange: (open: boolean) => void; pages?: readonly SearchPage[] }) {
  const navigate = useNavigate()
  const [input, setInput] = useState('')
  const [query, setQuery] = useState('')

  // Ask once typing pauses, not on every key.
  useEffect(() => {
    const timer = window.setTimeout(() => setQuery(input), 200)
    return () => window.clearTimeout(timer)
  }, [input])
  // A closed search starts empty next time: adjusted while rendering, not in an effect.
  const [wasOpen, setWasOpen] = useState(open)
  if (wasOpen !== open) {
    setWasOpen(open)
    if (!open) {
      setInput('')
      setQuery('')
    }
  }

  const { data, isFetching } = useSearch(query)
  const searching = isSearchable(input) && (isFetching || input !== query)
  const pageHits = pagesFor(pages, input)
  const total = (data ? groups.reduce((n, g) => n + data[g.key].length, 0) : 0) + pageHits.length
  const groupClass =
    'mb-2 [&_[cmdk-group-heading]]:px-2 [&_[cmdk-group-heading]]:py-1.5 [&_[cmdk-group-heading]]:text-xs [&_[cmdk-group-heading]]:font-semibold [&_[cmdk-group-heading]]:text-muted-foreground [&_[cmdk-group-heading]]:uppercase'
  const itemClass = 'flex cursor-pointer items-center gap-3 rounded-lg px-2 py-2 data-[selected=true]:bg-muted'

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Søk" className="max-w-xl">
      <Command shouldFilter={false} label="Søk" className="flex flex-col gap-3">
        <Command.Input
          value={input}
          onValueChange={setInput}
          placeholder="Søk i tjenester, leads, media og brukere…"
          data-autofocus
          className="h-11 w-full rounded-lg border border-border bg-background px-3.5 text-base focus-visible:ring-3 focus-visible:ring-ring/60 focus-visible:outline-none"
        />
        <Command.List className="max-h-[60vh] overflow-y-auto">
          {pageHits.length > 0 && (
            <Command.Group heading="Sider" className={groupClass}>
              {pageHits.map((page) => (
                <Command.Item
                  key={page.to}
                  value={`page-${page.to}`}
                  onSelect={() => {
                    onOpenChange(false)
                    navigate(page.to)
                  }}
                  className={itemClass}
                >
                  <ArrowRight className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
                  <span className="min-w-0 flex-1 truncate">{page.label}</span>
                </Command.Item>
              ))}
            </Command.Group>
          )}
          {searching && (
            <Command.Loading>
              <p className="px-2 py-3 text-sm text-muted-foreground">Søker…</p>
            </Command.Loading>
          )}
          {!searching && isSearchable(query) && data && total === 0 && (
            <p className="px-2 py-3 text-sm text-muted-foreground">Ingen treff</p>
          )}
          {!searching &&
            data &&
            groups.map((group) =>
              data[group.key].length === 0 ? null : (
                <Command.Group
                  key={group.key}
                  heading={group.heading}
                  className={groupClass}
                >
                  {data[group.key].map((hit) => (
                    <Command.Item
                      key={hit.id}
                      value={`${group.key}-${hit.id}`}
                      onSelect={() => {
                        onOpenChange(false)
                        navigate(group.target(hit))
                      }}
                      className={itemClass}
                    >
                      <group.icon className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
                      <span className="min-w-0 flex-1 truncate">{hit.title || 'Uten navn'}</span>
                      {hit.detail && <span className="truncate text-sm text-muted-foreground">{hit.detail}</span>}
                    </Command.Item>
                  ))}
                </Command.Group>
              ),
            )}
        </Command.List>
      </Command>
    </Dialog>
  )
}
