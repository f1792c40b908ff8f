import { useCallback, useEffect, useState } from 'react'
import { useSearchParams } from 'react-router'

/** A filter's value in the address: nothing, `''`, `false` and `null` leave it out. */
export type ParamValue = string | number | boolean | null | undefined

/**
 * How a list's filter is written in the page's address and read back: `read` makes the
 * filter of whatever parameters there are (what it does not know or cannot read is the
 * filter's default), `write` names **every** parameter the filter owns, with the value
 * to write or nothing. The leads, quotes and befaringer lists each have one beside their
 * API (`leadFilter`, `quoteFilter`, `visitWeek`).
 */
export type UrlFilter<F> = {
  read: (params: URLSearchParams) => F
  write: (filter: F) => Record<string, ParamValue>
}

/** Changes a filter kept in the address (`useUrlFilter`'s second value). */
export type SetFilter<F> = (next: F | ((current: F) => F), options?: { replace?: boolean }) => void

/** The address's parameters for `filter`, in `write`'s order, without the empty ones. */
export function filterParams<F>(codec: UrlFilter<F>, filter: F): URLSearchParams {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(codec.write(filter))) {
    if (value !== undefined && value !== null && value !== '' && value !== false) params.set(key, String(value))
  }
  return params
}

/**
 * A list's filter kept in the page's address, so a filtered list can be shared, kept as a
 * bookmark, reloaded and gone back to with the browser's back button. Parameters the
 * filter does not own (the leads page's `?lead=`, which opens a lead) are left alone.
 * `replace` changes the address without a new history entry (for each pause in typing
 * a search, say).
 */
export function useUrlFilter<F>(codec: UrlFilter<F>) {
  const [params, setParams] = useSearchParams()
  const filter = codec.read(params)
  const setFilter: SetFilter<F> = useCallback(
    (next, options) => {
      // The address as it is now, not as this render saw it: a change made after a pause
      // in typing keeps a lead opened in that pause (react-router hands a setter the
      // parameters of the render it was made in, and renders a navigation later).
      const all = new URLSearchParams(window.location.search)
      const current = codec.read(all)
      const value = typeof next === 'function' ? (next as (current: F) => F)(current) : next
      for (const key of Object.keys(codec.write(current))) all.delete(key)
      for (const [key, written] of filterParams(codec, value)) all.set(key, written)
      setParams(all, options)
    },
    [codec, setParams],
  )
  return [filter, setFilter] as const
}

/**
 * A search box over a filter kept in the address: the text as typed, and after a pause in
 * typing the filter set to it with `page` reset, replacing the address rather than adding
 * to the history. `saved` is the filter's text; when it changes from elsewhere (back, a link)
 * the box follows it. The invoices' and the jobs' lists each use one.
 */
export function useSearchText<F extends { page?: number }>(
  saved: string | undefined,
  setFilter: SetFilter<F>,
  write: (current: F, text: string | undefined) => F,
): [string, (text: string) => void] {
  const [text, setText] = useState(saved ?? '')
  const [seen, setSeen] = useState(saved)
  if (saved !== seen) {
    setSeen(saved)
    setText(saved ?? '')
  }
  useEffect(() => {
    if (text === (saved ?? '')) return
    const search = (current: F) => ({ ...write(current, text || undefined), page: undefined })
    const timer = window.setTimeout(() => setFilter(search, { replace: true }), text ? 250 : 0)
    return () => window.clearTimeout(timer)
  }, [text, saved, setFilter, write])
  return [text, setText]
}
