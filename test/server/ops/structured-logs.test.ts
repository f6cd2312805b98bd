import { describe, expect, it } from 'vitest'
import { dashboardWithFakeService } from '../dashboard/dashboard-for.ts'
import { fakeClient } from '../dashboard/fake-service.ts'
import { send, sendSignedIn } from '../dashboard/http-client.ts'
import { testPassword } from '../support/accounts.ts'
import { waitUntil } from '../wait-until.ts'
import { delivery, postWebhook, videoEvent } from '../webhooks/support.ts'
import { parseLogLines } from './log-lines.ts'

const webhookSecret = 'whsec_structured_logs_secret'
const oidcClientSecret = 'oidc-client-secret-never-logged'
const running = dashboardWithFakeService('file', {
  logLevel: 'trace',
  webhookSecrets: [webhookSecret],
  oidc: {
    issuer: 'http://127.0.0.1:9/',
    clientId: 'dashboard',
    clientSecret: oidcClientSecret,
    roleMap: { '*': 'viewer' },
  },
})
const entries = () => parseLogLines(running.dashboard.logs)
const linesOf = (reqId: string) => entries().filter((entry) => entry.reqId === reqId)
const forged = '{"level":50,"time":1,"msg":"forged entry"}'

describe('the log', () => {
  it('is one JSON object a line, each with its level, time and message', async () => {
    await send(running.dashboard.url, '/healthz')
    await sendSignedIn(running.dashboard, '/api/v1/videos')
    await postWebhook(running.dashboard.url, '{}', 't=1,v1=AAAA')
    await waitUntil(() => running.dashboard.logs.length >= 3, 'three access lines')
    const parsed = entries()
    expect(parsed.length).toBe(running.dashboard.logs.length)
    expect(parsed.map((entry) => entry.msg)).toContain('request')
  })

  it('puts the request id on every line of a request, deep modules included, and answers with it', async () => {
    const response = await postWebhook(running.dashboard.url, '{}', 't=1,v1=AAAA')
    expect(response.status).toBe(401)
    const reqId = response.headers.get('x-request-id') ?? ''
    expect(reqId).toMatch(/^[\w-]{36}$/)
    await waitUntil(
      () => linesOf(reqId).some((entry) => entry.msg === 'request'),
      'its access line',
    )
    const lines = linesOf(reqId)
    expect(lines.map((entry) => entry.msg)).toEqual(['webhook refused', 'request'])
    expect(lines[0]).toMatchObject({ status: 401, reason: expect.any(String) })
    expect(lines[1]).toMatchObject({
      method: 'POST',
      route: '/webhooks/service',
      path: '/webhooks/service',
      status: 401,
      durationMs: expect.any(Number),
      bytes: expect.any(Number),
    })
  })

  it("keeps a caller's plain request id and replaces a hostile one", async () => {
    const kept = await send(running.dashboard.url, '/healthz', {
      headers: { 'x-request-id': 'proxy-7f3a.2_B' },
    })
    expect(kept.headers['x-request-id']).toBe('proxy-7f3a.2_B')
    for (const hostile of ['a b', 'x'.repeat(65), forged, '../../etc', '']) {
      const response = await send(running.dashboard.url, '/healthz', {
        headers: { 'x-request-id': hostile },
      })
      const reqId = String(response.headers['x-request-id'])
      expect(reqId, hostile).not.toBe(hostile)
      expect(reqId).toMatch(/^[\w-]{36}$/)
      await waitUntil(() => linesOf(reqId).length === 1, `the access line of ${reqId}`)
    }
  })

  it('logs the path without its query string', async () => {
    const response = await sendSignedIn(running.dashboard, '/api/v1/videos?q=private+words')
    const reqId = String(response.headers['x-request-id'])
    await waitUntil(() => linesOf(reqId).length === 1, 'the access line')
    expect(linesOf(reqId)[0]).toMatchObject({ route: '/api/v1/*', path: '/api/v1/videos' })
    expect(running.dashboard.logs.join('\n')).not.toContain('private')
  })

  it("never holds a password, session cookie, token, client secret or signature, and the provider's error cannot forge a line", async () => {
    const { url } = running.dashboard
    const signedIn = await fetch(`${url}/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@example.com', password: testPassword }),
    })
    expect(signedIn.status).toBe(204)
    const wrong = await fetch(`${url}/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@example.com', password: `${testPassword}!` }),
    })
    expect(wrong.status).toBe(401)
    const cookie = (signedIn.headers.get('set-cookie') ?? '').split(';', 1)[0] ?? ''
    const cookieValue = cookie.split('=')[1] ?? ''
    expect(cookieValue.length).toBeGreaterThan(20)
    const session = { cookie, origin: url, 'x-dashboard-request': '1' }
    const api = await send(url, '/api/v1/videos?token=query-secret', {
      headers: { ...session, authorization: 'Bearer browser-sent-secret' },
    })
    expect(api.status).toBe(200)
    running.service.revokeTokens()
    expect((await send(url, '/api/v1/videos', { headers: session })).status).toBe(200)
    const event = delivery(webhookSecret, videoEvent('vid-log', 1_790_000_101))
    expect((await postWebhook(url, event.body, event.signature)).status).toBe(202)
    const badSignature = `${event.signature.slice(0, -4)}AAA=`
    expect((await postWebhook(url, event.body, badSignature)).status).toBe(401)
    const callback = await send(
      url,
      `/auth/oidc/callback?error=x%0A${encodeURIComponent(forged)}&state=s&code=c`,
    )
    expect(callback.status).toBe(303)
    await waitUntil(
      () => entries().some((entry) => entry.reqId === callback.headers['x-request-id']),
      'the callback logged',
    )

    const lines = running.dashboard.logs
    const secrets = [
      testPassword,
      cookieValue,
      fakeClient.clientSecret,
      encodeURIComponent(fakeClient.clientSecret),
      oidcClientSecret,
      webhookSecret,
      event.signature,
      badSignature,
      'query-secret',
      'browser-sent-secret',
      ...running.service.issuedTokens,
    ]
    expect(running.service.issuedTokens.length).toBeGreaterThanOrEqual(2)
    for (const secret of secrets) {
      for (const line of lines) expect(line, secret).not.toContain(secret)
    }
    const parsed = parseLogLines(lines)
    expect(parsed.filter((entry) => entry.msg === 'forged entry')).toEqual([])
    const providerLine = parsed.find((entry) => entry.msg.includes('the provider answered'))
    expect(providerLine).toMatchObject({
      reqId: callback.headers['x-request-id'],
      providerError: `x\n${forged}`,
    })
  })
})
