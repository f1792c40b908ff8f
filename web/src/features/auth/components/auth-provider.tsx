import { createContext, type ReactNode, use, useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { ApiError, setRequestUser, UNAUTHORIZED_EVENT } from '@/lib/api'
import { keepDeviceLanguage } from '@/lib/i18n'
import { type AdminUser, getSession, login as loginRequest, logout as logoutRequest, saveLanguage } from '../api/auth'

// The session is kept on the device under `adminSession` for 24 hours, as long as the
// server's session cookie lives.
// Only `{user, expiresAt}` is stored (the token stays in the HttpOnly cookie); the
// server's answer is the truth, and the legacy `adminUser` key is removed.
const STORAGE_KEY = 'adminSession'
const LEGACY_KEY = 'adminUser'

type Stored = { user: AdminUser; expiresAt: string }
/** A refused login carries the server's error too, so the form can put its field messages under the fields. */
export type LoginResult = { success: true } | { success: false; error: string; cause?: unknown }

type Auth = {
  user: AdminUser | null
  loading: boolean
  /** The last session ended by itself (expired, or refused by the server) rather than by "Logg ut". */
  expired: boolean
  login: (email: string, password: string, remember?: boolean) => Promise<LoginResult>
  logout: () => Promise<void>
  /** Saves the language of one's own screens on the profile, and on this device. */
  changeLanguage: (language: 'nb' | 'en' | 'pl') => Promise<void>
}

const AuthContext = createContext<Auth | null>(null)

export function useAuth(): Auth {
  const auth = use(AuthContext)
  if (!auth) throw new Error('useAuth utenfor AuthProvider')
  return auth
}

/** The stored session if it is readable and not expired; otherwise it is removed. */
export function readStoredSession(now = Date.now()): Stored | null {
  try {
    window.localStorage.removeItem(LEGACY_KEY)
    const raw = window.localStorage.getItem(STORAGE_KEY)
    if (!raw) return null
    const stored = JSON.parse(raw) as Partial<Stored>
    if (stored.user?.id && stored.expiresAt && Date.parse(stored.expiresAt) > now) return stored as Stored
  } catch {
    // unreadable: treated as signed out below
  }
  window.localStorage.removeItem(STORAGE_KEY)
  return null
}

function store(session: Stored | null) {
  if (session) window.localStorage.setItem(STORAGE_KEY, JSON.stringify(session))
  else window.localStorage.removeItem(STORAGE_KEY)
}

/** The stored session at start, and the person the page's requests are for. */
function startingSession(): Stored | null {
  const session = readStoredSession()
  setRequestUser(session?.user.id ?? null)
  return session
}

/**
 * The signed-in person, for the admin app. `onSessionEnd` is called whenever the person on
 * this device changes, before the screens show the next one: a session that ends (by "Logg
 * ut", a 401 from the server, its time running out, or another tab), someone else signing
 * in, and a start with no session. It empties what the device keeps of a person
 * (security review #74, finding 10); `logout` waits for it.
 */
export function AuthProvider({ children, onSessionEnd }: { children: ReactNode; onSessionEnd?: () => Promise<void> | void }) {
  const [session, setSession] = useState<Stored | null>(startingSession)
  const [loading, setLoading] = useState(true)
  // Bumped by every sign-in and sign-out, so a slower start-up check cannot undo them.
  const generation = useRef(0)

  const [expired, setExpired] = useState(false)
  // The session as last set, for the callbacks: who is signed in on this device right now.
  const current = useRef(session)
  const ended = useRef(onSessionEnd)
  useEffect(() => {
    ended.current = onSessionEnd
  }, [onSessionEnd])

  /** Makes `next` the device's session (kept in storage unless another tab already did);
   * a different person, or none, first empties what the device kept of the last one. */
  const become = useCallback(async (next: Stored | null, { keep = true } = {}) => {
    const before = current.current?.user.id ?? null
    const after = next?.user.id ?? null
    current.current = next
    setRequestUser(after)
    if (keep) store(next)
    // Emptied before the next person is shown; what could not be emptied keeps no one
    // signed in, nor out.
    let forgetting: Promise<void> | void = undefined
    try {
      if (before !== after) forgetting = ended.current?.()
    } catch {
      // as below
    }
    setSession(next)
    await Promise.resolve(forgetting).catch(() => undefined)
  }, [])

  const signOutLocally = useCallback(() => {
    generation.current += 1
    return become(null)
  }, [become])

  // The session ran out or the server no longer knows it: back to the sign-in page,
  // which says why.
  const sessionEnded = useCallback(() => {
    if (current.current) setExpired(true)
    void signOutLocally()
  }, [signOutLocally])

  // At start the loading flag stays on until the server has confirmed the session.
  useEffect(() => {
    let cancelled = false
    const started = generation.current
    // No session at start: nothing kept of anyone is shown from here on.
    if (!current.current) void ended.current?.()
    getSession()
      .then((info) => {
        if (cancelled || generation.current !== started) return
        const next = info ? { user: info.user, expiresAt: info.expires_at } : null
        // The device remembered a session the server no longer has: say so at sign-in.
        if (!next && current.current) setExpired(true)
        void become(next)
      })
      .catch(() => {
        // Server unreachable: keep what the device knows; requests will tell.
      })
      .finally(() => !cancelled && setLoading(false))
    return () => {
      cancelled = true
    }
  }, [become])

  // Another tab signed out, or in as someone else (they share the cookie): this one follows.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key !== STORAGE_KEY && event.key !== null) return
      const next = readStoredSession()
      if ((next?.user.id ?? null) === (current.current?.user.id ?? null)) {
        if (next) setSession(next)
        current.current = next
        return
      }
      generation.current += 1
      void become(next, { keep: false })
    }
    window.addEventListener('storage', onStorage)
    return () => window.removeEventListener('storage', onStorage)
  }, [become])

  // The server said 401 somewhere, or the 24 hours ran out: sign out.
  useEffect(() => {
    window.addEventListener(UNAUTHORIZED_EVENT, sessionEnded)
    return () => window.removeEventListener(UNAUTHORIZED_EVENT, sessionEnded)
  }, [sessionEnded])
  useEffect(() => {
    if (!session) return
    const remaining = Date.parse(session.expiresAt) - Date.now()
    const timer = window.setTimeout(sessionEnded, Math.max(0, Math.min(remaining, 2 ** 31 - 1)))
    return () => window.clearTimeout(timer)
  }, [session, sessionEnded])

  const login = useCallback(async (email: string, password: string, remember = false): Promise<LoginResult> => {
    try {
      const info = await loginRequest(email, password, remember)
      generation.current += 1
      await become({ user: info.user, expiresAt: info.expires_at })
      setLoading(false)
      setExpired(false)
      if (info.user.role === 'montor') keepDeviceLanguage(info.user.language as 'nb' | 'en' | 'pl')
      return { success: true }
    } catch (error) {
      if (error instanceof ApiError) return { success: false, error: error.message, cause: error }
      return { success: false, error: 'En feil oppstod under innlogging' }
    }
  }, [become])

  // Signed out on this device even when the server cannot be told (no network).
  const logout = useCallback(async () => {
    await logoutRequest().catch(() => undefined)
    await signOutLocally()
  }, [signOutLocally])

  const changeLanguage = useCallback(async (language: 'nb' | 'en' | 'pl') => {
    await saveLanguage(language)
    keepDeviceLanguage(language)
    const signedIn = current.current
    if (!signedIn) return
    const next = { ...signedIn, user: { ...signedIn.user, language } }
    current.current = next
    store(next)
    setSession(next)
  }, [])

  const value = useMemo(
    () => ({ user: session?.user ?? null, loading, expired, login, logout, changeLanguage }),
    [session, loading, expired, login, logout, changeLanguage],
  )
  return <AuthContext value={value}>{children}</AuthContext>
}
