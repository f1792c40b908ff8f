import type { ReactNode } from 'react'
import { useToast } from '@/components/toast'
import { ApiError } from '@/lib/api'
import { factsOf, type Settings, useSaveSettings } from '../api/settings'

/** The media library's picker, given by the page (a feature does not reach into another). */
export type LogoPicker = (props: {
  label: string
  value: string[]
  onChange: (ids: string[]) => void
  max: number
  error?: string
  errorId: string
}) => ReactNode

/**
 * The firm's logo: a picture from the media library (or uploaded there from the picker),
 * saved the moment it is chosen or taken away. The header, the browser's icons, the
 * staff e-mails and the JSON-LD use it; without one the header draws the firm's initial.
 */
export function LogoForm({ settings, picker }: { settings: Settings; picker: LogoPicker }) {
  const toast = useToast()
  const save = useSaveSettings()
  const error = save.error instanceof ApiError ? save.error.fields.logo ?? save.error.message : undefined

  const choose = (ids: string[]) => {
    save.mutate(
      { ...factsOf(settings), logo: ids[0] ?? null },
      {
        onSuccess: () =>
          toast({
            title: ids[0] ? 'Logoen er lagret' : 'Logoen er fjernet',
            description: 'Nettstedet viser endringen med en gang.',
          }),
      },
    )
  }

  return (
    <div className="mt-4 grid gap-2">
      {picker({
        label: 'Logo (PNG med gjennomsiktig bakgrunn blir penest)',
        value: settings.logo ? [settings.logo] : [],
        onChange: choose,
        max: 1,
        error,
        errorId: 'logo-feil',
      })}
    </div>
  )
}
