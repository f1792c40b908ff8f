// @vitest-environment node
import { QueryClient, QueryObserver } from '@tanstack/react-query'
import { describe, expect, it, vi } from 'vitest'
import { queryKeys } from './query-keys'
import { refresh } from './refresh'

/** A list on screen whose first fetch is still on its way when a change is made. */
function listOnItsFirstFetch() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  const answers: ((files: string[]) => void)[] = []
  const observer = new QueryObserver<string[]>(queryClient, {
    queryKey: queryKeys.media.all,
    queryFn: () => new Promise<string[]>((resolve) => answers.push(resolve)),
  })
  const unsubscribe = observer.subscribe(() => {})
  return { queryClient, observer, answers, unsubscribe }
}

describe('refresh', () => {
  it('fetches a list again that was still on its first fetch when the change was made', async () => {
    const { queryClient, observer, answers, unsubscribe } = listOnItsFirstFetch()
    expect(answers).toHaveLength(1)
    // The upload is done; the list's first answer (from before it) has not come yet.
    const refreshed = refresh(queryClient, queryKeys.media.all)
    answers[0]!([])
    await vi.waitFor(() => expect(answers).toHaveLength(2))
    answers[1]!(['verksted.jpg'])
    await refreshed
    await vi.waitFor(() => expect(observer.getCurrentResult().data).toEqual(['verksted.jpg']))
    unsubscribe()
  })

  it('takes filters as well as keys, and leaves out what the filter leaves out', async () => {
    const queryClient = new QueryClient()
    queryClient.setQueryData(queryKeys.leads.one('a'), { name: 'Kari' })
    queryClient.setQueryData(queryKeys.leads.one('b'), { name: 'Ola' })
    await refresh(queryClient, { queryKey: queryKeys.leads.all, predicate: (query) => !query.queryKey.includes('b') })
    expect(queryClient.getQueryState(queryKeys.leads.one('a'))?.isInvalidated).toBe(true)
    expect(queryClient.getQueryState(queryKeys.leads.one('b'))?.isInvalidated).toBe(false)
  })
})
