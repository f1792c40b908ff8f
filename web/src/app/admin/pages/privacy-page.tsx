import { useAuth } from '@/features/auth/components/auth-provider'
import { PersonSearch } from '@/features/privacy/components/person-search'
import { RetentionRule } from '@/features/privacy/components/retention-rule'
import { useAdminTitle } from '../use-admin-title'

/**
 * Personvern: a person's data found by e-mail or phone, downloaded (innsyn) or erased,
 * and the retention rule that anonymises won and lost leads. Administrators only; the
 * server refuses anyone else.
 */
export function PrivacyPage() {
  useAdminTitle('Personvern')
  const { user } = useAuth()
  const isAdmin = user?.role === 'admin'
  return (
    <>
      <h1 className="text-3xl font-bold">Personvern</h1>
      {!isAdmin && (
        <p className="mt-4 max-w-2xl rounded-xl border border-border bg-muted/40 p-4">
          Bare administratorer kan hente ut eller slette personopplysninger og endre sletteregelen.
        </p>
      )}
      {isAdmin && <PersonSearch />}
      <RetentionRule editable={isAdmin} />
    </>
  )
}
