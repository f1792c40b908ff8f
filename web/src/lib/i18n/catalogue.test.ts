import { afterEach, describe, expect, it, onTestFinished } from 'vitest'
import { CATALOGUES, deviceLanguage, i18n, keepDeviceLanguage, type Key, LANGUAGES, phoneLanguage, serverText } from './index'
import { nb } from './nb'
import { norwegianIn } from './norwegian'

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
    ).toBe('The hours for October 2026 are locked: they could be entered and changed until 30 November 2026 (Norwegian bookkeeping regulations § 8-1-2).')
    // The refusals of an approved month and of an id the phone reused (#74 finding 11).
    expect(serverText('pl', 'Timene for november 2026 er godkjent av kontoret og kan ikke endres lenger. Be kontoret om å rette dem.')).toBe(
      'Godziny za listopad 2026 zostały zatwierdzone przez biuro i nie można ich już zmieniać. Poproś biuro o ich poprawienie.',
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

/** What the server puts into its sentences, as it writes them (`crates/data/src/oslo.rs`). */
const PARTICULARS: Record<string, string> = { month: 'oktober 2026', until: '30. november 2026', max: '500' }

describe('no Norwegian on a Polish or English montør\'s screen (#75 point 6)', () => {
  it('is in neither catalogue', () => {
    for (const language of ['pl', 'en'] as const) {
      for (const [key, text] of Object.entries(CATALOGUES[language])) {
        expect(norwegianIn(text), `${language} ${key}: ${text}`).toBeNull()
      }
    }
    // The check itself finds it in bokmål.
    expect(norwegianIn(nb['time.extra'])).toBe('Tilleggsarbeid')
    expect(norwegianIn(nb['edit.cancel'])).toBe('Avbryt')
  })

  it('comes through none of the server\'s refusals a montør can meet, their months and dates included', () => {
    for (const key of (Object.keys(nb) as Key[]).filter((name) => name.startsWith('server.'))) {
      const said = nb[key].replace(/\{(\w+)\}/g, (_, name: string) => PARTICULARS[name] ?? name)
      for (const language of ['pl', 'en'] as const) {
        const shown = serverText(language, said)
        expect(norwegianIn(shown), `${language} ${key}: ${shown}`).toBeNull()
      }
    }
    expect(serverText('pl', 'Kan ikke være lengre enn 500 tegn.')).toBe('Nie może być dłuższe niż 500 znaków.')
  })
})

describe('the sign-in page\'s language', () => {
  afterEach(() => window.localStorage.clear())

  it("follows the phone's languages until one is picked: Polish, English, else bokmål", () => {
    expect(phoneLanguage(['pl-PL', 'en-US'])).toBe('pl')
    expect(phoneLanguage(['en-GB'])).toBe('en')
    expect(phoneLanguage(['de-DE', 'en-US'])).toBe('en')
    expect(phoneLanguage(['nb-NO', 'en-US'])).toBe('nb')
    expect(phoneLanguage(['no', 'pl'])).toBe('nb')
    expect(phoneLanguage(['nn-NO'])).toBe('nb')
    expect(phoneLanguage(['de-DE', 'sv-SE'])).toBe('nb')
    expect(phoneLanguage([])).toBe('nb')
  })

  it('keeps a choice made on this device over the phone\'s language', () => {
    const norwegian = navigator.languages
    Object.defineProperty(navigator, 'languages', { value: ['en-US', 'en'], configurable: true })
    onTestFinished(() => {
      Object.defineProperty(navigator, 'languages', { value: norwegian, configurable: true })
    })
    expect(deviceLanguage()).toBe('en')
    keepDeviceLanguage('nb')
    expect(deviceLanguage()).toBe('nb')
    keepDeviceLanguage('pl')
    expect(deviceLanguage()).toBe('pl')
  })
})
