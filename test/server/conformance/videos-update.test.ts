/**
 * Update video and the metadata rules shared with create: document 1 sections 2.1, 2.2 (external
 * media rule), 2.6 (custom fields), 4.4 (CTA), 4.5 and 7 (update row).
 */
import { beforeAll, describe, expect, it } from 'vitest'
import type { Video } from '@/api/generated/types.gen.ts'
import { createVideo, getVideo, postVideo } from './fixtures.ts'
import { type ApiResponse, expectError, expectStatus, setUpHarness, uniq } from './harness.ts'

const h = setUpHarness()
let channelId: string

beforeAll(async () => {
  channelId = (await h.world()).main.channels[0]?.id ?? ''
})

const patch = (id: string, json: unknown): Promise<ApiResponse<Video>> =>
  h.api<Video>('PATCH', `/api/v1/videos/${id}`, { json })

const fresh = (input: Record<string, unknown> = {}) =>
  createVideo(h, { channel_id: channelId, caption: uniq('upd'), ...input })

describe('PATCH /api/v1/videos/{id}', () => {
  it('changes only the supplied fields and returns the full Video', async () => {
    const video = await fresh({ description: 'keep me', hashtags: ['keep'], audio_disabled: true })
    const res = await patch(video.id, { caption: 'renamed' })
    expectStatus(res, 200)
    expect(res.json).toMatchObject({
      id: video.id,
      caption: 'renamed',
      description: 'keep me',
      hashtags: video.hashtags,
      audio_disabled: true,
      access: video.access,
      published_at: video.published_at,
    })
    expect(res.json).toHaveProperty('video_posters')
    expect(await getVideo(h, video.id)).toMatchObject({
      caption: 'renamed',
      description: 'keep me',
    })
  })

  it('updates access, audio_disabled, hashtags, description and archived_at', async () => {
    const video = await fresh()
    const archivedAt = new Date(Date.now() - 60_000).toISOString()
    const res = await patch(video.id, {
      access: 'private',
      audio_disabled: true,
      hashtags: ['a', 'b'],
      description: 'new',
      archived_at: archivedAt,
    })
    expectStatus(res, 200)
    expect(res.json.access).toBe('private')
    expect(res.json.audio_disabled).toBe(true)
    expect(res.json.hashtags).toHaveLength(2)
    expect(res.json.description).toBe('new')
    expect(Date.parse(res.json.archived_at ?? '')).toBe(Date.parse(archivedAt))
    const back = await patch(video.id, { archived_at: null })
    expect(back.json.archived_at).toBeNull()
  })

  it('refuses access values that cannot be set (unlisted, unknown)', async () => {
    const video = await fresh()
    for (const access of ['unlisted', 'secret']) {
      expectError(await patch(video.id, { access }), [400, 422])
    }
    expect((await getVideo(h, video.id)).access).toBe('public')
  })

  it('content_generation_type cannot be changed after creation (refused, unchanged)', async () => {
    // Section 4.5 says it cannot change but not with which status; both 400 and 422 are listed.
    const video = await fresh({ content_generation_type: 'aigc' })
    expectError(await patch(video.id, { content_generation_type: null }), [400, 422])
    expect((await getVideo(h, video.id)).content_generation_type).toBe('aigc')
  })

  it('gives 400 for an unknown field or a malformed body', async () => {
    const video = await fresh()
    expectError(await patch(video.id, { caption: 'x', colour: 'red' }), 400)
    const res = await h.api('PATCH', `/api/v1/videos/${video.id}`, {
      body: '{"caption": ',
      headers: { 'content-type': 'application/json' },
    })
    expectError(res, 400)
    expect((await getVideo(h, video.id)).caption).toBe(video.caption)
  })

  it('gives 404 for a deleted video', async () => {
    const video = await fresh()
    expectStatus(await h.api('DELETE', `/api/v1/videos/${video.id}`), 204)
    expectError(await patch(video.id, { caption: 'x' }), 404)
  })
})

describe('custom_fields (document 1 section 2.6)', () => {
  it('replaces on supply, preserves on omit, clears with {}', async () => {
    const video = await fresh({ custom_fields: { a: '1', b: '2' } })
    expect(video.custom_fields).toEqual({ a: '1', b: '2' })
    const replaced = await patch(video.id, { custom_fields: { c: '3' } })
    expect(replaced.json.custom_fields).toEqual({ c: '3' })
    const omitted = await patch(video.id, { caption: 'other' })
    expect(omitted.json.custom_fields).toEqual({ c: '3' })
    const cleared = await patch(video.id, { custom_fields: {} })
    expect(cleared.json.custom_fields).toEqual({})
    expect((await getVideo(h, video.id)).custom_fields).toEqual({})
  })

  it('accepts keys matching ^[a-z0-9_]{1,255}$ and values up to 1024 characters', async () => {
    const video = await fresh()
    const fields = { ['k'.repeat(255)]: 'v'.repeat(1024), a_1: '', z9: 'ok' }
    const res = await patch(video.id, { custom_fields: fields })
    expectStatus(res, 200)
    expect(res.json.custom_fields).toEqual(fields)
  })

  it('refuses bad keys, long keys, long values and non-string values without changing', async () => {
    const video = await fresh({ custom_fields: { keep: 'yes' } })
    for (const custom_fields of [
      { 'Bad-Key': 'x' },
      { UPPER: 'x' },
      { 'with space': 'x' },
      { '': 'x' },
      { ['k'.repeat(256)]: 'x' },
      { ok: 'v'.repeat(1025) },
      { ok: 5 },
    ]) {
      expectError(await patch(video.id, { custom_fields }), [400, 422])
    }
    expect((await getVideo(h, video.id)).custom_fields).toEqual({ keep: 'yes' })
    expectError(
      await postVideo(h, { channel_id: channelId, custom_fields: { 'Bad-Key': 'x' } }),
      [400, 422],
    )
  })
})

describe('call to action (document 1 section 2.1 and 4.4)', () => {
  it('requires action_url with action_type (create and update)', async () => {
    expectError(
      await postVideo(h, { channel_id: channelId, caption: uniq(), action_type: 'shop_now' }),
      [400, 422],
    )
    const video = await fresh()
    expectError(await patch(video.id, { action_type: 'shop_now' }), [400, 422])
    expect((await getVideo(h, video.id)).action_type).toBeNull()
  })

  it('stores a standard CTA', async () => {
    const video = await fresh({ action_type: 'shop_now', action_url: 'https://shop.example.com/p' })
    expect(video.action_type).toBe('shop_now')
    expect(video.action_url).toBe('https://shop.example.com/p')
    expect(video.action_custom_label).toBeNull()
  })

  it('uses the custom label as the translation for custom actions', async () => {
    const video = await fresh({
      action_type: 'custom',
      action_url: 'https://shop.example.com/custom',
      action_custom_label: 'Grab it',
    })
    expect(video.action_type).toBe('custom')
    expect(video.action_custom_label).toBe('Grab it')
    expect(video.action_type_translation).toBe('Grab it')
  })

  it('refuses a custom label with a non-custom type (create and update)', async () => {
    const res = await postVideo(h, {
      channel_id: channelId,
      caption: uniq(),
      action_type: 'shop_now',
      action_url: 'https://shop.example.com/p',
      action_custom_label: 'Nope',
    })
    expectError(res, [400, 422])
    const video = await fresh({ action_type: 'shop_now', action_url: 'https://shop.example.com/p' })
    expectError(await patch(video.id, { action_custom_label: 'Nope' }), [400, 422])
    expect((await getVideo(h, video.id)).action_custom_label).toBeNull()
  })
})

describe('external_media and display_social_attributions (document 1 section 2.2)', () => {
  const media = { source: 'tiktok', url: 'https://www.tiktok.com/@me/video/1', username: 'me' }

  it('on create, true requires external_media', async () => {
    const res = await postVideo(h, {
      channel_id: channelId,
      caption: uniq(),
      display_social_attributions: true,
    })
    expectError(res, [400, 422])
    const video = await fresh({ display_social_attributions: true, external_media: media })
    expect(video.display_social_attributions).toBe(true)
    expect(video.external_media).toMatchObject({ ...media, navigation_enabled: true })
  })

  it('on update, true is accepted when the video already has external media', async () => {
    const video = await fresh({ external_media: { ...media, navigation_enabled: false } })
    const res = await patch(video.id, { display_social_attributions: true })
    expectStatus(res, 200)
    expect(res.json.display_social_attributions).toBe(true)
    expect(res.json.external_media).toMatchObject({ ...media, navigation_enabled: false })
  })

  it('on update, true without existing or supplied external media is refused', async () => {
    const video = await fresh()
    expectError(await patch(video.id, { display_social_attributions: true }), [400, 422])
    expect((await getVideo(h, video.id)).display_social_attributions).not.toBe(true)
    const res = await patch(video.id, { display_social_attributions: true, external_media: media })
    expectStatus(res, 200)
    expect(res.json.display_social_attributions).toBe(true)
  })

  it('requires source, url and username in external_media', async () => {
    const video = await fresh()
    for (const external_media of [
      { url: media.url, username: 'me' },
      { source: 'tiktok', username: 'me' },
      { source: 'tiktok', url: media.url },
    ]) {
      expectError(await patch(video.id, { external_media }), [400, 422])
    }
  })
})
