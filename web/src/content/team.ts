/** Team members are shown by role, with {name} in place of each person's name . */
export type TeamMember = {
  name: string
  role: string
  description: string
  email?: string
  phone?: string
  initials: string
}

export const homeTeam: TeamMember[] = [
  {
    name: '{name}',
    role: 'Daglig leder og installatør',
    description: 'Autorisert elektroinstallatør med ansvar for kvalitet, dokumentasjon og at prisen holder.',
    initials: 'DL',
  },
  {
    name: '{name}',
    role: 'Fagansvarlig rør',
    description: 'Rørleggermester med våtromssertifikat. Leder døgnvakten og alle baderomsprosjekter.',
    initials: 'FR',
  },
  {
    name: '{name}',
    role: 'Prosjektleder kjøkken og bad',
    description: 'Planlegger hele prosjektet med deg, fra befaring til sluttkontroll og overlevering.',
    initials: 'PL',
  },
]

export const contactTeam: TeamMember[] = [
  {
    name: '{name}',
    role: 'Kundeansvarlig privat',
    description: 'Tar imot henvendelser fra huseiere, avtaler befaring og sender tilbud.',
    email: 'privat@fagfolk.no',
    phone: '908 12 345',
    initials: 'KP',
  },
  {
    name: '{name}',
    role: 'Kundeansvarlig bedrift',
    description: 'Serviceavtaler, borettslag, gårdeiere og næringskunder.',
    email: 'bedrift@fagfolk.no',
    phone: '908 12 346',
    initials: 'KB',
  },
  {
    name: '{name}',
    role: 'Prosjektleder kjøkken og bad',
    description: 'Planlegging og oppfølging av renoveringsprosjekter i Oslo og Viken.',
    email: 'prosjekt@fagfolk.no',
    phone: '908 12 347',
    initials: 'PK',
  },
]
