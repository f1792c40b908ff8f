import { Button } from './button'

/** "Forrige", "Side 2 av 5", "Neste" under a list the server pages; nothing when it has
 * one page. `label` names the navigation when a page has two lists with pages. */
export function Pager({ page, pages, onPage, label = 'Sider' }: { page: number; pages: number; onPage: (page: number) => void; label?: string }) {
  if (pages <= 1) return null
  return (
    <nav aria-label={label} className="mt-4 flex items-center justify-end gap-3 text-sm">
      <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Forrige
      </Button>
      <span>
        Side {page} av {pages}
      </span>
      <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Neste
      </Button>
    </nav>
  )
}
