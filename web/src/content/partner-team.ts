import type { TeamMember } from '@/content/team'

/**
 * The contract partner team (fixed content compiled into the build), shown by role with
 * `{name}` in place of each person's name until the firm fills in real ones. The initials stand for the role until real names are filled in.
 */
export const partnerTeam: readonly TeamMember[] = [
  {
    name: '{name}',
    role: 'Prosjektleder, kontrakter',
    initials: 'PK',
    description:
      'Følger opp tilbud, fremdrift og økonomi i kontraktsarbeid, og er fast kontaktperson for entreprenører og byggherrer fra første møte til overtakelse.',
    email: 'prosjekt@fagfolk.no',
  },
  {
    name: '{name}',
    role: 'Faglig leder, elektro',
    initials: 'FE',
    description:
      'Har det faglige ansvaret for elektroinstallasjonene, fra prosjektering og byggestrøm til sluttkontroll og samsvarserklæring.',
    email: 'elektro@fagfolk.no',
  },
  {
    name: '{name}',
    role: 'Faglig leder, rør',
    initials: 'FR',
    description:
      'Leder rørleggerarbeidet på byggeplass og sørger for at sanitær, varme og våtrom blir utført og dokumentert etter gjeldende krav.',
    email: 'ror@fagfolk.no',
  },
]
