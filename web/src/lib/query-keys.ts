/** Every query key of the admin app, one factory per feature. A feature that changes
 * another's data (a saved lead moves the dashboard's counters) invalidates through these,
 * never through a literal key. */
export const queryKeys = {
  audit: { all: ['audit'] as const, list: (filter: unknown) => ['audit', filter] as const },
  content: { all: ['content'] as const },
  categories: { all: ['categories'] as const, one: (slug: string) => ['categories', slug] as const },
  dashboard: { all: ['dashboard'] as const },
  leads: {
    all: ['leads'] as const,
    list: (filter: unknown) => ['leads', 'list', filter] as const,
    one: (id: string) => ['leads', 'one', id] as const,
    timeline: (id: string) => ['leads', 'timeline', id] as const,
    board: (filter: unknown) => ['leads', 'board', filter] as const,
  },
  media: { all: ['media'] as const, list: (q: string) => ['media', q] as const },
  enquiry: {
    ofLead: (id: string) => ['leads', 'enquiry', id] as const,
  },
  visits: {
    all: ['visits'] as const,
    ofLead: (id: string) => ['visits', 'lead', id] as const,
    span: (span: unknown) => ['visits', 'span', span] as const,
    feeds: ['visits', 'feeds'] as const,
  },
  quotes: {
    all: ['quotes'] as const,
    lists: ['quotes', 'list'] as const,
    list: (filter: unknown) => ['quotes', 'list', filter] as const,
    ofLead: (id: string) => ['quotes', 'lead', id] as const,
    one: (id: string) => ['quotes', 'one', id] as const,
  },
  jobs: {
    all: ['jobs'] as const,
    list: (filter: unknown) => ['jobs', 'list', filter] as const,
    ofLead: (id: string) => ['jobs', 'lead', id] as const,
    one: (id: string) => ['jobs', 'one', id] as const,
    /** What the customer would be told of the job's plan now, and what they were told. */
    planNotice: (id: string) => ['jobs', 'plan-notice', id] as const,
  },
  /** A job's invoice basis, its invoice and credit notes. */
  invoices: {
    all: ['invoices'] as const,
    basis: (jobId: string) => ['invoices', 'basis', jobId] as const,
    ofJob: (jobId: string) => ['invoices', 'job', jobId] as const,
    list: (filter: unknown) => ['invoices', 'list', filter] as const,
    one: (id: string) => ['invoices', 'one', id] as const,
    account: (id: string) => ['invoices', 'account', id] as const,
    sends: (id: string) => ['invoices', 'sends', id] as const,
    reminders: (id: string) => ['invoices', 'reminders', id] as const,
    /** The payments waiting for the office: money in, under the invoices it changes. */
    waiting: ['invoices', 'waiting'] as const,
    waitingPage: (page: number) => ['invoices', 'waiting', page] as const,
  },
  /** A job's samsvarserklæring. */
  declarations: {
    all: ['declarations'] as const,
    ofJob: (jobId: string) => ['declarations', 'job', jobId] as const,
    photos: (jobId: string) => ['declarations', 'photos', jobId] as const,
  },
  /** A job's link to the customer's page of its documents. */
  documents: {
    all: ['documents'] as const,
    ofJob: (jobId: string) => ['documents', 'job', jobId] as const,
  },
  /** The hours: a worker's day and a person's week. */
  work: {
    all: ['work'] as const,
    today: ['work', 'today'] as const,
    week: (day: string, userId: string) => ['work', 'week', day, userId] as const,
    month: (month: string) => ['work', 'month', month] as const,
  },
  /** The plan: the office's board of a week or two, and one's own plan. */
  planning: {
    all: ['planning'] as const,
    board: (span: unknown) => ['planning', 'board', span] as const,
    mine: (span: unknown) => ['planning', 'mine', span] as const,
  },
  privacy: { retention: ['privacy', 'retention'] as const },
  search: { text: (q: string) => ['search', q] as const },
  services: { all: ['services'] as const, list: (filter: unknown) => ['services', filter] as const },
  settings: { all: ['settings'] as const },
  users: { all: ['users'] as const, sessions: (id: string) => ['users', 'sessions', id] as const },
}
