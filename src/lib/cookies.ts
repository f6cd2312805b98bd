// Cookies the app itself writes: preferences a server render must know to render the page as the
// browser will (the sidebar's width, the theme), which this device's storage could not tell it.

let cookieHeader: () => string = () => (typeof document === 'undefined' ? '' : document.cookie)

/** A server render reads the visitor's Cookie header instead of `document.cookie`. */
export function setCookieSource(source: () => string) {
  cookieHeader = source
}

export function readCookie(name: string): string | null {
  for (const pair of cookieHeader().split(';')) {
    const [key, ...value] = pair.trim().split('=')
    if (key === name) return decodeURIComponent(value.join('='))
  }
  return null
}

/** A first-party preference for a year, sent on every page request so a server render sees it. */
export function writeCookie(name: string, value: string) {
  const secure = window.location.protocol === 'https:' ? '; Secure' : ''
  // biome-ignore lint/suspicious/noDocumentCookie: one synchronous write, in every browser; the Cookie Store API is async and newer than the browsers the dashboard supports.
  document.cookie = `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=31536000; SameSite=Lax${secure}`
}

/** Writes the cookie, or removes it for null. */
export function setCookie(name: string, value: string | null) {
  if (value !== null) writeCookie(name, value)
  // biome-ignore lint/suspicious/noDocumentCookie: as in writeCookie.
  else document.cookie = `${name}=; Path=/; Max-Age=0; SameSite=Lax`
}

/**
 * Makes the cookie hold `value` (none for null) once the page is idle. Reading or writing
 * `document.cookie` is a synchronous round trip to the browser's cookie store: on a phone's
 * loading page, Lighthouse counted it in the first paint and the blocking time.
 */
export function rememberInCookie(name: string, value: string | null) {
  const settle = () => {
    if (readCookie(name) !== value) setCookie(name, value)
  }
  if (typeof requestIdleCallback === 'function') requestIdleCallback(settle, { timeout: 2_000 })
  else setTimeout(settle, 0)
}
