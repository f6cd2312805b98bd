import { describe, expect, it } from 'vitest'
import { dashboardWithFakeService } from '../dashboard/dashboard-for.ts'
import { send, sendSignedIn } from '../dashboard/http-client.ts'
import { invitePerson, postJson, signInAs } from '../support/people.ts'

// Links an admin made end with the admin's rights: once the maker is demoted or deactivated,
// their invitations and reset links answer as revoked ones do.
const running = dashboardWithFakeService('test')
const url = () => running.dashboard.url
const tokenOf = (link: string) => new URL(link).hash.slice(1)

/** A second admin, an invitation to an admin role and a reset link for someone, all theirs. */
async function linksOfAnotherAdmin() {
  const maker = await invitePerson(
    running.dashboard,
    'maker@example.com',
    'the maker’s password',
    'admin',
  )
  const target = await invitePerson(
    running.dashboard,
    'target@example.com',
    'the target’s password',
  )
  const invite = await send(url(), '/auth/invites', {
    method: 'POST',
    headers: maker.session,
    body: JSON.stringify({ email: 'newcomer@example.com', role: 'admin' }),
  })
  expect(invite.status).toBe(201)
  const reset = await send(url(), `/auth/accounts/${target.id}/reset-link`, {
    method: 'POST',
    headers: maker.session,
  })
  expect(reset.status).toBe(201)
  const links = { invite: tokenOf(invite.json().link), reset: tokenOf(reset.json().link) }
  expect((await postJson(url(), '/auth/invites/read', { token: links.invite })).status).toBe(200)
  expect((await postJson(url(), '/auth/reset-links/read', { token: links.reset })).status).toBe(200)
  return { maker, links }
}

const openInvitations = async () =>
  (await sendSignedIn(running.dashboard, '/auth/invites')).json().invitations as Array<{
    email: string
  }>

async function expectRevoked(links: { invite: string; reset: string }) {
  const reads = [
    await postJson(url(), '/auth/invites/read', { token: links.invite }),
    await postJson(url(), '/auth/invites/accept', {
      token: links.invite,
      password: 'a newcomer’s password',
    }),
    await postJson(url(), '/auth/reset-links/read', { token: links.reset }),
    await postJson(url(), '/auth/reset-links/use', {
      token: links.reset,
      password: 'an intruder’s password',
    }),
  ]
  expect(reads.map((response) => response.status)).toEqual([404, 404, 404, 404])
  expect(reads[0]?.json().error).toMatch(/^This invitation link is not valid any more/)
  expect(reads[2]?.json().error).toMatch(/^This reset link is not valid any more/)
  expect((await openInvitations()).map((each) => each.email)).not.toContain('newcomer@example.com')
  expect((await signInAs(url(), 'newcomer@example.com', 'a newcomer’s password')).status).toBe(401)
  expect((await signInAs(url(), 'target@example.com', 'an intruder’s password')).status).toBe(401)
  expect((await signInAs(url(), 'target@example.com', 'the target’s password')).status).toBe(204)
}

const changeMaker = (id: string, change: object) =>
  sendSignedIn(running.dashboard, `/auth/accounts/${id}`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(change),
  })

describe('links made by an admin', () => {
  it('end when their maker is demoted', async () => {
    const { maker, links } = await linksOfAnotherAdmin()
    expect((await openInvitations()).map((each) => each.email)).toContain('newcomer@example.com')
    expect((await changeMaker(maker.id, { role: 'editor' })).status).toBe(200)
    await expectRevoked(links)
  })

  it('end when their maker is deactivated', async () => {
    const { maker, links } = await linksOfAnotherAdmin()
    expect((await changeMaker(maker.id, { deactivated: true })).status).toBe(200)
    await expectRevoked(links)
  })
})
