/** Document 1, section 5 (authentication); contract /oauth/token (client credentials). */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { expectError, expectStatus, isSandbox, setUpHarness } from './harness.ts'

const h = setUpHarness()

function basic(id: string, secret: string) {
  const raw = `${encodeURIComponent(id)}:${encodeURIComponent(secret)}`
  return { authorization: `Basic ${Buffer.from(raw).toString('base64')}` }
}

describe('POST /oauth/token', () => {
  it('issues a bearer token with HTTP Basic client authentication', async () => {
    const { id, secret } = h.credentials('main')
    const res = await h.tokenRequest({ grant_type: 'client_credentials' }, basic(id, secret))
    expectStatus(res, 200)
    expect(res.json.token_type).toBe('Bearer')
    expect(typeof res.json.access_token).toBe('string')
    expect(res.json.access_token.length).toBeGreaterThan(0)
    expect(Number.isInteger(res.json.expires_in)).toBe(true)
    expect(res.json.expires_in).toBeGreaterThan(0)
    if (isSandbox) expect(res.json.expires_in).toBe(3600)
    expect(typeof res.json.scope).toBe('string')
    expect(res.headers.get('cache-control')).toContain('no-store')
    const videos = await h.api('GET', '/api/v1/channels', { token: res.json.access_token })
    expectStatus(videos, 200)
  })

  it('issues a token with client_id and client_secret in the form body', async () => {
    const { id, secret } = h.credentials('main')
    const res = await h.tokenRequest({
      grant_type: 'client_credentials',
      client_id: id,
      client_secret: secret,
    })
    expectStatus(res, 200)
    const channels = await h.api('GET', '/api/v1/channels', { token: res.json.access_token })
    expectStatus(channels, 200)
  })

  it('rejects a wrong secret with 401 invalid_client (Basic and body)', async () => {
    const { id } = h.credentials('main')
    const viaBasic = await h.tokenRequest(
      { grant_type: 'client_credentials' },
      basic(id, 'not-the-secret'),
    )
    expectError(viaBasic, 401)
    expect(viaBasic.json.error).toBe('invalid_client')
    expect(viaBasic.headers.get('www-authenticate')).toBeTruthy()
    const viaBody = await h.tokenRequest({
      grant_type: 'client_credentials',
      client_id: id,
      client_secret: 'not-the-secret',
    })
    expectError(viaBody, 401)
    expect(viaBody.json.error).toBe('invalid_client')
  })

  it('rejects an unknown client with 401', async () => {
    const res = await h.tokenRequest(
      { grant_type: 'client_credentials' },
      basic('no-such-client-xyz', 'whatever'),
    )
    expectError(res, 401)
  })

  it('rejects an unsupported grant type with 400 unsupported_grant_type', async () => {
    const { id, secret } = h.credentials('main')
    const res = await h.tokenRequest(
      { grant_type: 'password', username: 'a', password: 'b' },
      basic(id, secret),
    )
    expectError(res, 400)
    expect(res.json.error).toBe('unsupported_grant_type')
  })

  it('rejects a missing grant_type with 400 invalid_request', async () => {
    const { id, secret } = h.credentials('main')
    const res = await h.tokenRequest({}, basic(id, secret))
    expectError(res, 400)
    expect(res.json.error).toBe('invalid_request')
  })

  it('rejects a scope outside the client grant with 400 invalid_scope', async () => {
    const { id, secret } = h.credentials('main')
    const res = await h.tokenRequest(
      { grant_type: 'client_credentials', scope: 'videos:read no_such:scope' },
      basic(id, secret),
    )
    expectError(res, 400)
    expect(res.json.error).toBe('invalid_scope')
  })

  it('narrows the grant to the requested scope; other operations then give 403', async () => {
    const { id, secret } = h.credentials('main')
    const res = await h.tokenRequest(
      { grant_type: 'client_credentials', scope: 'videos:read channels:read' },
      basic(id, secret),
    )
    expectStatus(res, 200)
    expect(res.json.scope.split(' ').sort()).toEqual(['channels:read', 'videos:read'])
    const token = res.json.access_token
    const world = await h.world()
    const channelId = world.main.channels[0]?.id
    const list = await h.api('GET', '/api/v1/videos', { token, query: { channel_id: channelId } })
    expectStatus(list, 200)
    const create = await h.api('POST', '/api/v1/videos', {
      token,
      json: { channel_id: channelId, url: 'https://example.com/a.mp4' },
    })
    expectError(create, 403)
    const sign = await h.api('POST', '/api/v1/upload_signatures', {
      token,
      json: { channel_id: channelId, filename: 'a.mp4', mime_type: 'video/mp4' },
    })
    expectError(sign, 403)
    const stores = await h.api('GET', '/api/v1/business_stores', { token })
    expectError(stores, 403)
  })
})

describe('bearer tokens on the API', () => {
  it('gives 401 without a token', async () => {
    const res = await h.api('GET', '/api/v1/channels', { token: null })
    expectError(res, 401)
  })

  it('gives 401 for an unknown token', async () => {
    const res = await h.api('GET', '/api/v1/channels', { token: 'not-a-real-token' })
    expectError(res, 401)
  })

  it('gives 401 for a malformed Authorization header', async () => {
    const token = await h.token()
    const res = await h.api('GET', '/api/v1/channels', {
      token: null,
      headers: { authorization: `Token ${token}` },
    })
    expectError(res, 401)
  })
})

describe.runIf(isSandbox)('token expiry (sandbox with 2 s tokens)', () => {
  const short = setUpHarness({ tokenTtlSeconds: 2 })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('reports the shortened lifetime and rejects the token with 401 once it expires', async () => {
    // The in-process sandbox reads this clock; timers stay real so requests still flow.
    vi.useFakeTimers({ toFake: ['Date'] })
    const issuedAt = Date.now()
    const { id, secret } = short.credentials('main')
    const res = await short.tokenRequest({ grant_type: 'client_credentials' }, basic(id, secret))
    expectStatus(res, 200)
    expect(res.json.expires_in).toBe(2)
    const token = res.json.access_token
    expectStatus(await short.api('GET', '/api/v1/channels', { token }), 200)
    vi.setSystemTime(issuedAt + 1_999)
    expectStatus(await short.api('GET', '/api/v1/channels', { token }), 200)
    vi.setSystemTime(issuedAt + 2_000)
    expectError(await short.api('GET', '/api/v1/channels', { token }), 401)
  })
})
