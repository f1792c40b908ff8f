import { MonthHours } from '@/features/jobs/components/month-hours'
import { StaffWeek } from '@/features/jobs/components/staff-week'
import { useUsers } from '@/features/users/api/users'
import { useAdminTitle } from '../use-admin-title'

/** "Månedens timer" (in the menu and Ctrl+K): the month to close for payroll, opened on
 * last month until the office has approved it, and one person's week under it. */
export function HoursPage() {
  useAdminTitle('Månedens timer')
  const users = useUsers()
  const staff = (users.data ?? []).filter((user) => user.is_active).map((user) => ({ id: user.id, name: user.name }))
  return (
    <div className="grid gap-6">
      <h1 className="text-2xl font-bold">Månedens timer</h1>
      <MonthHours />
      <StaffWeek staff={staff} />
    </div>
  )
}
