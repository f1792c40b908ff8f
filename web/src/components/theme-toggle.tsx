import { Monitor, Moon, Sun } from 'lucide-react'
import { useEffect } from 'react'
import { applyTheme, type Theme, useTheme } from '@/lib/theme'
import { cn } from '@/lib/utils'

const NEXT: Record<Theme, Theme> = { light: 'dark', dark: 'system', system: 'light' }
const LABEL: Record<Theme, string> = { light: 'Lyst', dark: 'Mørkt', system: 'Systemvalg' }

/** Cycles light -> dark -> system. The label says the current theme and what a press does. */
export function ThemeToggle({ className }: { className?: string }) {
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
      aria-label={`Tema: ${LABEL[theme]}. Bytt til ${LABEL[NEXT[theme]].toLowerCase()}`}
      title={`Tema: ${LABEL[theme]}`}
      className={cn(
        'inline-flex size-11 items-center justify-center rounded-lg text-foreground hover:bg-muted',
        className,
      )}
    >
      <Icon className="size-5" aria-hidden="true" />
    </button>
  )
}
