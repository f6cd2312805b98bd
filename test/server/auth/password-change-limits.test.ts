import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { send } from '../dashboard/http-client.ts'
import { testPassword } from '../support/accounts.ts'
import { sessionOf } from '../support/people.ts'
import { attempt, type SignInDashboard, startSignInDashboard } from './sign-in-dashboard.ts'

// Each test uses an account and a client address of its own, so one dashboard serves them all.
const accounts = {
  ana: 'ana@example.com',
  ben: 'ben@example.com',
  cat: 'cat@example.com',
  dan: 'dan@example.com',
}
let dashboard: SignInDashboard
beforeAll(async () => {
  dashboard = await startSignInDashboard(Object.values(accounts))
})
afterAll(() => dashboard?.close())

async function signedIn(email: string, from: string) {
  const response = await attempt(dashboard.url, email, testPassword, { from })
  expect(response.status).toBe(204)
  return sessionOf(dashboard.url, response)
}
const change = (session: Record<string, string>, currentPassword: string, from: string) =>
  send(dashboard.url, '/auth/password', {
    method: 'POST',
    headers: session,
    body: JSON.stringify({ currentPassword, newPassword: 'a brand new password' }),
    localAddress: from,
  })
const me = (session: Record<string, string>) =>
  send(dashboard.url, '/auth/me', { headers: session })

describe('the current password, when changing it', () => {
  it('signs the session out after 5 wrong guesses, and says so', async () => {
    const from = '127.0.0.30'
    const session = await signedIn(accounts.ana, from)
    for (let guess = 0; guess < 4; guess++) {
      const refused = await change(session, `guess ${guess}`, from)
      expect(refused.status).toBe(403)
      expect(refused.json().error).toMatch(/^Your current password is not right/)
    }
    const fifth = await change(session, 'guess 4', from)
    expect(fifth.status).toBe(401)
    expect(fifth.json().error).toBe(
      'Your current password was not right 5 times, so you have been signed out. Sign in again in 15 minutes.',
    )
    expect(fifth.headers['set-cookie']?.[0]).toMatch(/Max-Age=0/)
    expect((await me(session)).status).toBe(401)
    expect((await attempt(dashboard.url, accounts.ana, testPassword, { from })).status).toBe(429)
  })

  it('counts its wrong guesses against the sign-in limits', async () => {
    const from = '127.0.0.31'
    const session = await signedIn(accounts.ben, from)
    for (let guess = 0; guess < 3; guess++)
      expect((await change(session, `guess ${guess}`, from)).status).toBe(403)
    const signIns = []
    for (let guess = 0; guess < 3; guess++)
      signIns.push((await attempt(dashboard.url, accounts.ben, `wrong ${guess}`, { from })).status)
    expect(signIns).toEqual([401, 401, 429])
  })

  it('is held back, changing nothing, once the sign-in limits are used up', async () => {
    const from = '127.0.0.32'
    const session = await signedIn(accounts.cat, from)
    for (let guess = 0; guess < 5; guess++)
      expect((await attempt(dashboard.url, accounts.cat, `wrong ${guess}`, { from })).status).toBe(
        401,
      )
    const held = await change(session, testPassword, from)
    expect(held.status).toBe(429)
    expect(held.json().error).toMatch(/^Too many wrong passwords\. Try again in 1[45] minutes\.$/)
    expect(Number(held.headers['retry-after'])).toBeGreaterThan(800)
    expect(
      (await attempt(dashboard.url, accounts.cat, testPassword, { from: '127.0.0.33' })).status,
    ).toBe(204)
  })

  it('still changes it when right, starting the count afresh', async () => {
    const from = '127.0.0.34'
    const session = await signedIn(accounts.dan, from)
    for (let guess = 0; guess < 4; guess++)
      expect((await change(session, `guess ${guess}`, from)).status).toBe(403)
    expect((await change(session, testPassword, from)).status).toBe(204)
    expect((await me(session)).status).toBe(200)
  })
})
