import { useSyncExternalStore } from 'react'

export type Theme = 'light' | 'dark' | 'system'

const KEY = 'theme'

/** The stored choice; the default is light. */
export function storedTheme(): Theme {
  try {
    const value = window.localStorage.getItem(KEY)
    if (value === 'light' || value === 'dark' || value === 'system') return value
  } catch {
    // storage blocked: fall back to the default
  }
  return 'light'
}

/** Applies a theme to the page. Stores it only when the visitor picked it. */
export function applyTheme(theme: Theme, { store }: { store: boolean }) {
  const dark = theme === 'dark' || (theme === 'system' && window.matchMedia('(prefers-color-scheme: dark)').matches)
  document.documentElement.classList.toggle('dark', dark)
  document.documentElement.style.colorScheme = dark ? 'dark' : 'light'
  if (store) {
    try {
      window.localStorage.setItem(KEY, theme)
    } catch {
      // private mode: the choice lasts for this page only
      picked = theme
    }
    for (const listener of listeners) listener()
  }
}

/** A pick that storage refused to keep. */
let picked: Theme | null = null
const listeners = new Set<() => void>()

function subscribe(listener: () => void) {
  listeners.add(listener)
  window.addEventListener('storage', listener)
  return () => {
    listeners.delete(listener)
    window.removeEventListener('storage', listener)
  }
}

/**
 * The theme in use, for the toggles: the stored choice (or this page's pick when storage
 * is blocked). The server-rendered HTML knows no stored choice, so hydration starts from
 * the default and React reads the stored one right after (the page itself was already
 * themed by theme-init.js).
 */
export function useTheme(): Theme {
  return useSyncExternalStore(subscribe, () => picked ?? storedTheme(), () => 'light')
}
