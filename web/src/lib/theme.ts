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
    }
  }
}
