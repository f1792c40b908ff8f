import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, postForm, unwrap } from '@/lib/api'
import type { components } from '@/lib/api-schema'
import { queryKeys } from '@/lib/query-keys'
import { refresh } from '@/lib/refresh'
import type { UrlFilter } from '@/lib/url-filter'

export type JobSummary = components['schemas']['JobSummary']
export type JobDetail = components['schemas']['JobDetail']
export type JobInput = components['schemas']['JobInput']
export type JobStatus = components['schemas']['JobStatus']
export type Meter = components['schemas']['Meter']
export type MaterialInput = components['schemas']['MaterialInput']
export type JobContactInput = components['schemas']['JobContactInput']
export type TimeInput = components['schemas']['TimeInput']
export type TimeEntry = components['schemas']['TimeEntry']
export type WorkJob = components['schemas']['WorkJob']
export type AgreementInput = components['schemas']['AgreementInput']
export type Agreement = components['schemas']['Agreement']
export type PlanNoticePreview = components['schemas']['PlanNoticePreview']
export type PlanNoticeInput = components['schemas']['PlanNoticeInput']
export type ToldDay = components['schemas']['ToldDay']

export const JOB_STATUS_LABEL: Record<JobStatus, string> = {
  planned: 'Planlagt',
  in_progress: 'I arbeid',
  done: 'Ferdig',
  invoiced: 'Fakturert',
}

/** A job's change moves its lists, its lead's page, the worker's day and the dashboard. */
function useRefresh() {
  const queryClient = useQueryClient()
  return () => {
    void refresh(queryClient, queryKeys.jobs.all, queryKeys.work.all, queryKeys.dashboard.all)
  }
}

/** What the list of jobs shows: a state, a worker, part of the customer's name, only those
 * past their estimate, and the page. */
export type JobFilter = { status?: JobStatus; worker?: string; customer?: string; over?: boolean; page?: number }

/** The filter in the address (`/admin/oppdrag?status=done&montor=…&kunde=…&over=1&side=2`). */
export const jobFilter: UrlFilter<JobFilter> = {
  read: (params) => {
    const status = params.get('status') ?? ''
    const page = Number(params.get('side'))
    return {
      status: status in JOB_STATUS_LABEL ? (status as JobStatus) : undefined,
      worker: params.get('montor') || undefined,
      customer: params.get('kunde') || undefined,
      over: params.get('over') === '1' || undefined,
      page: Number.isInteger(page) && page > 1 ? page : undefined,
    }
  },
  write: (filter) => ({ status: filter.status, montor: filter.worker, kunde: filter.customer, over: filter.over ? '1' : undefined, side: filter.page }),
}

export function useJobs(filter: JobFilter) {
  return useQuery({
    queryKey: queryKeys.jobs.list(filter),
    queryFn: async () =>
      unwrap(
        await api.GET('/api/admin/jobs', {
          params: { query: { status: filter.status, worker: filter.worker, customer: filter.customer, over_estimate: filter.over, page: filter.page } },
        }),
      ),
    placeholderData: keepPreviousData,
  })
}

export function useLeadJobs(leadId: string) {
  return useQuery({
    queryKey: queryKeys.jobs.ofLead(leadId),
    queryFn: async () => unwrap(await api.GET('/api/admin/leads/{id}/jobs', { params: { path: { id: leadId } } })),
  })
}

export function useJob(id: string) {
  return useQuery({
    queryKey: queryKeys.jobs.one(id),
    queryFn: async () => unwrap(await api.GET('/api/admin/jobs/{id}', { params: { path: { id } } })),
  })
}

/** "Lag oppdrag" from an accepted quote. */
export function useJobFromQuote() {
  const refresh = useRefresh()
  return useMutation({
    mutationFn: async (quoteId: string) =>
      unwrap(await api.POST('/api/admin/quotes/{id}/job', { params: { path: { id: quoteId } }, body: {} })),
    onSuccess: refresh,
  })
}

/** A call-out job on a lead, without a quote. */
export function useJobFromLead(leadId: string) {
  const refresh = useRefresh()
  return useMutation({
    mutationFn: async (body: JobInput) =>
      unwrap(await api.POST('/api/admin/leads/{id}/jobs', { params: { path: { id: leadId } }, body })),
    onSuccess: refresh,
  })
}

export function useUpdateJob(id: string) {
  const refresh = useRefresh()
  return useMutation({
    mutationFn: async (body: JobInput) => unwrap(await api.PUT('/api/admin/jobs/{id}', { params: { path: { id } }, body })),
    onSuccess: refresh,
  })
}

export function useAddMaterial(id: string) {
  const refresh = useRefresh()
  return useMutation({
    mutationFn: async (body: MaterialInput) =>
      unwrap(await api.POST('/api/admin/jobs/{id}/materials', { params: { path: { id } }, body })),
    // As `useAddTime`: offline, it fails at once and the line is kept on the phone.
    networkMode: 'always',
    onSuccess: refresh,
  })
}

/** The office sets a line's price (a montør's phone leaves it out) or puts a line right. */
export function useChangeMaterial(id: string) {
  const refresh = useRefresh()
  return useMutation({
    mutationFn: async ({ materialId, body }: { materialId: string; body: MaterialInput }) =>
      unwrap(await api.PUT('/api/admin/jobs/{id}/materials/{material_id}', { params: { path: { id, material_id: materialId } }, body })),
    onSuccess: refresh,
  })
}

/** The office corrects a line's wording (a montør's own words, in Polish say) as the
 * customer's invoice basis will say it; its price, or its missing price, stays. */
export function useCorrectMaterial(id: string) {
  const refresh = useRefresh()
  return useMutation({
    mutationFn: async ({ materialId, description }: { materialId: string; description: string }) =>
      unwrap(
        await api.PATCH('/api/admin/jobs/{id}/materials/{material_id}', {
          params: { path: { id, material_id: materialId } },
          body: { description },
        }),
      ),
    onSuccess: refresh,
  })
}

/** Where a material line's photo (the receipt, or the part) is read, with the session. */
export function receiptHref(jobId: string, materialId: string): string {
  return `/api/admin/jobs/${jobId}/materials/${materialId}/receipt`
}

/** Stores the photo of a material line's receipt (or of the part); the server remakes it
 * as a JPEG without its metadata. */
export async function sendReceipt(jobId: string, materialId: string, file: File): Promise<void> {
  const form = new FormData()
  form.append('photo', file, file.name)
  await postForm<unknown>(receiptHref(jobId, materialId), form)
}

export function useDeleteMaterial(id: string) {
  const refresh = useRefresh()
  return useMutation({
    mutationFn: async (materialId: string) =>
      unwrap(
        await api.DELETE('/api/admin/jobs/{id}/materials/{material_id}', {
          params: { path: { id, material_id: materialId } },
        }),
      ),
    onSuccess: refresh,
  })
}

export function useRecordContact(id: string) {
  const refresh = useRefresh()
  return useMutation({
    mutationFn: async (body: JobContactInput) =>
      unwrap(await api.POST('/api/admin/jobs/{id}/contacts', { params: { path: { id } }, body })),
    onSuccess: refresh,
  })
}

/** "Nytt tilleggsarbeid": a draft change order on the job, opened in the quote editor. */
export function useCreateChange(jobId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async () => unwrap(await api.POST('/api/admin/jobs/{id}/changes', { params: { path: { id: jobId } } })),
    onSuccess: () => void refresh(queryClient, queryKeys.jobs.all, queryKeys.quotes.all),
  })
}

/** A change order recorded as agreed on the phone or under § 9: it raises the budget. */
export function useRecordAgreement(quoteId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (body: AgreementInput) =>
      unwrap(await api.POST('/api/admin/quotes/{id}/agreement', { params: { path: { id: quoteId } }, body })),
    onSuccess: () => void refresh(queryClient, queryKeys.jobs.all, queryKeys.quotes.all, queryKeys.dashboard.all, queryKeys.work.all),
  })
}

/** How a change order was agreed, as the job's and the quote's pages say it. */
export const AGREEMENT_LABEL: Record<Agreement, string> = {
  phone: 'Avtalt på telefon',
  unreachable: '§ 9: kunden var ikke å nå, og prisen er lav',
  damage: '§ 9: for å hindre vesentlig skade',
}

/** "Mine oppdrag i dag". */
export function useWorkToday() {
  return useQuery({
    queryKey: queryKeys.work.today,
    queryFn: async () => unwrap(await api.GET('/api/admin/work/today')),
  })
}

/** A person's week of hours (the signed-in person's unless `userId`). */
export function useWeek(day: string, userId?: string) {
  return useQuery({
    queryKey: queryKeys.work.week(day, userId ?? ''),
    queryFn: async () =>
      unwrap(await api.GET('/api/admin/work/week', { params: { query: { day: day || undefined, user_id: userId } } })),
  })
}

export function useAddTime() {
  const refresh = useRefresh()
  return useMutation({
    mutationFn: async (body: TimeInput) => unwrap(await api.POST('/api/admin/time', { body })),
    // Tried at once even offline: with no network it fails at once and the entry is kept
    // on the phone (`../outbox.tsx`), instead of waiting, paused, on a screen one may close.
    networkMode: 'always',
    onSuccess: refresh,
  })
}

/** Changes an entry in place (its length, its note). */
export function useChangeTime() {
  const refresh = useRefresh()
  return useMutation({
    mutationFn: async ({ id, body }: { id: string; body: TimeInput }) =>
      unwrap(await api.PUT('/api/admin/time/{id}', { params: { path: { id } }, body })),
    onSuccess: refresh,
  })
}

export function useDeleteTime() {
  const refresh = useRefresh()
  return useMutation({
    mutationFn: async (id: string) => unwrap(await api.DELETE('/api/admin/time/{id}', { params: { path: { id } } })),
    onSuccess: refresh,
  })
}

/** The month's time sheet as a file, CSV for Excel or PDF to print and keep: `month` is
 * `YYYY-MM`. */
export function timeSheetHref(month: string, filter: { userId?: string; jobId?: string } = {}, format: 'csv' | 'pdf' = 'csv'): string {
  const params = new URLSearchParams({ month })
  if (filter.userId) params.set('user_id', filter.userId)
  if (filter.jobId) params.set('job_id', filter.jobId)
  if (format === 'pdf') params.set('format', 'pdf')
  return `/api/admin/time/sheet?${params.toString()}`
}

export type MonthSheet = components['schemas']['MonthSheet']
export type PersonMonth = components['schemas']['PersonMonth']

/** Everyone's hours of `month` (`YYYY-MM`), split for payroll, and whether it is approved. */
export function useMonthSheet(month: string) {
  return useQuery({
    queryKey: queryKeys.work.month(month),
    queryFn: async () => unwrap(await api.GET('/api/admin/time/month', { params: { query: { month } } })),
    placeholderData: keepPreviousData,
  })
}

/** The payroll file of `month`: one row per person and kind of hours. */
export function payrollHref(month: string): string {
  return `/api/admin/time/payroll?${new URLSearchParams({ month }).toString()}`
}

/** Approves `month`, or opens it again: the month moves, and so do the worker's days. */
export function useMonthApproval() {
  const queryClient = useQueryClient()
  const done = () => void refresh(queryClient, queryKeys.work.all)
  return {
    approve: useMutation({
      mutationFn: async (month: string) => unwrap(await api.POST('/api/admin/time/month/approval', { body: { month } })),
      onSuccess: done,
    }),
    reopen: useMutation({
      mutationFn: async (month: string) => unwrap(await api.DELETE('/api/admin/time/month/approval', { params: { query: { month } } })),
      onSuccess: done,
    }),
  }
}

/** Minutes as hours with a decimal comma: 450 -> "7,5 t". */
export function hours(minutes: number): string {
  const value = minutes / 60
  return `${String(Number.isInteger(value) ? value : Number(value.toFixed(2))).replace('.', ',')} t`
}

/** The e-mail about the job's plan as it would go to the customer now, and those sent. */
export function usePlanNotice(jobId: string) {
  return useQuery({
    queryKey: queryKeys.jobs.planNotice(jobId),
    queryFn: async () => unwrap(await api.GET('/api/admin/jobs/{id}/plan-notice', { params: { path: { id: jobId } } })),
  })
}

/** "Send til kunden": the text as shown or edited, with the preview's `seen`. Sent or not,
 * the preview is read again (a refusal says the plan changed since), and the lead's
 * timeline, where the e-mail is noted. */
export function useSendPlanNotice(jobId: string, leadId: string | null) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (body: PlanNoticeInput) =>
      unwrap(await api.POST('/api/admin/jobs/{id}/plan-notice', { params: { path: { id: jobId } }, body })),
    onSettled: () => refresh(queryClient, queryKeys.jobs.planNotice(jobId), ...(leadId ? [queryKeys.leads.timeline(leadId)] : [])),
  })
}
