import type { Settings } from '../api/settings'

/** Settings as the server sends them, for the settings forms' tests; each test overrides
 * what it is about. */
export const exampleSettings: Settings = {
  company_name: 'Rør & Strøm Oslo AS',
  orgnr: '912 345 678',
  adresse: 'Trondheimsveien 2, 0560 Oslo',
  email: 'post@rorogstrom.no',
  global_phone_primary: '23 45 67 89',
  global_phone_extra: [],
  founded_year: null,
  claims: { on_call: true, leak_within_hour: true, binding_price: true, warranty_years: 5, free_visit: true, confirmed: false },
  logo: null,
  quote_defaults: { valid_days: 30, terms: '' },
  visit_days: { days_ahead: 14, weekdays: [1, 2, 3, 4, 5] },
  invoicing: { account_number: null, vat_registered: true, payment_days: 14, kid: false, accounting_email: null, reminder_steps: 'purring_then_notice', reminder_fee: true, interest_rates: [] },
  declaration_defaults: { registration: null, norms: 'NEK 400:2022', risk: [], checks: [] },
  working_time: { day_minutes: 540, week_minutes: 2400, evening_from: 1080 },
  lead_pipeline: [],
  server: { public_url: 'https://rorogstrom.test', https: true, notify_to: null },
}
