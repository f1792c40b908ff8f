import { createContext, type ReactNode, useContext, useEffect, useMemo } from 'react'
import { en } from './en'
import { nb } from './nb'
import { pl } from './pl'
import type { Key, Messages } from './types'

/**
 * The montør's screens in bokmål, English or Polish (issue #59): the sign-in, "Mine
 * oppdrag", the week and the materials, their messages, and the server's refusals on those
 * routes (the server answers in Norwegian; `server` finds its sentence in the catalogue).
 * Every other screen stays Norwegian. One catalogue per language, `nb.ts` the reference:
 * `Messages` makes a key missing or left over a type error, and `./catalogue.test.ts` checks
 * that no text is empty and every `{placeholder}` is kept.
 */
export type { Key, Messages }
export type Language = 'nb' | 'en' | 'pl'

/** The languages, each named in itself. */
export const LANGUAGES: { code: Language; name: string }[] = [
  { code: 'nb', name: 'Norsk (bokmål)' },
  { code: 'en', name: 'English' },
  { code: 'pl', name: 'Polski' },
]
export const CATALOGUES: Record<Language, Messages> = { nb, en, pl }
const LOCALES: Record<Language, string> = { nb: 'nb-NO', en: 'en-GB', pl: 'pl-PL' }
const HOUR_UNIT: Record<Language, string> = { nb: 't', en: 'h', pl: 'godz.' }
const SHORT_NB = ['søn', 'man', 'tir', 'ons', 'tor', 'fre', 'lør']
const DEVICE_KEY = 'fagfolk.language'

export function isLanguage(value: unknown): value is Language {
  return value === 'nb' || value === 'en' || value === 'pl'
}

/** The language this device last used (picked on the sign-in page, or a montør's own); else
 * the phone's own (#75 point 6): the first of the browser's languages that is one of ours
 * (Polish, English, or bokmål, nynorsk and "Norwegian" as bokmål), and bokmål when none is,
 * so a Norwegian office keeps the specification's Norwegian sign-in word for word. */
export function deviceLanguage(): Language {
  try {
    const kept = window.localStorage.getItem(DEVICE_KEY)
    if (isLanguage(kept)) return kept
  } catch {
    // no storage: the phone's language
  }
  return phoneLanguage(typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]))
}

/** The first of `wanted` (BCP 47 tags, the browser's order) that is one of ours; bokmål if none. */
export function phoneLanguage(wanted: readonly string[]): Language {
  for (const tag of wanted) {
    const primary = tag.toLowerCase().split(/[-_]/)[0]
    if (primary === 'pl' || primary === 'en') return primary
    if (primary === 'nb' || primary === 'nn' || primary === 'no') return 'nb'
  }
  return 'nb'
}

export function keepDeviceLanguage(language: Language) {
  try {
    window.localStorage.setItem(DEVICE_KEY, language)
  } catch {
    // no storage: the profile keeps it
  }
}

/** `key` in `language`, its `{placeholders}` filled from `vars`. */
export function translate(language: Language, key: Key, vars: Record<string, string | number> = {}): string {
  return CATALOGUES[language][key].replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole))
}

/** The server's sentences and the keys they are said by in the other languages. */
const SERVER_KEYS = (Object.keys(nb) as Key[]).filter((key) => key.startsWith('server.'))

/** A sentence the server said (in Norwegian), in `language`: the catalogue's, when it knows
 * the sentence; else as the server said it. */
export function serverText(language: Language, message: string): string {
  if (language === 'nb') return message
  for (const key of SERVER_KEYS) {
    const template = nb[key]
    if (!template.includes('{')) {
      if (template === message) return translate(language, key)
      continue
    }
    const names: string[] = []
    const pattern = template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{(\w+)\\?\}/g, (_, name: string) => {
      names.push(name)
      return '(.+?)'
    })
    const found = new RegExp(`^${pattern}$`).exec(message)
    if (found) return translate(language, key, Object.fromEntries(names.map((name, index) => [name, inLanguage(language, found[index + 1] ?? '')])))
  }
  return message
}

const NORWEGIAN_MONTHS = ['januar', 'februar', 'mars', 'april', 'mai', 'juni', 'juli', 'august', 'september', 'oktober', 'november', 'desember']

/** A month or a date the server wrote in Norwegian inside a sentence ("oktober 2026",
 * "30. november 2026"), written the language's way ("October 2026", "30 listopada 2026");
 * anything else as it is. */
function inLanguage(language: Language, value: string): string {
  const found = /^(?:(\d{1,2})\. )?([a-zæøå]+) (\d{4})$/.exec(value)
  const month = found ? NORWEGIAN_MONTHS.indexOf(found[2] ?? '') : -1
  if (!found || month < 0) return value
  const at = new Date(Date.UTC(Number(found[3]), month, Number(found[1] ?? 1), 12))
  const shape: Intl.DateTimeFormatOptions = found[1]
    ? { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }
    : { month: 'long', year: 'numeric', timeZone: 'UTC' }
  return new Intl.DateTimeFormat(LOCALES[language], shape).format(at)
}

export type I18n = {
  language: Language
  t: (key: Key, vars?: Record<string, string | number>) => string
  /** Hours from minutes: "7,5 t", "7.5 h", "7,5 godz.". */
  hours: (minutes: number) => string
  /** A quantity from hundredths: 250 is "2,5" (bokmål, Polish), "2.5" (English). */
  quantity: (hundredths: number) => string
  /** A day of the week by its index from Monday, capitalised: "Mandag", "Monday". */
  weekday: (index: number) => string
  /** A short day chip's label for `day` (YYYY-MM-DD): "tor 26.", "Thu 26", "czw. 26". */
  shortDay: (day: string) => string
  /** A date: "23. november 2026", "23 November 2026", "23 listopada 2026". */
  date: (day: string) => string
  /** A message from the server in this language (`serverText`). */
  server: (message: string) => string
}

function utc(day: string): Date {
  const [year = 1970, month = 1, date = 1] = day.split('-').map(Number)
  return new Date(Date.UTC(year, month - 1, date, 12))
}

export function i18n(language: Language): I18n {
  const locale = LOCALES[language]
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 })
  const weekdays = new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' })
  const short = new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' })
  const dates = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })
  return {
    language,
    t: (key, vars) => translate(language, key, vars),
    hours: (minutes) => `${number.format(minutes / 60)} ${HOUR_UNIT[language]}`,
    quantity: (hundredths) => number.format(hundredths / 100),
    weekday: (index) => {
      // 2024-01-01 was a Monday.
      const name = weekdays.format(new Date(Date.UTC(2024, 0, 1 + index, 12)))
      return name.charAt(0).toLocaleUpperCase(locale) + name.slice(1)
    },
    shortDay: (day) => {
      const at = utc(day)
      if (language === 'nb') return `${SHORT_NB[at.getUTCDay()] ?? ''} ${at.getUTCDate()}.`
      return `${short.format(at)} ${at.getUTCDate()}`
    },
    date: (day) => dates.format(utc(day)),
    server: (message) => serverText(language, message),
  }
}

const LanguageContext = createContext<Language>('nb')

/** The language of the screens inside; the page's `lang` follows it while they show. */
export function LanguageProvider({ language, children }: { language: Language; children: ReactNode }) {
  useEffect(() => {
    const before = document.documentElement.lang
    document.documentElement.lang = language === 'nb' ? 'nb' : language
    return () => {
      document.documentElement.lang = before
    }
  }, [language])
  return <LanguageContext value={language}>{children}</LanguageContext>
}

/** The texts and formats of the language the screen is shown in (bokmål outside a
 * `LanguageProvider`). */
export function useI18n(): I18n {
  // `useContext`, not `use`: the public pages render this through Preact (the theme toggle).
  const language = useContext(LanguageContext)
  return useMemo(() => i18n(language), [language])
}
