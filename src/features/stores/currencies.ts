// ISO 4217 codes the browser knows as current (Intl.supportedValuesOf), named in English.
const names = new Intl.DisplayNames(['en'], { type: 'currency' })

export interface Currency {
  code: string
  name: string
}

export const currencies: readonly Currency[] = Intl.supportedValuesOf('currency').map((code) => ({
  code,
  name: names.of(code) ?? code,
}))

export const currencyName = (code: string) =>
  currencies.find((currency) => currency.code === code)?.name ?? code

/** Currencies whose code starts with, or whose name contains, the text. */
export function matchCurrencies(text: string): Currency[] {
  const needle = text.trim().toLowerCase()
  if (!needle) return [...currencies]
  return currencies.filter(
    (currency) =>
      currency.code.toLowerCase().startsWith(needle) ||
      currency.name.toLowerCase().includes(needle),
  )
}
