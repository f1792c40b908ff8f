import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, unwrap } from '@/lib/api'
import { clockOf } from '@/lib/format'
import type { components } from '@/lib/api-schema'
import { queryKeys } from '@/lib/query-keys'
import { refresh } from '@/lib/refresh'
import type { UrlFilter } from '@/lib/url-filter'

export type Board = components['schemas']['Board']
export type BoardRow = components['schemas']['Row']
export type Cell = components['schemas']['Cell']
export type Planned = components['schemas']['Planned']
export type Unplanned = components['schemas']['Unplanned']
export type AbsenceKind = components['schemas']['AbsenceKind']
export type AbsenceSaved = components['schemas']['AbsenceSaved']
export type PlanInput = components['schemas']['PlanInput']
export type MoveInput = components['schemas']['MoveInput']
export type Span = { from: string; days: 7 | 14 }

/** Why a person is away, as the board says it. */
export const ABSENCE_WORDS: Record<AbsenceKind, string> = { ferie: 'Ferie', syk: 'Syk', kurs: 'Kurs' }

/** The board's week and length in the address (`/admin/planlegging?uke=2026-12-07&dager=14`). */
export type BoardChoice = { day: string; days: 7 | 14 }
export const boardChoice: UrlFilter<BoardChoice> = {
  read: (params) => {
    const day = params.get('uke') ?? ''
    return { day: /^\d{4}-\d{2}-\d{2}$/.test(day) ? day : '', days: params.get('dager') === '14' ? 14 : 7 }
  },
  write: (choice) => ({ uke: choice.day, dager: choice.days === 14 ? '14' : undefined }),
}

/** The office's board. */
export function usePlanBoard(span: Span) {
  return useQuery({
    queryKey: queryKeys.planning.board(span),
    queryFn: async () => unwrap(await api.GET('/api/admin/plan', { params: { query: span } })),
  })
}

/** One's own plan: a montør's days on "Mine oppdrag". */
export function useMyPlan(span: Span) {
  return useQuery({
    queryKey: queryKeys.planning.mine(span),
    queryFn: async () => unwrap(await api.GET('/api/admin/plan/mine', { params: { query: span } })),
  })
}

/** A change of the plan moves the board, one's own plan and the jobs' pages. */
function useRefresh() {
  const queryClient = useQueryClient()
  return () => void refresh(queryClient, queryKeys.planning.all, queryKeys.jobs.all)
}

export function usePlanDays() {
  const onSuccess = useRefresh()
  return useMutation({
    mutationFn: async (body: PlanInput) => unwrap(await api.POST('/api/admin/plan-days', { body })),
    onSuccess,
  })
}

export function useMovePlanDay() {
  const onSuccess = useRefresh()
  return useMutation({
    mutationFn: async ({ id, body }: { id: string; body: MoveInput }) =>
      unwrap(await api.PUT('/api/admin/plan-days/{id}', { params: { path: { id } }, body })),
    onSuccess,
  })
}

export function useRemovePlanDay() {
  const onSuccess = useRefresh()
  return useMutation({
    mutationFn: async (id: string) => unwrap(await api.DELETE('/api/admin/plan-days/{id}', { params: { path: { id } } })),
    onSuccess,
  })
}

/** Marks a person away from `day` to `to` (`kind`; one request, all the days or none), or
 * takes those days away back (`null`). Answers with the jobs planned in the span, which the
 * board offers to move. */
export function useAbsence() {
  const onSuccess = useRefresh()
  return useMutation({
    mutationFn: async ({ user_id, day, to, kind }: { user_id: string; day: string; to?: string; kind: AbsenceKind | null }): Promise<AbsenceSaved | null> => {
      const span = to && to !== day ? to : undefined
      if (kind) return unwrap(await api.PUT('/api/admin/absences', { body: { user_id, day, to: span ?? null, kind } }))
      unwrap(await api.DELETE('/api/admin/absences', { params: { query: { user_id, day, to: span } } }))
      return null
    },
    onSuccess,
  })
}

/** A planned day's time as the board writes it: "07:30–15:00", "fra 07:30", or "hele dagen". */
export function timeOf(plan: Pick<Planned, 'starts_at' | 'minutes'>): string {
  const clock = (minutes: number) => clockOf(minutes % 1440)
  if (plan.starts_at === null || plan.starts_at === undefined) return 'hele dagen'
  if (plan.minutes === null || plan.minutes === undefined) return `fra ${clock(plan.starts_at)}`
  return `${clock(plan.starts_at)}–${clock(plan.starts_at + plan.minutes)}`
}
