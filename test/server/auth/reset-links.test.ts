import { describe, expect, it } from 'vitest'
import { openDashboardDb } from '../../../server/dashboard/db/database.ts'
import { dashboardWithFakeService } from '../dashboard/dashboard-for.ts'
import { send, sendSignedIn } from '../dashboard/http-client.ts'
import { auditOf, invitePerson, postJson, sessionOf, signInAs } from '../support/people.ts'

const running = dashboardWithFakeService('file')
const url = () => running.dashboard.url
const makeLink = (accountId: string, headers?: Record<string, string>) =>
  headers
    ? send(url(), `/auth/accounts/${accountId}/reset-link`, { method: 'POST', headers })
    : sendSignedIn(running.dashboard, `/auth/accounts/${accountId}/reset-link`, {
        method: 'POST',
      })
const tokenOf = (made: { json(): { link: string } }) => new URL(made.json().link).hash.slice(1)
const me = (session: Record<string, string>) => send(url(), '/auth/me', { headers: session })
const notValid = 'This reset link is not valid any more: ask an admin for a new one'

describe('password reset links', () => {
  it('let an admin send a one-time link that sets a new password and signs the person in', async () => {
    const sam = await invitePerson(running.dashboard, 'sam@example.com', 'a forgotten password')
    const made = await makeLink(sam.id)
    expect(made.status).toBe(201)
    expect(made.json()).toEqual({
      email: 'sam@example.com',
      expiresAt: expect.any(String),
      link: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/reset-password#[\w-]{43}$/),
    })
    const token = tokenOf(made)
    const read = await postJson(url(), '/auth/reset-links/read', { token })
    expect(read.json()).toEqual({ email: 'sam@example.com', expiresAt: made.json().expiresAt })

    const use = (password: string) => postJson(url(), '/auth/reset-links/use', { token, password })
    const short = await use('too short')
    expect(short.status).toBe(400)
    expect(short.json().error).toBe('Choose a password of at least 12 characters')
    const used = await use('a remembered password')
    expect(used.status).toBe(204)
    expect((await me(sessionOf(url(), used))).json()).toMatchObject({ email: 'sam@example.com' })
    expect((await me(sam.session)).status).toBe(401)
    expect((await signInAs(url(), 'sam@example.com', 'a forgotten password')).status).toBe(401)
    expect((await signInAs(url(), 'sam@example.com', 'a remembered password')).status).toBe(204)

    const again = await use('another password entirely')
    expect(again.status).toBe(404)
    expect(again.json().error).toBe(notValid)
    expect((await postJson(url(), '/auth/reset-links/read', { token })).status).toBe(404)

    expect(await auditOf(running.dashboard, 'dashboard.createResetLink')).toContainEqual(
      expect.objectContaining({
        account_email: 'admin@example.com',
        path: `/auth/accounts/${sam.id}/reset-link`,
        status: 201,
      }),
    )
    expect(await auditOf(running.dashboard, 'dashboard.useResetLink')).toContainEqual(
      expect.objectContaining({
        account_email: 'sam@example.com',
        path: '/auth/reset-links/use',
        status: 204,
      }),
    )
  })

  it('are made only by admins', async () => {
    const kim = await invitePerson(running.dashboard, 'kim@example.com', 'kim’s own password')
    const refused = await makeLink(kim.id, kim.session)
    expect(refused.status).toBe(403)
    expect((await makeLink(kim.id, { origin: url(), 'x-dashboard-request': '1' })).status).toBe(401)
    expect((await makeLink('no-such-account')).status).toBe(404)
  })

  it('are refused for deactivated accounts and stop working when one is deactivated', async () => {
    const lee = await invitePerson(running.dashboard, 'lee@example.com', 'lee’s own password')
    const token = tokenOf(await makeLink(lee.id))
    const deactivate = (deactivated: boolean) =>
      sendSignedIn(running.dashboard, `/auth/accounts/${lee.id}`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ deactivated }),
      })
    expect((await deactivate(true)).status).toBe(200)
    const used = await postJson(url(), '/auth/reset-links/use', {
      token,
      password: 'a password to get back in',
    })
    expect(used.status).toBe(404)
    expect(used.headers['set-cookie']).toBeUndefined()
    const refused = await makeLink(lee.id)
    expect(refused.status).toBe(409)
    expect(refused.json().error).toMatch(/Reactivate lee@example\.com first/)
  })

  it('are refused for accounts that sign in through the company provider only', async () => {
    const oidc = await invitePerson(running.dashboard, 'oidc@example.com', 'a password for now')
    const db = await openDashboardDb({ sqlitePath: running.dashboard.dashboardDb })
    await db
      .updateTable('accounts')
      .set({ password_hash: null })
      .where('id', '=', oidc.id)
      .execute()
    await db.destroy()
    const refused = await makeLink(oidc.id)
    expect(refused.status).toBe(409)
    expect(refused.json().error).toBe(
      'oidc@example.com signs in with a company account only, so there is no password to reset',
    )
  })

  it('are replaced by a newer one, and never travel in a path', async () => {
    const ana = await invitePerson(running.dashboard, 'ana@example.com', 'ana’s own password')
    const older = tokenOf(await makeLink(ana.id))
    const newer = tokenOf(await makeLink(ana.id))
    expect((await postJson(url(), '/auth/reset-links/read', { token: older })).status).toBe(404)
    expect((await postJson(url(), '/auth/reset-links/read', { token: newer })).status).toBe(200)
    expect((await send(url(), `/auth/reset-links/${newer}`)).status).toBe(404)
    const audit = await sendSignedIn(running.dashboard, '/auth/audit?limit=200')
    expect(audit.text).not.toContain(newer)
  })
})
