import type { BrowserContext } from 'playwright-core'

/** The admin every benchmark signs in as; bench/ui/server.ts creates it in a fresh database. */
export const benchAccount = { email: 'bench@example.com', password: 'benchmark password' }

export async function signInContext(context: BrowserContext, dashboardUrl: string): Promise<void> {
  const response = await context.request.post(`${dashboardUrl}/auth/sign-in`, {
    data: benchAccount,
  })
  if (response.status() !== 204)
    throw new Error(`the benchmark could not sign in: ${response.status()}`)
}

/** A new session's cookie (`name=value`), for a client outside the benchmark's browser. */
export async function freshSessionCookie(dashboardUrl: string): Promise<string> {
  const response = await fetch(`${dashboardUrl}/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(benchAccount),
  })
  if (response.status !== 204)
    throw new Error(`the benchmark could not sign in: ${response.status}`)
  return (response.headers.get('set-cookie') ?? '').split(';', 1)[0] ?? ''
}
