/** Subtitles: document 1 sections 2.7, 4.9, 7 (add/delete subtitle rows) and 8 (5 MB). */
import { beforeAll, describe, expect, it } from 'vitest'
import type { Subtitle, Video } from '@/api/generated/types.gen.ts'
import { createVideo } from './fixtures.ts'
import { canServeMedia, expectError, expectStatus, setUpHarness, uniq } from './harness.ts'

const h = setUpHarness()
let video: Video
let other: Video

const VTT =
  'WEBVTT\n\n00:00:00.000 --> 00:00:02.000\nHello there\n\n00:00:02.500 --> 00:00:04.000\nBye\n'
const SRT = '1\n00:00:00,000 --> 00:00:02,000\nHallo\n\n2\n00:00:02,500 --> 00:00:04,000\nTschüss\n'

beforeAll(async () => {
  const channelId = (await h.world()).main.channels[0]?.id ?? ''
  video = await createVideo(h, { channel_id: channelId, caption: uniq('sub') })
  other = await createVideo(h, { channel_id: channelId, caption: uniq('sub') })
})

const addJson = (videoId: string, json: unknown) =>
  h.api<Subtitle>('POST', `/api/v1/videos/${videoId}/subtitles`, { json })

function fileForm(fields: Record<string, string>, name: string, content: string | Buffer) {
  const form = new FormData()
  for (const [k, v] of Object.entries(fields)) form.append(k, v)
  form.append(
    'file',
    new Blob([typeof content === 'string' ? content : new Uint8Array(content)]),
    name,
  )
  return form
}

const addForm = (videoId: string, form: FormData) =>
  h.api<Subtitle>('POST', `/api/v1/videos/${videoId}/subtitles`, { body: form })

describe('POST /api/v1/videos/{id}/subtitles', () => {
  it('file form: 201 with the subtitle record, is_cc defaulting to false', async () => {
    const res = await addForm(video.id, fileForm({ language: 'en' }, 'captions.vtt', VTT))
    expectStatus(res, 201)
    expect(typeof res.json.id).toBe('string')
    expect(res.json.language).toBe('en')
    expect(res.json.is_cc).toBe(false)
  })

  it('file form accepts .srt and is_cc', async () => {
    const res = await addForm(
      video.id,
      fileForm({ language: 'de-DE', is_cc: 'true' }, 'de.srt', SRT),
    )
    expectStatus(res, 201)
    expect(res.json).toMatchObject({ language: 'de-DE', is_cc: true })
  })

  it('inline form: 201 for WebVTT and SubRip content', async () => {
    const vtt = await addJson(video.id, { language: 'fr', content: VTT, is_cc: true })
    expectStatus(vtt, 201)
    expect(vtt.json).toMatchObject({ language: 'fr', is_cc: true })
    const srt = await addJson(video.id, { language: 'es', content: SRT })
    expectStatus(srt, 201)
    expect(srt.json).toMatchObject({ language: 'es', is_cc: false })
  })

  it.runIf(canServeMedia)('URL form: 201 for a .vtt address', async () => {
    const url = h.media.serve('/subs/track.vtt', { body: VTT, contentType: 'text/vtt' })
    const res = await addJson(video.id, { language: 'it', url })
    expectStatus(res, 201)
    expect(res.json.language).toBe('it')
  })

  it.runIf(canServeMedia)('URL form: 400 for an address that is not .vtt or .srt', async () => {
    const url = h.media.serve('/subs/track.txt', { body: VTT, contentType: 'text/plain' })
    expectError(await addJson(video.id, { language: 'it', url }), 400)
  })

  it('gives 400 for a file that is not .vtt or .srt', async () => {
    expectError(await addForm(video.id, fileForm({ language: 'en' }, 'notes.txt', VTT)), 400)
    expectError(
      await addForm(video.id, fileForm({ language: 'en' }, 'clip.mp4', Buffer.alloc(64))),
      400,
    )
  })

  it('gives 400 for inline content that is neither WebVTT nor SubRip', async () => {
    expectError(await addJson(video.id, { language: 'en', content: 'just some words' }), 400)
  })

  it('gives 400 for more than 5 MB', async () => {
    const cue = '00:00:00.000 --> 00:00:01.000\nxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\n\n'
    const big = `WEBVTT\n\n${cue.repeat(Math.ceil((5 * 1024 * 1024 + 1024) / cue.length))}`
    expectError(await addJson(video.id, { language: 'en', content: big }), 400)
    expectError(await addForm(video.id, fileForm({ language: 'en' }, 'big.vtt', big)), 400)
  })

  it('gives 400 for missing fields', async () => {
    expectError(await addJson(video.id, { content: VTT }), 400)
    expectError(await addJson(video.id, { language: 'en' }), 400)
    const noFile = new FormData()
    noFile.append('language', 'en')
    expectError(await addForm(video.id, noFile), 400)
  })

  it('gives 404 for a deleted video', async () => {
    const channelId = (await h.world()).main.channels[0]?.id ?? ''
    const gone = await createVideo(h, { channel_id: channelId, caption: uniq('sub') })
    expectStatus(await h.api('DELETE', `/api/v1/videos/${gone.id}`), 204)
    expectError(await addJson(gone.id, { language: 'en', content: VTT }), 404)
  })
})

describe('DELETE /api/v1/videos/{id}/subtitles/{subtitle_id}', () => {
  it('deletes (204), then 404', async () => {
    const sub = await addJson(video.id, { language: 'nl', content: VTT })
    expectStatus(sub, 201)
    const res = await h.api('DELETE', `/api/v1/videos/${video.id}/subtitles/${sub.json.id}`)
    expectStatus(res, 204)
    expect(res.text).toBe('')
    expectError(await h.api('DELETE', `/api/v1/videos/${video.id}/subtitles/${sub.json.id}`), 404)
  })

  it('gives 404 for a subtitle of another video, which is kept', async () => {
    const sub = await addJson(video.id, { language: 'pt', content: VTT })
    expectStatus(sub, 201)
    expectError(await h.api('DELETE', `/api/v1/videos/${other.id}/subtitles/${sub.json.id}`), 404)
    expectStatus(await h.api('DELETE', `/api/v1/videos/${video.id}/subtitles/${sub.json.id}`), 204)
  })

  it("gives 403 on another business's video", async () => {
    const sub = await addJson(video.id, { language: 'sv', content: VTT })
    const solo = await h.token('solo')
    const res = await h.api('DELETE', `/api/v1/videos/${video.id}/subtitles/${sub.json.id}`, {
      token: solo,
    })
    expectError(res, 403)
  })
})

describe('GET /api/v1/videos/{id}/subtitles (contract, x-assumed)', () => {
  it('lists the tracks oldest first', async () => {
    const fresh = await createVideo(h, {
      channel_id: (await h.world()).main.channels[0]?.id,
      caption: uniq(),
    })
    const first = await addJson(fresh.id, { language: 'en', content: VTT })
    const second = await addJson(fresh.id, { language: 'de', content: SRT, is_cc: true })
    const res = await h.api('GET', `/api/v1/videos/${fresh.id}/subtitles`)
    expectStatus(res, 200)
    expect(res.json.subtitles).toEqual([first.json, second.json])
  })

  it('gives each track an address its file can be read from, as it was sent (assumed url)', async () => {
    const fresh = await createVideo(h, {
      channel_id: (await h.world()).main.channels[0]?.id,
      caption: uniq(),
    })
    const added = await addJson(fresh.id, { language: 'en', content: SRT })
    expect(added.json.url).toMatch(/^https?:\/\//)
    const file = await fetch(added.json.url as string)
    expect(file.status).toBe(200)
    expect(await file.text()).toBe(SRT)
  })
})
