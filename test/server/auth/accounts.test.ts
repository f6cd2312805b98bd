import { describe, expect, it } from 'vitest'
import { dashboardWithFakeService } from '../dashboard/dashboard-for.ts'
import { send, sendSignedIn } from '../dashboard/http-client.ts'

const running = dashboardWithFakeService('file')
const asAdmin = (path: string, method = 'GET', body?: unknown) =>
  sendSignedIn(running.dashboard, path, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
const signInAs = (email: string, password: string) =>
  send(running.dashboard.url, '/auth/sign-in', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  })
const sessionOf = (response: { headers: { 'set-cookie'?: string[] } }) => ({
  cookie: (response.headers['set-cookie']?.[0] ?? '').split(';', 1)[0] ?? '',
  origin: running.dashboard.url,
  'x-dashboard-request': '1',
})

describe('accounts', () => {
  it('invites someone with a one-time link that makes their account and signs them in', async () => {
    const invite = await asAdmin('/auth/invites', 'POST', {
      email: 'Sam@Example.com',
      role: 'editor',
    })
    expect(invite.status).toBe(201)
    const link = new URL(invite.json().link)
    expect(link.pathname).toBe('/invite')
    const token = link.hash.slice(1)
    const fromApp = {
      'content-type': 'application/json',
      origin: running.dashboard.url,
      'x-dashboard-request': '1',
    }
    const seen = await send(running.dashboard.url, '/auth/invites/read', {
      method: 'POST',
      headers: fromApp,
      body: JSON.stringify({ token }),
    })
    expect(seen.json()).toMatchObject({ email: 'sam@example.com', role: 'editor' })

    const accept = (password: string) =>
      send(running.dashboard.url, '/auth/invites/accept', {
        method: 'POST',
        headers: fromApp,
        body: JSON.stringify({ token, password }),
      })
    expect((await accept('short')).status).toBe(400)
    const accepted = await accept('a long enough password')
    expect(accepted.status).toBe(204)
    const me = await send(running.dashboard.url, '/auth/me', { headers: sessionOf(accepted) })
    expect(me.json()).toMatchObject({ email: 'sam@example.com', role: 'editor' })
    expect((await accept('a long enough password')).status).toBe(404)
    expect(
      (await send(running.dashboard.url, '/auth/accounts', { headers: sessionOf(accepted) }))
        .status,
    ).toBe(403)
  })

  it('changes a role and deactivates at once, ending the account’s sessions, and keeps one admin', async () => {
    await asAdmin('/auth/invites', 'POST', { email: 'kim@example.com', role: 'viewer' })
    const list = (await asAdmin('/auth/accounts')).json().accounts as Array<{
      id: string
      email: string
    }>
    const admin = list.find((account) => account.email === 'admin@example.com')
    expect(admin).toBeDefined()
    const demoted = await asAdmin(`/auth/accounts/${admin?.id}`, 'PATCH', { role: 'editor' })
    expect(demoted.status).toBe(409)
    expect(demoted.json().error).toMatch(/last admin/)

    const sam = list.find((account) => account.email === 'sam@example.com')
    expect((await asAdmin(`/auth/accounts/${sam?.id}`, 'PATCH', {})).status).toBe(400)
    const samSession = sessionOf(await signInAs('sam@example.com', 'a long enough password'))
    expect(
      (await asAdmin(`/auth/accounts/${sam?.id}`, 'PATCH', { role: 'viewer' })).json(),
    ).toMatchObject({ role: 'viewer' })
    const refused = await send(running.dashboard.url, '/api/v1/playlists', {
      method: 'POST',
      headers: { ...samSession, 'content-type': 'application/json' },
      body: '{}',
    })
    expect(refused.status).toBe(403)
    await asAdmin(`/auth/accounts/${sam?.id}`, 'PATCH', { deactivated: true })
    expect((await send(running.dashboard.url, '/auth/me', { headers: samSession })).status).toBe(
      401,
    )
    expect((await signInAs('sam@example.com', 'a long enough password')).status).toBe(401)
  })
})
