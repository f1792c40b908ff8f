import { createContext, type ReactNode, use, useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { ApiError, UNAUTHORIZED_EVENT } from '@/lib/api'
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

export function AuthProvider({ children }: { children: ReactNode }) {
  const [session, setSession] = useState<Stored | null>(() => readStoredSession())
  const [loading, setLoading] = useState(true)
  // Bumped by every sign-in and sign-out, so a slower start-up check cannot undo them.
  const generation = useRef(0)

  const [expired, setExpired] = useState(false)
  const signedIn = useRef(session !== null)
  useEffect(() => {
    signedIn.current = session !== null
  }, [session])

  const signOutLocally = useCallback(() => {
    generation.current += 1
    store(null)
    setSession(null)
  }, [])

  // The session ran out or the server no longer knows it: back to the sign-in page,
  // which says why.
  const sessionEnded = useCallback(() => {
    if (signedIn.current) setExpired(true)
    signOutLocally()
  }, [signOutLocally])

  // At start the loading flag stays on until the server has confirmed the session.
  useEffect(() => {
    let cancelled = false
    const started = generation.current
    getSession()
      .then((info) => {
        if (cancelled || generation.current !== started) return
        const next = info ? { user: info.user, expiresAt: info.expires_at } : null
        // The device remembered a session the server no longer has: say so at sign-in.
        if (!next && signedIn.current) setExpired(true)
        store(next)
        setSession(next)
      })
      .catch(() => {
        // Server unreachable: keep what the device knows; requests will tell.
      })
      .finally(() => !cancelled && setLoading(false))
    return () => {
      cancelled = true
    }
  }, [])

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
      const next = { user: info.user, expiresAt: info.expires_at }
      store(next)
      setSession(next)
      setLoading(false)
      setExpired(false)
      if (info.user.role === 'montor') keepDeviceLanguage(info.user.language as 'nb' | 'en' | 'pl')
      return { success: true }
    } catch (error) {
      if (error instanceof ApiError) return { success: false, error: error.message, cause: error }
      return { success: false, error: 'En feil oppstod under innlogging' }
    }
  }, [])

  const logout = useCallback(async () => {
    try {
      await logoutRequest()
    } finally {
      signOutLocally()
    }
  }, [signOutLocally])

  const changeLanguage = useCallback(async (language: 'nb' | 'en' | 'pl') => {
    await saveLanguage(language)
    keepDeviceLanguage(language)
    setSession((current) => {
      if (!current) return current
      const next = { ...current, user: { ...current.user, language } }
      store(next)
      return next
    })
  }, [])

  const value = useMemo(
    () => ({ user: session?.user ?? null, loading, expired, login, logout, changeLanguage }),
    [session, loading, expired, login, logout, changeLanguage],
  )
  return <AuthContext value={value}>{children}</AuthContext>
}
