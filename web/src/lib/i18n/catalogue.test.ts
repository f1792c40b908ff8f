import { describe, expect, it } from 'vitest'
import { CATALOGUES, i18n, type Key, LANGUAGES, serverText } from './index'
import { nb } from './nb'

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort()

describe('the montør\'s catalogues', () => {
  it('have every key of bokmål, none left over, none empty, each placeholder kept', () => {
    const keys = Object.keys(nb).sort()
    for (const { code } of LANGUAGES) {
      const catalogue = CATALOGUES[code]
      expect(Object.keys(catalogue).sort(), code).toEqual(keys)
      for (const key of keys as Key[]) {
        expect(catalogue[key].trim(), `${code} ${key}`).not.toBe('')
        expect(placeholders(catalogue[key]), `${code} ${key}`).toEqual(placeholders(nb[key]))
      }
    }
  })

  it('say the server\'s Norwegian refusals in the chosen language, with their particulars', () => {
    expect(serverText('pl', 'Oppdraget er ferdig. Timer og materiell kan ikke føres på det lenger.')).toBe(
      'Zlecenie jest zakończone. Nie można już wpisywać na nie godzin ani materiałów.',
    )
    expect(
      serverText('en', 'Timene for oktober 2026 er låst: de kunne føres og endres til og med 30. november 2026 (bokføringsforskriften § 8-1-2).'),
    ).toBe('The hours for oktober 2026 are locked: they could be entered and changed until 30. november 2026 (Norwegian bookkeeping regulations § 8-1-2).')
    // The refusals of an approved month and of an id the phone reused (#74 finding 11).
    expect(serverText('pl', 'Timene for november 2026 er godkjent av kontoret og kan ikke endres lenger. Be kontoret om å rette dem.')).toBe(
      'Godziny za november 2026 zostały zatwierdzone przez biuro i nie można ich już zmieniać. Poproś biuro o ich poprawienie.',
    )
    expect(
      serverText('en', 'Denne føringen er allerede lagret, men med andre opplysninger enn de som ble sendt nå. Last siden på nytt og se over den.'),
    ).toBe('This entry is already saved, but with other details than the ones sent now. Reload the page and look it over.')
    expect(serverText('pl', 'Noe serveren aldri har sagt før.')).toBe('Noe serveren aldri har sagt før.')
    expect(serverText('nb', 'Fant ikke oppdraget.')).toBe('Fant ikke oppdraget.')
  })

  it('write hours, days and dates the language\'s way, bokmål as before', () => {
    expect(i18n('nb').hours(450)).toBe('7,5 t')
    expect(i18n('nb').hours(15)).toBe('0,25 t')
    expect(i18n('en').hours(450)).toBe('7.5 h')
    expect(i18n('pl').hours(450)).toBe('7,5 godz.')
    expect(i18n('nb').weekday(0)).toBe('Mandag')
    expect(i18n('pl').weekday(4)).toBe('Piątek')
    expect(i18n('nb').shortDay('2026-11-26')).toBe('tor 26.')
    expect(i18n('en').date('2026-11-23')).toBe('23 November 2026')
    expect(i18n('pl').date('2026-11-23')).toBe('23 listopada 2026')
    expect(i18n('nb').t('time.on', { hours: '2 t', job: 'Bad' })).toBe('2 t på Bad')
  })
})
