import { Info } from 'lucide-react'
import { useSyncExternalStore } from 'react'
import { Button } from '@/components/ui/button'
import { useI18n } from '@/lib/i18n'

/**
 * What a montør is told when hours or materials were saved past a prisoverslag's budget
 * (crates/data/src/jobs/gate.rs): they are kept, and wait for the office's § 7 contact
 * with the customer before they are billed. A toast goes in a few seconds and a glove
 * misses it, so the message stays on "Mine oppdrag" until "Lest" is pressed, across
 * reloads, on this device. A session's end, however it ends, clears them
 * (`clearHeldNotices`, from src/app/admin/admin-app.tsx).
 */
export type HeldNotice = { id: string; what: string }

const KEY = 'fagfolk.heldNotices'
const listeners = new Set<() => void>()
let cached: { raw: string | null; notices: HeldNotice[] } = { raw: null, notices: [] }

function read(): HeldNotice[] {
  const raw = window.localStorage.getItem(KEY)
  if (raw === cached.raw) return cached.notices
  let notices: HeldNotice[] = []
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : []
    if (Array.isArray(parsed)) notices = parsed.filter((item): item is HeldNotice => typeof item?.id === 'string' && typeof item?.what === 'string')
  } catch {
    // unreadable: none
  }
  cached = { raw, notices }
  return notices
}

function write(notices: HeldNotice[]) {
  if (notices.length === 0) window.localStorage.removeItem(KEY)
  else window.localStorage.setItem(KEY, JSON.stringify(notices))
  for (const listener of listeners) listener()
}

/** Keeps a notice for a record saved as held; the same record twice is kept once. */
export function addHeldNotice(notice: HeldNotice) {
  const notices = read()
  if (!notices.some((other) => other.id === notice.id)) write([...notices, notice])
}

export function clearHeldNotices() {
  write([])
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  const onStorage = (event: StorageEvent) => event.key === KEY && listener()
  window.addEventListener('storage', onStorage)
  return () => {
    listeners.delete(listener)
    window.removeEventListener('storage', onStorage)
  }
}

/** The notices not yet read, at the top of "Mine oppdrag". */
export function HeldNotices() {
  const notices = useSyncExternalStore(subscribe, read, () => [])
  const { t } = useI18n()
  if (notices.length === 0) return null
  return (
    <section role="status" aria-labelledby="held-notices" className="grid gap-2 rounded-2xl border border-accent bg-accent/10 p-4" data-held-notices>
      <h2 id="held-notices" className="flex items-center gap-2 text-lg font-semibold">
        <Info className="size-5 shrink-0" aria-hidden="true" /> {t('held.title')}
      </h2>
      <ul className="grid list-disc gap-1 pl-5 text-sm">
        {notices.map((notice) => (
          <li key={notice.id}>{notice.what}</li>
        ))}
      </ul>
      <p className="text-sm">{t('held.body')}</p>
      <Button type="button" variant="outline" className="h-11 justify-self-start" onClick={clearHeldNotices}>
        {t('held.read')}
      </Button>
    </section>
  )
}
