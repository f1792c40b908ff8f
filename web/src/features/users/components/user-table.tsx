import { KeyRound, type LucideIcon, MonitorSmartphone, Pencil, Power, Trash2 } from 'lucide-react'
import { useEffect, useRef } from 'react'
import { EmailText } from '@/components/email-text'
import { Button } from '@/components/ui/button'
import { formatDateTime } from '@/lib/format'
import { cn } from '@/lib/utils'
import type { AdminUserView } from '../api/users'
import { ROLE_LABEL } from './user-dialogs'

/** The columns a narrow table leaves out, by the table's own width (a container query, so
 * an open sidebar counts, as in lead-table.tsx): the role and the status from 36rem, the
 * last sign-in from 42rem and the e-mail address from 48rem. Below those widths the name
 * cell carries them, so a phone (a 21rem table at 375 px) still reads every one (#25). At
 * 1280 px with the sidebar open the table is 60rem wide and has a column of its own for
 * each the specification names: Navn, E-post, Rolle, Status, Sist innlogget and the
 * actions (e2e/spec-texts.ts, TABLES). */
const SHOWN_FROM = {
  roleAndStatus: 'hidden @xl:table-cell',
  roleAndStatusUnderName: '@xl:hidden',
  lastLogin: 'hidden @2xl:table-cell',
  lastLoginUnderName: '@2xl:hidden',
  email: 'hidden @3xl:table-cell',
  emailUnderName: '@3xl:hidden',
}

export function UserTable({
  users,
  me,
  isAdmin,
  highlight,
  onEdit,
  onPassword,
  onToggleActive,
  onDelete,
  onSessions,
}: {
  users: AdminUserView[]
  /** The signed-in user's id: their row says "(deg)" and offers neither Deaktiver nor Slett. */
  me: string | undefined
  /** Editors may look, and change their own password; managing users is for admins. */
  isAdmin: boolean
  /** The row to mark and scroll to (the command search's `?user=`). */
  highlight?: string | null
  onEdit: (user: AdminUserView) => void
  onPassword: (user: AdminUserView) => void
  onToggleActive: (user: AdminUserView) => void
  onDelete: (user: AdminUserView) => void
  /** Where the user is signed in (administrators). */
  onSessions?: (user: AdminUserView) => void
}) {
  const highlighted = useRef<HTMLTableRowElement>(null)

  useEffect(() => {
    if (highlight) highlighted.current?.scrollIntoView({ block: 'center' })
  }, [users, highlight])

  return (
    <div className="@container overflow-x-auto rounded-xl border border-border bg-card">
      <table className="w-full text-left text-sm">
        <thead className="border-b border-border bg-muted/60 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
          <tr>
            <th scope="col" className="px-4 py-3">Navn</th>
            <th scope="col" className={cn('px-4 py-3', SHOWN_FROM.email)}>E-post</th>
            <th scope="col" className={cn('px-4 py-3', SHOWN_FROM.roleAndStatus)}>Rolle</th>
            <th scope="col" className={cn('px-4 py-3', SHOWN_FROM.roleAndStatus)}>Status</th>
            <th scope="col" className={cn('px-4 py-3', SHOWN_FROM.lastLogin)}>Sist innlogget</th>
            <th scope="col" className="px-2 py-3 text-right @xl:px-4">
              <span className="sr-only @xl:not-sr-only">Handlinger</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {users.map((user) => {
            const lastLogin = user.last_login_at ? formatDateTime(user.last_login_at) : null
            return (
              <tr
                key={user.id}
                ref={user.id === highlight ? highlighted : undefined}
                data-highlighted={user.id === highlight || undefined}
                className={cn('align-top', user.id === highlight && 'bg-accent/15 outline-2 outline-accent')}
              >
                <td className="px-4 py-3">
                  <p className="font-semibold">
                    {user.name}
                    {user.id === me && <span className="ml-2 text-xs font-normal text-muted-foreground">(deg)</span>}
                  </p>
                  <p className={cn('text-muted-foreground', SHOWN_FROM.emailUnderName)}>
                    <EmailText email={user.email} />
                  </p>
                  {user.phone && <p className="text-muted-foreground">{user.phone}</p>}
                  <p className={cn('mt-1', SHOWN_FROM.roleAndStatusUnderName)}>
                    {ROLE_LABEL[user.role]} · <UserStatus active={user.is_active} />
                  </p>
                  <p className={cn('mt-1 text-muted-foreground', SHOWN_FROM.lastLoginUnderName)}>
                    {lastLogin ? `Sist innlogget ${lastLogin}` : 'Aldri innlogget'}
                  </p>
                </td>
                <td className={cn('px-4 py-3', SHOWN_FROM.email)}>
                  <EmailText email={user.email} />
                </td>
                <td className={cn('px-4 py-3', SHOWN_FROM.roleAndStatus)}>{ROLE_LABEL[user.role]}</td>
                <td className={cn('px-4 py-3', SHOWN_FROM.roleAndStatus)}>
                  <UserStatus active={user.is_active} />
                </td>
                <td className={cn('px-4 py-3 whitespace-nowrap', SHOWN_FROM.lastLogin)}>{lastLogin ?? 'Aldri'}</td>
                <td className="px-2 py-2 @xl:px-4">
                  {/* Stacked on a phone, so the name keeps its room. */}
                  <div className="flex flex-col items-end gap-1 @xl:flex-row @xl:flex-wrap @xl:justify-end">
                    {isAdmin && <RowAction label="Endre" name={user.name} icon={Pencil} onClick={() => onEdit(user)} />}
                    {(isAdmin || user.id === me) && (
                      <RowAction label="Endre passord" name={user.name} icon={KeyRound} onClick={() => onPassword(user)} />
                    )}
                    {isAdmin && onSessions && (
                      <RowAction label="Innlogginger" name={user.name} icon={MonitorSmartphone} onClick={() => onSessions(user)} />
                    )}
                    {isAdmin && user.id !== me && (
                      <RowAction
                        label={user.is_active ? 'Deaktiver' : 'Aktiver'}
                        name={user.name}
                        icon={Power}
                        onClick={() => onToggleActive(user)}
                      />
                    )}
                    {isAdmin && user.id !== me && (
                      <RowAction label="Slett" name={user.name} icon={Trash2} destructive onClick={() => onDelete(user)} />
                    )}
                  </div>
                </td>
              </tr>
            )
          })}
        </tbody>
      </table>
    </div>
  )
}

/** The user's state as the specification words it: Aktiv or Deaktivert. */
function UserStatus({ active }: { active: boolean }) {
  return (
    <span
      className={cn(
        'rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap',
        active ? 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900/50 dark:text-emerald-100' : 'bg-muted text-muted-foreground',
      )}
    >
      {active ? 'Aktiv' : 'Deaktivert'}
    </span>
  )
}

/** A row's action: its word beside the icon from 96rem, below that the icon with the word
 * as its name (read aloud, and shown on hover), so the row never runs out of the table. */
function RowAction({
  label,
  name,
  icon: Icon,
  destructive,
  onClick,
}: {
  label: string
  name: string
  icon: LucideIcon
  destructive?: boolean
  onClick: () => void
}) {
  return (
    <Button
      variant="ghost"
      size="sm"
      className={cn('h-9 px-2 2xl:px-3', destructive && 'text-destructive hover:bg-destructive/10')}
      onClick={onClick}
      title={`${label}: ${name}`}
    >
      <Icon aria-hidden="true" />
      <span className="sr-only 2xl:not-sr-only">{label}</span>
    </Button>
  )
}
