// The firm's claims. The figures differ between pages on purpose; each reading is kept
// on its own page.

export const homeFigures = [
  { value: '1000+', label: 'fornøyde kunder' },
  { value: '4,9/5', label: 'i snitt fra kundene' },
  { value: '98 %', label: 'anbefaler oss' },
  { value: '24/7', label: 'døgnvakt' },
] as const

export const referenceFigures = [
  { value: '500+', label: 'kunder' },
  { value: '15+', label: 'år i bransjen' },
  { value: '1000+', label: 'prosjekter' },
  { value: '24/7', label: 'beredskap' },
] as const

export const satisfaction = [
  { value: '4,9/5', label: 'gjennomsnittlig vurdering' },
  { value: '96 %', label: 'vil anbefale oss' },
  { value: '98 %', label: 'er fornøyd med kvaliteten' },
  { value: '94 %', label: 'ble ferdig til avtalt tid' },
] as const

/** Short trust badges: the firm's promises. */
export const promises = [
  'Døgnvakt 24/7',
  'Under 1 time ved akutt vannlekkasje',
  'Bindende pris før oppstart',
  '5 års garanti',
  'Autorisert siden 2004',
] as const

/** The three tender and business-profile platforms the firm is listed on. */
export const platforms = ['Mittanbud', 'Anbudstorget', 'Proff.no'] as const
