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
