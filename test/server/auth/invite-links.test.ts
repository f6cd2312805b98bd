import { describe, expect, it } from 'vitest'
import { dashboardWithFakeService } from '../dashboard/dashboard-for.ts'
import { send, sendSignedIn } from '../dashboard/http-client.ts'

const running = dashboardWithFakeService('file')
const url = () => running.dashboard.url
const asAdmin = (path: string, method = 'GET', body?: unknown) =>
  sendSignedIn(running.dashboard, path, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
/** What the app sends for a state-changing call, signed in or not. */
const fromApp = () => ({
  'content-type': 'application/json',
  origin: url(),
  'x-dashboard-request': '1',
})
const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  send(url(), path, {
    method: 'POST',
    headers: { ...fromApp(), ...headers },
    body: JSON.stringify(body),
  })
const sessionOf = (response: { headers: { 'set-cookie'?: string[] } }) => ({
  cookie: (response.headers['set-cookie']?.[0] ?? '').split(';', 1)[0] ?? '',
  ...fromApp(),
})

async function invite(email: string, role = 'editor') {
  const made = await asAdmin('/auth/invites', 'POST', { email, role })
  expect(made.status).toBe(201)
  return new URL(made.json().link).hash.slice(1)
}

const notValid = /not valid any more/

describe('invitation links', () => {
  it('are read and accepted with the token in the body, never in the path', async () => {
    const token = await invite('body@example.com')
    const read = await post('/auth/invites/read', { token })
    expect(read.status).toBe(200)
    expect(read.json()).toEqual({
      email: 'body@example.com',
      role: 'editor',
      expiresAt: expect.any(String),
    })
    // The old forms, which put the token where proxies and the failure log see it, are gone.
    expect((await send(url(), `/auth/invites/${token}`)).status).toBe(404)
    expect(
      (await post(`/auth/invites/${token}`, { password: 'a long enough password' })).status,
    ).toBe(404)

    expect((await post('/auth/invites/accept', { token, password: 'short' })).status).toBe(400)
    const accepted = await post('/auth/invites/accept', {
      token,
      password: 'a long enough password',
    })
    expect(accepted.status).toBe(204)
    const me = await send(url(), '/auth/me', { headers: sessionOf(accepted) })
    expect(me.json()).toMatchObject({ email: 'body@example.com', role: 'editor' })
    const again = await post('/auth/invites/accept', { token, password: 'a long enough password' })
    expect(again.status).toBe(404)
    expect(again.json().error).toMatch(notValid)
    expect((await post('/auth/invites/read', { token })).status).toBe(404)
    expect((await post('/auth/invites/read', {})).status).toBe(404)
  })

  it('are listed for admins while open, without their tokens', async () => {
    const token = await invite('listed@example.com', 'viewer')
    const usedToken = await invite('used@example.com')
    await post('/auth/invites/accept', { token: usedToken, password: 'a long enough password' })

    const list = await asAdmin('/auth/invites')
    expect(list.status).toBe(200)
    expect(list.text).not.toContain(token)
    expect(list.text).not.toContain(usedToken)
    const listed = list.json().invitations as Array<Record<string, unknown>>
    expect(listed.find((each) => each.email === 'used@example.com')).toBeUndefined()
    expect(listed.find((each) => each.email === 'listed@example.com')).toEqual({
      id: expect.any(String),
      email: 'listed@example.com',
      role: 'viewer',
      createdBy: 'admin@example.com',
      createdAt: expect.any(String),
      expiresAt: expect.any(String),
    })
  })

  it('are revoked by an admin: the link stops working and the audit log says who', async () => {
    const token = await invite('revoked@example.com')
    const listed = (await asAdmin('/auth/invites')).json().invitations as Array<{
      id: string
      email: string
    }>
    const id = listed.find((each) => each.email === 'revoked@example.com')?.id
    expect(id).toBeDefined()
    expect(token).not.toContain(id)

    expect((await asAdmin(`/auth/invites/${id}`, 'DELETE')).status).toBe(204)
    const read = await post('/auth/invites/read', { token })
    expect(read.status).toBe(404)
    expect(read.json().error).toMatch(notValid)
    expect(
      (await post('/auth/invites/accept', { token, password: 'a long enough password' })).status,
    ).toBe(404)
    expect((await asAdmin('/auth/invites')).text).not.toContain('revoked@example.com')
    expect((await asAdmin(`/auth/invites/${id}`, 'DELETE')).status).toBe(404)

    const audit = (await asAdmin('/auth/audit?account=admin@example.com')).json().entries as Array<{
      operation: string
      path: string
      status: number
    }>
    expect(audit).toContainEqual(
      expect.objectContaining({
        operation: 'dashboard.revokeInvite',
        path: `/auth/invites/${id}`,
        status: 204,
      }),
    )
    expect(audit).toContainEqual(
      expect.objectContaining({ operation: 'dashboard.createInvite', status: 201 }),
    )
    const accepts = (await asAdmin('/auth/audit?operation=dashboard.acceptInvite')).json().entries
    expect(accepts).toContainEqual(
      expect.objectContaining({ account_email: 'body@example.com', path: '/auth/invites/accept' }),
    )
    for (const entry of [...audit, ...accepts]) expect(entry.path).not.toContain(token)
  })

  it('are listed and revoked only by admins', async () => {
    const editorToken = await invite('not-admin@example.com')
    const editor = sessionOf(
      await post('/auth/invites/accept', {
        token: editorToken,
        password: 'a long enough password',
      }),
    )
    const open = await invite('still-open@example.com')
    const id = ((await asAdmin('/auth/invites')).json().invitations as Array<{ id: string }>)[0]?.id
    expect((await send(url(), '/auth/invites', { headers: editor })).status).toBe(403)
    expect(
      (await send(url(), `/auth/invites/${id}`, { method: 'DELETE', headers: editor })).status,
    ).toBe(403)
    expect((await send(url(), '/auth/invites')).status).toBe(401)
    expect(
      (await send(url(), `/auth/invites/${id}`, { method: 'DELETE', headers: fromApp() })).status,
    ).toBe(401)
    expect((await post('/auth/invites/read', { token: open })).status).toBe(200)
  })
})
