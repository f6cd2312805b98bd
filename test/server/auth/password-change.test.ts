import { describe, expect, it } from 'vitest'
import { openDashboardDb } from '../../../server/dashboard/db/database.ts'
import { dashboardWithFakeService } from '../dashboard/dashboard-for.ts'
import { send, sendSignedIn } from '../dashboard/http-client.ts'
import { auditOf, invitePerson, postJson, signInAs } from '../support/people.ts'

const running = dashboardWithFakeService('file')
const url = () => running.dashboard.url
const change = (session: Record<string, string>, body: unknown) =>
  postJson(url(), '/auth/password', body, session)
const me = (session: Record<string, string>) => send(url(), '/auth/me', { headers: session })

describe('POST /auth/password', () => {
  it('changes one’s password, keeping this session and ending the others', async () => {
    const sam = await invitePerson(running.dashboard, 'sam@example.com', 'the first password')
    const laptop = await signInAs(url(), 'sam@example.com', 'the first password')
    const resetLink = await sendSignedIn(running.dashboard, `/auth/accounts/${sam.id}/reset-link`, {
      method: 'POST',
    })
    const resetToken = new URL(resetLink.json().link).hash.slice(1)
    const changed = await change(sam.session, {
      currentPassword: 'the first password',
      newPassword: 'the second password',
    })
    expect(changed.status).toBe(204)
    expect((await me(sam.session)).status).toBe(200)
    const laptopSession = {
      cookie: (laptop.headers['set-cookie']?.[0] ?? '').split(';', 1)[0] ?? '',
    }
    expect((await me(laptopSession)).status).toBe(401)
    expect((await signInAs(url(), 'sam@example.com', 'the first password')).status).toBe(401)
    expect((await signInAs(url(), 'sam@example.com', 'the second password')).status).toBe(204)
    // A reset link made before is of no use any more: the password was chosen another way.
    expect((await postJson(url(), '/auth/reset-links/read', { token: resetToken })).status).toBe(
      404,
    )
    expect(await auditOf(running.dashboard, 'dashboard.changePassword')).toContainEqual(
      expect.objectContaining({
        account_email: 'sam@example.com',
        path: '/auth/password',
        status: 204,
      }),
    )
  })

  it('refuses a wrong current password, records the refusal and changes nothing', async () => {
    const kim = await invitePerson(running.dashboard, 'kim@example.com', 'kim’s own password')
    const refused = await change(kim.session, {
      currentPassword: 'a guess at the password',
      newPassword: 'a password of the attacker',
    })
    expect(refused.status).toBe(403)
    expect(refused.json().error).toBe(
      'Your current password is not right: nothing was changed. Type it again.',
    )
    expect(await auditOf(running.dashboard, 'dashboard.changePassword')).toContainEqual(
      expect.objectContaining({ account_email: 'kim@example.com', status: 403 }),
    )
    expect((await change(kim.session, { newPassword: 'a password of the attacker' })).status).toBe(
      403,
    )
    expect((await me(kim.session)).status).toBe(200)
    expect((await signInAs(url(), 'kim@example.com', 'kim’s own password')).status).toBe(204)
  })

  it('asks for a new password of at least 12 characters, different from the current one', async () => {
    const lee = await invitePerson(running.dashboard, 'lee@example.com', 'lee’s first password')
    const short = await change(lee.session, {
      currentPassword: 'lee’s first password',
      newPassword: 'too short',
    })
    expect(short.status).toBe(400)
    expect(short.json().error).toBe('Choose a new password of at least 12 characters')
    const same = await change(lee.session, {
      currentPassword: 'lee’s first password',
      newPassword: 'lee’s first password',
    })
    expect(same.status).toBe(400)
    expect(same.json().error).toMatch(/different from your current one/)
  })

  it('is refused signed out (401) and from another site (403)', async () => {
    const body = { currentPassword: 'whatever it is', newPassword: 'a long new password' }
    expect((await postJson(url(), '/auth/password', body)).status).toBe(401)
    const ana = await invitePerson(running.dashboard, 'ana@example.com', 'ana’s first password')
    const crossSite = await postJson(url(), '/auth/password', body, {
      ...ana.session,
      origin: 'https://evil.example',
    })
    expect(crossSite.status).toBe(403)
    const noHeader = await send(url(), '/auth/password', {
      method: 'POST',
      headers: { cookie: ana.session.cookie, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
    expect(noHeader.status).toBe(403)
  })

  it('tells a person who signs in through the company provider to change it there', async () => {
    const oidc = await invitePerson(running.dashboard, 'oidc@example.com', 'a password for now')
    // As if made by a company sign-in: no password of the dashboard's own.
    const db = await openDashboardDb({ sqlitePath: running.dashboard.dashboardDb })
    await db
      .updateTable('accounts')
      .set({ password_hash: null })
      .where('id', '=', oidc.id)
      .execute()
    await db.destroy()
    const refused = await change(oidc.session, {
      currentPassword: 'a password for now',
      newPassword: 'a long new password',
    })
    expect(refused.status).toBe(409)
    expect(refused.json().error).toMatch(/company account/)
  })
})
