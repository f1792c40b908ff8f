import { useQueryClient } from '@tanstack/react-query'
import { createStore, del, entries, set } from 'idb-keyval'
import { CloudOff, Trash2 } from 'lucide-react'
import { useCallback, useEffect, useSyncExternalStore } from 'react'
import { Button } from '@/components/ui/button'
import { api, ApiError, currentRequestUser, NoConnectionError, UNAUTHORIZED_EVENT, unwrap } from '@/lib/api'
import { useI18n } from '@/lib/i18n'
import { queryKeys } from '@/lib/query-keys'
import { refresh } from '@/lib/refresh'
import { type MaterialInput, sendReceipt, type TimeInput } from './api/jobs'
import { addHeldNotice } from './held-notices'

/**
 * What a montør enters with no network: kept on the phone (IndexedDB, which a reload and a
 * closed browser keep) and sent when the network is back, shown as "Venter på nett" until
 * then (docs/JOBS.md, "Offline"). Each record carries the id the phone chose for
 * it, so one sent twice (its answer lost) is written once (`src/jobs/time.rs`). One the
 * server refuses stays, with the reason, until it is removed.
 *
 * A phone may be shared (security review #74, finding 10). Each record, its receipt photo
 * with it, is its owner's: shown only to them, and sent only in their session, which the
 * server is asked about just before (the session cookie is the browser's, and another tab
 * may have signed someone else in). A session that ends does not lose them (they are the
 * law's time sheet): they wait on the phone, for no one else, until their owner signs in
 * here again. "Logg ut" tries to send them first, and says so when some are left.
 */
export type Pending = {
  /** The record's own id. */
  id: string
  /** Whose it is: only their session sends it. */
  owner: string
  when: string
  what: string
  /** The server's reason, when it refused the record. */
  refused?: string
} & ({ kind: 'time'; body: TimeInput } | { kind: 'material'; jobId: string; body: MaterialInput; photo?: Blob })

const store = typeof indexedDB === 'undefined' ? undefined : createStore('fagfolk-outbox', 'pending')
const listeners = new Set<() => void>()
let known: Pending[] = []

async function reload() {
  known = store ? (await entries<string, Pending>(store)).map(([, pending]) => pending) : []
  known.sort((a, b) => a.when.localeCompare(b.when))
  for (const listener of listeners) listener()
}

/** Keeps `pending` on the phone until it is sent. */
export async function keep(pending: Pending): Promise<void> {
  if (!store) throw new Error('Telefonen kan ikke lagre føringer uten nett.')
  await set(pending.id, pending, store)
  await reload()
}

async function drop(id: string) {
  if (store) await del(id, store)
  await reload()
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** Sends `pending`: `true` when the server has it (now, or from an earlier try). */
async function send(pending: Pending): Promise<boolean> {
  try {
    if (pending.kind === 'time') {
      const entry = unwrap(await api.POST('/api/admin/time', { body: pending.body }))
      if (entry.held) addHeldNotice({ id: entry.id, what: pending.what })
    } else {
      const line = unwrap(
        await api.POST('/api/admin/jobs/{id}/materials', { params: { path: { id: pending.jobId } }, body: pending.body }),
      )
      if (pending.photo && !line.receipt) {
        // The line is written: a photo that does not go through is not worth holding it back.
        await sendReceipt(pending.jobId, line.id, new File([pending.photo], 'kvittering.jpg', { type: pending.photo.type })).catch(
          () => undefined,
        )
      }
      if (line.held) addHeldNotice({ id: line.id, what: pending.what })
    }
    await drop(pending.id)
    return true
  } catch (error) {
    if (error instanceof ApiError && error.status !== 401) {
      await keep({ ...pending, refused: error.message })
      return true
    }
    // No network (or no session) yet: everything waits for the next try.
    if (error instanceof NoConnectionError || error instanceof TypeError || error instanceof ApiError) return false
    throw error
  }
}

/** Whether the browser's session is `owner`'s, as the server says: `undefined` when it
 * cannot be asked. No session at all is a session that ended: the app signs out. */
async function sessionOf(owner: string): Promise<boolean | undefined> {
  try {
    const { data, response } = await api.GET('/api/auth/session')
    if (!response.ok) return undefined
    if (!data?.user) window.dispatchEvent(new Event(UNAUTHORIZED_EVENT))
    return data?.user?.id === owner
  } catch {
    return undefined
  }
}

let sending: Promise<boolean> = Promise.resolve(false)

/** Sends what `owner` has waiting, oldest first, in `owner`'s own session and no one
 * else's: `true` when something went. One sending at a time. */
export function sendWaiting(owner: string): Promise<boolean> {
  const next = sending.catch(() => false).then(async () => {
    await reload()
    const waiting = known.filter((item) => item.owner === owner && !item.refused)
    if (waiting.length === 0 || !(await sessionOf(owner))) return false
    let sent = false
    for (const pending of waiting) {
      // Signed out (or someone else in) on this page while the others went: the rest wait.
      if (currentRequestUser() !== owner || !(await send(pending))) break
      sent = true
    }
    return sent
  })
  sending = next
  return next
}

/** How many of `owner`'s records are still on the phone (waiting, or refused). */
export async function unsent(owner: string): Promise<number> {
  await reload()
  return known.filter((item) => item.owner === owner).length
}

/** The records `owner` has waiting, sent by themselves whenever the network comes back,
 * at start and every half minute. */
export function useOutbox(owner: string | undefined): Pending[] {
  const queryClient = useQueryClient()
  const all = useSyncExternalStore(subscribe, () => known, () => known)
  const flush = useCallback(async () => {
    if (!owner) return
    if (await sendWaiting(owner)) void refresh(queryClient, queryKeys.work.all, queryKeys.jobs.all)
  }, [owner, queryClient])
  useEffect(() => {
    void reload().then(flush)
    const timer = window.setInterval(() => void flush(), 30_000)
    window.addEventListener('online', flush)
    return () => {
      window.clearInterval(timer)
      window.removeEventListener('online', flush)
    }
  }, [flush])
  return all.filter((item) => item.owner === owner)
}

/** Whether `error` means the request never reached the server (so it is kept to send later). */
export function noConnection(error: unknown): boolean {
  return error instanceof NoConnectionError || error instanceof TypeError
}

/** "Venter på nett": what is kept on the phone, and what the server refused, with the
 * reason and a way to remove it. */
export function OutboxList({ pending }: { pending: Pending[] }) {
  const { t, server } = useI18n()
  if (pending.length === 0) return null
  const waiting = pending.filter((item) => !item.refused)
  const refused = pending.filter((item) => item.refused)
  return (
    <section aria-labelledby="outbox" className="grid gap-2 rounded-2xl border border-border bg-card p-4" data-outbox>
      <h2 id="outbox" className="flex items-center gap-2 text-lg font-semibold">
        <CloudOff className="size-5 shrink-0" aria-hidden="true" /> {t('outbox.title')}
      </h2>
      {waiting.length > 0 && (
        <>
          <p className="text-sm text-muted-foreground">{t('outbox.body')}</p>
          <ul className="grid gap-1 text-sm">
            {waiting.map((item) => (
              <li key={item.id} data-pending>
                {item.what}
              </li>
            ))}
          </ul>
        </>
      )}
      {refused.map((item) => (
        <div key={item.id} role="alert" className="flex items-center justify-between gap-2 rounded-lg border border-destructive/40 bg-destructive/10 p-2 text-sm">
          <span>
            <span className="font-semibold">{t('outbox.refused', { what: item.what })}</span> {server(item.refused ?? '')}
          </span>
          <Button type="button" variant="ghost" size="icon" className="size-11 shrink-0" aria-label={t('outbox.remove', { what: item.what })} onClick={() => void drop(item.id)}>
            <Trash2 aria-hidden="true" />
          </Button>
        </div>
      ))}
    </section>
  )
}
