/**
 * `api:admin` bypasses all scope checks (document 2 section 5), but not the business boundary.
 * The sandbox's `admin` client holds only that scope for the demo business; a real service's
 * admin credentials are not part of this suite's configuration, so this runs against the sandbox.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { createVideo } from './fixtures.ts'
import { expectError, expectStatus, isSandbox, setUpHarness, uniq } from './harness.ts'

describe.runIf(isSandbox)('a token with only api:admin', () => {
  const h = setUpHarness()
  let admin: string
  let channelId: string

  beforeAll(async () => {
    channelId = (await h.world()).main.channels[0]?.id ?? ''
    const basic = Buffer.from('admin:admin-secret').toString('base64')
    const res = await h.tokenRequest(
      { grant_type: 'client_credentials' },
      { authorization: `Basic ${basic}` },
    )
    expectStatus(res, 200)
    expect(res.json.scope).toBe('api:admin')
    admin = res.json.access_token
  })

  it('reads and writes across areas without their scopes', async () => {
    const video = await createVideo(h, { channel_id: channelId, caption: uniq('admin') })
    const reads = [
      ['/api/v1/videos', { channel_id: channelId }],
      [`/api/v1/videos/${video.id}`, {}],
      ['/api/v1/business_stores', {}],
      ['/api/v1/playlists', { channel_id: channelId }],
      ['/api/v1/channels', {}],
    ] as const
    for (const [path, query] of reads) {
      expect((await h.api('GET', path, { token: admin, query })).status, path).toBe(200)
    }
    const caption = uniq('by-admin')
    const update = await h.api('PATCH', `/api/v1/videos/${video.id}`, {
      token: admin,
      json: { caption },
    })
    expectStatus(update, 200)
    expect(update.json.caption).toBe(caption)
  })

  it("still gets 403 for another business's video", async () => {
    const solo = await createVideo(h, { caption: uniq('solo') }, { client: 'solo' })
    expectError(await h.api('GET', `/api/v1/videos/${solo.id}`, { token: admin }), 403)
  })
})
