/** Every path of the app, in one place. */
export const paths = {
  home: '/',
  services: '/tjenester',
  electrician: '/tjenester/elektriker',
  plumber: '/tjenester/rorlegger',
  kitchenBath: '/tjenester/kjokken-bad',
  privateCustomers: '/private-kunder',
  businessCustomers: '/bedriftskunder',
  contractPartners: '/kontraktpartnere',
  references: '/referanser',
  contact: '/kontakt',
  privacy: '/personvern',
  terms: '/vilkar',
  cookies: '/cookies',
  admin: {
    root: '/admin',
    login: '/admin/login',
    leads: '/admin/leads',
    categories: '/admin/categories',
    categoryServices: (slug: string) => `/admin/services/category/${encodeURIComponent(slug)}`,
    services: '/admin/services',
    media: '/admin/media',
    users: '/admin/users',
    settings: '/admin/settings',
    logs: '/admin/logs',
  },
} as const

export type ServiceCategory = 'elektriker' | 'rorlegger' | 'kjokken-bad'
