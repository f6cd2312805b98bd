// Dates and prices in the user's own locale and time zone. Each formatter is made on first use:
// the first Intl formatter a page makes loads the browser's locale data (25-50 ms here, four times
// that on a phone), and making the date formatters once cost the first screen ~100 ms.
const once = <T>(make: () => T) => {
  let made: T | undefined
  return () => {
    made ??= make()
    return made
  }
}
const dateTime = once(
  () => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }),
)
const date = once(() => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }))

export const formatDateTime = (iso: string) => dateTime().format(new Date(iso))
export const formatDate = (iso: string) => date().format(new Date(iso))
/**
 * "12,345". Counts are grouped the English way, like the words around them ("12,345 videos"),
 * without Intl: the library's count was the first screen's only Intl use, and so paid for loading
 * the locale data before the first card could show.
 */
export function formatCount(n: number): string {
  const digits = String(Math.abs(Math.round(n))).replace(/\B(?=(\d{3})+$)/g, ',')
  return n < 0 ? `-${digits}` : digits
}

// One currency formatter per currency, for the same reason: a page of search results formats a
// price for every product and variant at every keystroke.
const currencies = new Map<string, Intl.NumberFormat>()
/** "€19.00"; without a currency, the amount alone. */
export function formatMoney(amount: number, currency: string | null) {
  if (!currency) return amount.toFixed(2)
  let format = currencies.get(currency)
  if (!format) {
    format = new Intl.NumberFormat(undefined, { style: 'currency', currency })
    currencies.set(currency, format)
  }
  return format.format(amount)
}

export function formatDuration(seconds: number | null): string {
  if (seconds === null) return '–'
  const s = Math.round(seconds)
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`
}

// Only http(s) addresses from the service become links; anything else is shown as text.
export function safeHttpUrl(value: string | null | undefined): string | null {
  if (!value) return null
  try {
    const url = new URL(value)
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : null
  } catch {
    return null
  }
}

const units = ['bytes', 'KB', 'MB', 'GB'] as const
/** File sizes in decimal units, as operating systems show them (a "5 GB" limit reads right). */
export function formatBytes(bytes: number): string {
  let value = bytes
  let unit = 0
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000
    unit++
  }
  return `${unit === 0 ? value : value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`
}

/** "1 video", "1,000 videos". */
export const formatVideoCount = (n: number) => `${formatCount(n)} ${n === 1 ? 'video' : 'videos'}`

/** A message ended as a sentence, so another can follow it without running into it. */
export const asSentence = (text: string) => {
  const trimmed = text.trim()
  return /[.!?…]$/.test(trimmed) ? trimmed : `${trimmed}.`
}
