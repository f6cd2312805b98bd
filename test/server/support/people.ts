import { expect } from 'vitest'
import { type RawResponse, send, sendSignedIn } from '../dashboard/http-client.ts'

type Dashboard = { url: string; session: Record<string, string> }

/** What the app sends with a state-changing call: JSON, its origin, X-Dashboard-Request. */
export const fromApp = (url: string) => ({
  'content-type': 'application/json',
  origin: url,
  'x-dashboard-request': '1',
})

/** The signed-in headers of the session cookie a response set. */
export const sessionOf = (url: string, response: RawResponse) => ({
  cookie: (response.headers['set-cookie']?.[0] ?? '').split(';', 1)[0] ?? '',
  ...fromApp(url),
})

export const postJson = (url: string, path: string, body: unknown, headers = {}) =>
  send(url, path, {
    method: 'POST',
    headers: { ...fromApp(url), ...headers },
    body: JSON.stringify(body),
  })

export const signInAs = (url: string, email: string, password: string) =>
  send(url, '/auth/sign-in', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  })

/** A new person, invited by the dashboard's admin: their id and signed-in headers. */
export async function invitePerson(
  dashboard: Dashboard,
  email: string,
  password: string,
  role = 'editor',
) {
  const invite = await sendSignedIn(dashboard, '/auth/invites', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, role }),
  })
  expect(invite.status).toBe(201)
  const token = new URL(invite.json().link).hash.slice(1)
  const accepted = await postJson(dashboard.url, '/auth/invites/accept', { token, password })
  expect(accepted.status).toBe(204)
  const session = sessionOf(dashboard.url, accepted)
  const me = await send(dashboard.url, '/auth/me', { headers: session })
  return { id: me.json().id as string, session }
}

/** The dashboard's audit entries for one operation, newest first, as its admin reads them. */
export async function auditOf(dashboard: Dashboard, operation: string) {
  const page = await sendSignedIn(dashboard, `/auth/audit?operation=${operation}`)
  return page.json().entries as Array<{
    account_email: string
    operation: string
    path: string
    status: number
  }>
}
