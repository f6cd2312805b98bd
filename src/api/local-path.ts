// The one rule for where a sign-in may send the browser: the server (form sign-in's `next`,
// /auth/oidc/start) and the app (the sign-in page's `redirect`) both use it.

const maxLength = 2000
// C0 controls and DEL (browsers drop tabs and newlines from addresses: `/\t/x` becomes `//x`),
// and backslashes (browsers read `/\x` as `//x`).
function unsafe(text: string): boolean {
  for (let at = 0; at < text.length; at++) {
    const code = text.charCodeAt(at)
    if (code < 0x20 || code === 0x7f || code === 0x5c) return true
  }
  return false
}

function onSite(target: string, origin: string): URL | null {
  // A path, as the app and the server write them: never a scheme or a `//` address.
  if (!target.startsWith('/') || target.startsWith('//') || unsafe(target)) return null
  try {
    const url = new URL(target, origin)
    // `/..//x` resolves to the path `//x`, which the browser reads as the site x.
    return url.origin === origin && !url.pathname.startsWith('//') ? url : null
  } catch {
    return null
  }
}

/**
 * `target` as a path (with its query and fragment) on the site at `origin`, or `fallback` when it
 * names, or could be read by a browser or a later hop as, any other place. Escapes are checked
 * once decoded too (`/%09/x`, `/%5Cx`, `/%2F%2Fx`).
 */
export function localPath(target: unknown, origin: string, fallback = '/'): string {
  if (typeof target !== 'string' || target.length > maxLength) return fallback
  let base: string
  let decoded: string
  try {
    base = new URL(origin).origin
    decoded = decodeURIComponent(target)
  } catch {
    return fallback
  }
  const url = onSite(target, base)
  if (!url || !onSite(decoded, base)) return fallback
  return `${url.pathname}${url.search}${url.hash}`
}
