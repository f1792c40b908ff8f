import { Monitor, Moon, Sun } from 'lucide-react'
import { useEffect } from 'react'
import { applyTheme, type Theme, useTheme } from '@/lib/theme'
import { cn } from '@/lib/utils'

const NEXT: Record<Theme, Theme> = { light: 'dark', dark: 'system', system: 'light' }
const LABEL: Record<Theme, string> = { light: 'Lyst', dark: 'Mørkt', system: 'Systemvalg' }

/** What the toggle says of the theme it shows and the one a press gives: Norwegian, or a
 * montør's language (passed by the admin, so the public pages carry no catalogues). */
export type ThemeWords = (current: Theme, next: Theme) => { label: string; title: string }

const NORWEGIAN: ThemeWords = (current, next) => ({
  label: `Tema: ${LABEL[current]}. Bytt til ${LABEL[next].toLowerCase()}`,
  title: `Tema: ${LABEL[current]}`,
})

/** Cycles light -> dark -> system. The label says the current theme and what a press does. */
export function ThemeToggle({ className, words = NORWEGIAN }: { className?: string; words?: ThemeWords }) {
  const theme = useTheme()

  useEffect(() => {
    if (theme !== 'system') return
    const media = window.matchMedia('(prefers-color-scheme: dark)')
    const follow = () => applyTheme('system', { store: false })
    media.addEventListener('change', follow)
    return () => media.removeEventListener('change', follow)
  }, [theme])

  const Icon = theme === 'dark' ? Moon : theme === 'system' ? Monitor : Sun
  const pick = () => {
    const next = NEXT[theme]
    applyTheme(next, { store: true })
  }
  return (
    <button
      type="button"
      onClick={pick}
      data-theme-choice={theme}
      aria-label={words(theme, NEXT[theme]).label}
      title={words(theme, NEXT[theme]).title}
      className={cn(
        'inline-flex size-11 items-center justify-center rounded-lg text-foreground hover:bg-muted',
        className,
      )}
    >
      <Icon className="size-5" aria-hidden="true" />
    </button>
  )
}
