import type { IncomingMessage, ServerResponse } from 'node:http'

/**
 * `__Host-` binds a cookie to this exact origin (Secure, Path=/, no Domain). Browsers accept
 * Secure cookies over https and on loopback addresses (a secure context), so only a plain-http
 * non-loopback address, which the dashboard warns about, gets the unprefixed name.
 */
export function hostCookieName(name: string, secure: boolean): string {
  return secure ? `__Host-${name}` : name
}

export function sessionCookieName(secure: boolean): string {
  return hostCookieName('dashboard-session', secure)
}

export function readCookie(req: IncomingMessage, name: string): string | null {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const index = part.indexOf('=')
    if (index > 0 && part.slice(0, index).trim() === name) return part.slice(index + 1).trim()
  }
  return null
}

/** An HttpOnly, SameSite=Lax cookie for the whole site, under its `__Host-` name when secure. */
export function setHostCookie(
  res: ServerResponse,
  name: string,
  secure: boolean,
  value: string,
  maxAgeSeconds: number,
) {
  const attributes = [
    `${hostCookieName(name, secure)}=${value}`,
    'Path=/',
    'HttpOnly',
    'SameSite=Lax',
  ]
  if (secure) attributes.push('Secure')
  attributes.push(`Max-Age=${maxAgeSeconds}`)
  res.appendHeader('Set-Cookie', attributes.join('; '))
}

export function setSessionCookie(
  res: ServerResponse,
  secure: boolean,
  value: string,
  maxAgeSeconds: number,
) {
  setHostCookie(res, 'dashboard-session', secure, value, maxAgeSeconds)
}

export function clearSessionCookie(res: ServerResponse, secure: boolean) {
  setSessionCookie(res, secure, '', 0)
}
