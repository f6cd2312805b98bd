import { expect } from 'vitest'
import { providerPassword } from './oidc-provider.ts'

/**
 * fetch with a browser's cookie jar and redirects left to the caller. The dashboard and the
 * provider both listen on 127.0.0.1, and cookies ignore ports, so one jar serves both, as in a
 * browser (paths are ignored: no name is shared).
 */
export function createBrowser() {
  const jar = new Map<string, string>()
  async function request(url: string | URL, init: RequestInit = {}) {
    const cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ')
    const response = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...(cookie ? { cookie } : {}), ...(init.headers as Record<string, string>) },
    })
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';', 1)
      const at = pair.indexOf('=')
      const [name, value] = [pair.slice(0, at).trim(), pair.slice(at + 1).trim()]
      if (!value || /max-age=0\b/i.test(line) || /expires=Thu, 01 Jan 1970/i.test(line))
        jar.delete(name)
      else jar.set(name, value)
    }
    return response
  }
  return { jar, request }
}

export type TestBrowser = ReturnType<typeof createBrowser>

/** Where a redirect answer sends the browser (303 or 302 only). */
export function locationOf(response: Response): URL {
  expect([302, 303], `HTTP ${response.status} instead of a redirect`).toContain(response.status)
  return new URL(response.headers.get('location') ?? '', response.url)
}

/**
 * From the dashboard's "Sign in with …" to the provider's answer: the authorization request, the
 * provider's sign-in page filled in as `email` (or cancelled), and the address the provider sends
 * the browser back to, not yet opened.
 */
export async function throughProvider(
  browser: TestBrowser,
  dashboardUrl: string,
  email: string,
  options: { next?: string; cancel?: boolean } = {},
): Promise<{ authorization: URL; callback: URL }> {
  const start = `${dashboardUrl}/auth/oidc/start?${new URLSearchParams({ next: options.next ?? '/' })}`
  const authorization = locationOf(await browser.request(start))
  const interaction = locationOf(await browser.request(authorization))
  const page = await browser.request(interaction)
  const html = await page.text()
  expect(page.status, html).toBe(200)
  let answer: Response
  if (options.cancel) {
    const cancel = /<a href="([^"]+\/abort)"/.exec(html)?.[1] ?? ''
    answer = await browser.request(new URL(cancel, interaction))
  } else {
    const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1] ?? ''
    answer = await browser.request(new URL(action, interaction), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email, password: providerPassword }).toString(),
    })
  }
  // The provider resumes the authorization request, then sends the browser back with the code.
  let next = locationOf(answer)
  while (next.origin === authorization.origin) next = locationOf(await browser.request(next))
  return { authorization, callback: next }
}

/** The whole sign-in: the dashboard's answer to the provider's redirect back. */
export async function signInThroughProvider(
  browser: TestBrowser,
  dashboardUrl: string,
  email: string,
  options: { next?: string } = {},
) {
  const { callback } = await throughProvider(browser, dashboardUrl, email, options)
  return browser.request(callback)
}
