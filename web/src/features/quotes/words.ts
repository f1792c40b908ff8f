import type { CustomerKind, PriceType, QuoteStatus, Unit } from './api/quotes'

/** A quote's state as staff read it. */
export const STATUS: Record<QuoteStatus, string> = {
  draft: 'Utkast',
  sent: 'Sendt',
  accepted: 'Akseptert',
  declined: 'Avslått',
  withdrawn: 'Trukket tilbake',
  replaced: 'Erstattet',
  expired: 'Utløpt',
}

export const PRICE_TYPES: Record<PriceType, { name: string; hint: string }> = {
  fixed: { name: 'Fastpris', hint: 'Bindende pris for arbeidet som er beskrevet.' },
  estimate: { name: 'Prisoverslag', hint: 'Den endelige prisen kan bli høyst 15 % høyere (håndverkertjenesteloven § 32).' },
  hourly: {
    name: 'Timepris',
    hint: 'Medgått tid og materiell. Til en privatkunde er summen et prisoverslag (høyst 15 % over), med mindre den gis som uforpliktende prisantydning.',
  },
}

export const UNITS: Record<Unit, string> = { stk: 'stk', time: 'time', m2: 'm²', lm: 'lm' }

export const CUSTOMER_KINDS: Record<CustomerKind, string> = { private: 'Privatkunde', business: 'Bedrift' }

export const VAT_RATES = [25, 15, 12, 0] as const
