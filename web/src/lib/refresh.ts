import type { InvalidateQueryFilters, QueryClient, QueryKey } from '@tanstack/react-query'

/**
 * After a change: marks the queries of each key (or filter) stale, and those on screen are
 * fetched again. Every change refreshes through this, never through `invalidateQueries`
 * alone (eslint.config.js holds the rule), because a query still on its first fetch is not
 * fetched again by an invalidation: TanStack Query joins the fetch in flight, which began
 * before the change and comes back without it (a picture uploaded while the media list
 * first loaded never showed; docs/HISTORY.md, "Runs under load"). Cancelling first makes
 * the invalidation start a fetch of its own.
 */
export async function refresh(queryClient: QueryClient, ...targets: (QueryKey | InvalidateQueryFilters)[]) {
  await Promise.all(
    targets.map(async (target) => {
      const filters: InvalidateQueryFilters = isKey(target) ? { queryKey: target } : target
      await queryClient.cancelQueries(filters)
      // eslint-disable-next-line no-restricted-syntax -- the one place that invalidates
      await queryClient.invalidateQueries(filters)
    }),
  )
}

function isKey(target: QueryKey | InvalidateQueryFilters): target is QueryKey {
  return Array.isArray(target)
}
