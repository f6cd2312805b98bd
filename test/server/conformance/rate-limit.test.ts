/**
 * Creation rate limit: document 1 sections 4.4 and 8 (20 videos per 5 minutes per channel, 429);
 * Retry-After per contract. Runs against a sandbox started with a 3-per-60-s limit.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { postVideo } from './fixtures.ts'
import { expectError, expectStatus, isSandbox, setUpHarness, uniq } from './harness.ts'

describe.runIf(isSandbox)('creation rate limit (sandbox at 3 per 60 s)', () => {
  const h = setUpHarness({ rateLimit: '3/60', timeScale: 1 })
  let first: string
  let second: string

  beforeAll(async () => {
    const world = await h.world()
    first = world.main.channels[0]?.id ?? ''
    second = world.main.channels[1]?.id ?? ''
  })

  it('answers 429 with Retry-After past the limit, per channel', async () => {
    for (let i = 0; i < 3; i++) {
      expectStatus(await postVideo(h, { channel_id: first, caption: uniq('rl') }), 201)
    }
    const limited = await postVideo(h, { channel_id: first, caption: uniq('rl') })
    expectError(limited, 429)
    const retryAfter = Number(limited.headers.get('retry-after'))
    expect(Number.isInteger(retryAfter)).toBe(true)
    expect(retryAfter).toBeGreaterThanOrEqual(1)
    expect(retryAfter).toBeLessThanOrEqual(60)
    expectStatus(await postVideo(h, { channel_id: second, caption: uniq('rl') }), 201)
  })

  it('keeps refusing within the window and does not create the refused video', async () => {
    const caption = uniq('refused')
    expectError(await postVideo(h, { channel_id: first, caption }), 429)
    const list = await h.api('GET', '/api/v1/videos', { query: { channel_id: first, q: caption } })
    expectStatus(list, 200)
    expect(list.json.videos).toEqual([])
  })

  it('does not count other operations against the limit', async () => {
    const res = await h.api('POST', '/api/v1/upload_signatures', {
      json: { channel_id: first, filename: 'a.mp4', mime_type: 'video/mp4' },
    })
    expectStatus(res, 201)
  })
})
