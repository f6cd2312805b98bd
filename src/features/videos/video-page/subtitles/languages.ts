// Languages offered for subtitle tracks: BCP-47 codes, named in English by the browser's own
// data (Intl.DisplayNames). Any other well-formed code can be typed.
const codes = [
  'af',
  'am',
  'ar',
  'ar-EG',
  'ar-SA',
  'az',
  'be',
  'bg',
  'bn',
  'bs',
  'ca',
  'cs',
  'cy',
  'da',
  'de',
  'de-AT',
  'de-CH',
  'el',
  'en',
  'en-AU',
  'en-CA',
  'en-GB',
  'en-IE',
  'en-IN',
  'en-NZ',
  'en-US',
  'es',
  'es-419',
  'es-AR',
  'es-ES',
  'es-MX',
  'et',
  'eu',
  'fa',
  'fi',
  'fil',
  'fr',
  'fr-BE',
  'fr-CA',
  'fr-CH',
  'fr-FR',
  'ga',
  'gl',
  'gu',
  'he',
  'hi',
  'hr',
  'hu',
  'hy',
  'id',
  'is',
  'it',
  'ja',
  'ka',
  'kk',
  'km',
  'kn',
  'ko',
  'lo',
  'lt',
  'lv',
  'mk',
  'ml',
  'mn',
  'mr',
  'ms',
  'mt',
  'my',
  'nb',
  'ne',
  'nl',
  'nl-BE',
  'pa',
  'pl',
  'pt',
  'pt-BR',
  'pt-PT',
  'ro',
  'ru',
  'si',
  'sk',
  'sl',
  'sq',
  'sr',
  'sv',
  'sw',
  'ta',
  'te',
  'th',
  'tr',
  'uk',
  'ur',
  'uz',
  'vi',
  'yue',
  'zh',
  'zh-CN',
  'zh-HK',
  'zh-Hans',
  'zh-Hant',
  'zh-TW',
  'zu',
]

const names = new Intl.DisplayNames(['en'], {
  type: 'language',
  languageDisplay: 'standard',
  fallback: 'code',
})

/** "English (United States)" for en-US; the code itself when the browser has no name. */
export function languageName(code: string): string {
  try {
    return names.of(code) ?? code
  } catch {
    return code
  }
}

export interface Language {
  code: string
  name: string
}

export const languages: readonly Language[] = codes.map((code) => ({
  code,
  name: languageName(code),
}))

// The contract's BcpLanguage pattern.
export const languageCodePattern = /^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/

/** Languages whose name or code contains the text; a well-formed code not listed comes first. */
export function matchLanguages(text: string): Language[] {
  const needle = text.trim().toLowerCase()
  if (!needle) return [...languages]
  const found = languages.filter(
    (language) =>
      language.code.toLowerCase().startsWith(needle) ||
      language.name.toLowerCase().includes(needle),
  )
  const typed = text.trim()
  const exact = found.some((language) => language.code.toLowerCase() === needle)
  return languageCodePattern.test(typed) && !exact
    ? [{ code: typed, name: `${languageName(typed)} (as typed)` }, ...found]
    : found
}
