import { describe, expect, it } from 'vitest'
import { dashboardWithFakeService } from '../dashboard/dashboard-for.ts'
import { send } from '../dashboard/http-client.ts'
import { testPassword } from '../support/accounts.ts'

const running = dashboardWithFakeService('file')
const url = () => running.dashboard.url
const json = { 'content-type': 'application/json' }
const signIn = (body: unknown, headers: Record<string, string> = json) =>
  send(url(), '/auth/sign-in', {
    method: 'POST',
    headers,
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
const cookieOf = (setCookie: string[] | undefined) => (setCookie?.[0] ?? '').split(';', 1)[0] ?? ''

describe('POST /auth/sign-in', () => {
  it('sets an HttpOnly, __Host- session cookie and answers 204 to JSON', async () => {
    const response = await signIn({ email: 'Admin@Example.com ', password: testPassword })
    expect(response.status).toBe(204)
    const cookie = response.headers['set-cookie']?.[0] ?? ''
    expect(cookie).toMatch(/^__Host-dashboard-session=[\w-]{43};/)
    expect(cookie).toContain('HttpOnly')
    expect(cookie).toContain('Secure')
    expect(cookie).toContain('SameSite=Lax')
    expect(cookie).toContain('Path=/')
    expect(cookie).not.toMatch(/Domain=/i)
    const me = await send(url(), '/auth/me', {
      headers: { cookie: cookieOf(response.headers['set-cookie']) },
    })
    expect(me.json()).toEqual({ id: expect.any(String), email: 'admin@example.com', role: 'admin' })
  })

  it('redirects a form post to the page asked for, and only to a page of this site', async () => {
    const form = { 'content-type': 'application/x-www-form-urlencoded' }
    const local = await signIn(
      new URLSearchParams({
        email: 'admin@example.com',
        password: testPassword,
        next: '/playlists',
      }).toString(),
      form,
    )
    expect(local.status).toBe(303)
    expect(local.headers.location).toBe('/playlists')
    for (const next of ['//evil.example/', 'https://evil.example/', '/\\evil.example']) {
      const away = await signIn(
        new URLSearchParams({
          email: 'admin@example.com',
          password: testPassword,
          next,
        }).toString(),
        form,
      )
      expect(away.headers.location, next).toBe('/')
    }
  })

  it('gives one answer for a wrong password and an unknown email', async () => {
    const wrong = await signIn({ email: 'admin@example.com', password: 'not the password' })
    const unknown = await signIn({ email: 'nobody@example.com', password: 'not the password' })
    expect(wrong.status).toBe(401)
    expect(unknown.status).toBe(401)
    expect(wrong.json()).toEqual(unknown.json())
    expect(wrong.json().error).toMatch(/email or password/)
    expect(wrong.headers['set-cookie']).toBeUndefined()
  })

  it('gives a new session id at every sign-in and ends the one it replaces', async () => {
    const first = cookieOf(
      (await signIn({ email: 'admin@example.com', password: testPassword })).headers['set-cookie'],
    )
    const second = await send(url(), '/auth/sign-in', {
      method: 'POST',
      headers: { ...json, cookie: first },
      body: JSON.stringify({ email: 'admin@example.com', password: testPassword }),
    })
    expect(cookieOf(second.headers['set-cookie'])).not.toBe(first)
    expect((await send(url(), '/auth/me', { headers: { cookie: first } })).status).toBe(401)
  })

  it('refuses a sign-in posted from another site', async () => {
    const response = await signIn(
      { email: 'admin@example.com', password: testPassword },
      { ...json, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    )
    expect(response.status).toBe(403)
  })
})

describe('signing out', () => {
  it('ends this session only, or every session of the account', async () => {
    const sessions = await Promise.all(
      [1, 2, 3].map(async () =>
        cookieOf(
          (await signIn({ email: 'admin@example.com', password: testPassword })).headers[
            'set-cookie'
          ],
        ),
      ),
    )
    const headers = (cookie: string) => ({ cookie, origin: url(), 'x-dashboard-request': '1' })
    expect(
      (await send(url(), '/auth/sign-out', { method: 'POST', headers: headers(sessions[0] ?? '') }))
        .status,
    ).toBe(204)
    expect((await send(url(), '/auth/me', { headers: { cookie: sessions[0] ?? '' } })).status).toBe(
      401,
    )
    expect((await send(url(), '/auth/me', { headers: { cookie: sessions[1] ?? '' } })).status).toBe(
      200,
    )
    await send(url(), '/auth/sign-out-everywhere', {
      method: 'POST',
      headers: headers(sessions[1] ?? ''),
    })
    for (const cookie of sessions)
      expect((await send(url(), '/auth/me', { headers: { cookie } })).status).toBe(401)
  })
})
