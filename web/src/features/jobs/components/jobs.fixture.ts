import type { JobDetail } from '../api/jobs'

/** A job as the server sends it, for the jobs' form tests; each test overrides what it is
 * about (its status, price rule, meter, workers, materials). */
export function exampleJob(job: Partial<JobDetail> = {}): JobDetail {
  return {
    id: 'job-1',
    title: 'Nytt sikringsskap',
    customer_name: 'Per Hansen',
    status: 'in_progress',
    price_type: 'estimate',
    price_rule: 'estimate',
    budget: 2_000_000,
    hourly_rate: 95_000,
    lines: [],
    start_day: null,
    end_day: null,
    created_at: '2026-11-20T08:00:00Z',
    created_by: 'Kari Kontor',
    updated_at: '2026-11-20T08:00:00Z',
    changes: [],
    contacts: [],
    entries: [],
    materials: [],
    hours: 0,
    workers: [],
    meter: { billable: 0, budget: 2_000_000, extra_budget: 0, extra_used: 0, held: 0, needs_contact: false, over_estimate: false, used: 0 },
    ...job,
  }
}
