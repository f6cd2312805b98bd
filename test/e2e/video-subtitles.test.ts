import { afterAll, beforeAll, expect, it } from 'vitest'
import type { Subtitle } from '@/api/generated/types.gen.ts'
import { encodeRgbPng } from '../../server/sandbox/media/png.ts'
import { type MediaHost, startMediaHost } from '../support/conformance/media-host.ts'
import { type RunningApp, startApp } from './support/app.ts'
import { seriousAccessibilityViolations } from './support/axe.ts'
import { api, firstVideoId } from './support/service-api.ts'
import { gone, shown } from './support/ui.ts'

let app: RunningApp
let media: MediaHost
let videoId: string

const vtt = 'WEBVTT\n\n00:00:00.000 --> 00:00:02.000\nHello from the file\n'
const srt = '1\n00:00:00,000 --> 00:00:02,000\nBonjour du texte collé\n'

beforeAll(async () => {
  media = await startMediaHost()
  app = await startApp({ seedVideos: 30 })
  await app.page.goto(`${app.url}/videos`)
  videoId = await firstVideoId(app, ['approved'])
  const seeded = await api<{ subtitles: Subtitle[] }>(
    app,
    'GET',
    `/api/v1/videos/${videoId}/subtitles`,
  )
  for (const track of seeded.subtitles)
    await api(app, 'DELETE', `/api/v1/videos/${videoId}/subtitles/${track.id}`)
  // A poster too, so the page's accessibility is checked with both panels full.
  const poster = media.serve('/posters/cover.png', {
    body: encodeRgbPng(90, 160, Buffer.alloc(90 * 160 * 3, 120)),
    contentType: 'image/png',
  })
  await api(app, 'POST', `/api/v1/videos/${videoId}/posters`, { url: poster, external_id: 'cover' })
})
afterAll(async () => {
  await app?.close()
  await media?.close()
})

const panel = () => app.page.getByRole('region', { name: 'Subtitles' })
const tracks = () => panel().getByRole('list', { name: 'Subtitle tracks' })
const stored = () =>
  api<{ subtitles: Subtitle[] }>(app, 'GET', `/api/v1/videos/${videoId}/subtitles`).then((list) =>
    list.subtitles.map((track) => `${track.language}${track.is_cc ? ' cc' : ''}`),
  )

async function chooseLanguage(typed: string, name: string) {
  const box = panel().getByRole('combobox', { name: 'Language' })
  await box.fill('')
  await box.focus()
  await app.page.keyboard.type(typed)
  await app.page.getByRole('option', { name: new RegExp(`^${name}`) }).click()
}

it('adds tracks from a file, pasted text and an address, and the player offers each', async () => {
  await app.page.goto(`${app.url}/videos/${videoId}`)
  await shown(panel().getByText('No subtitle tracks yet.'))

  await chooseLanguage('english', 'English \\(United Kingdom\\) en-GB')
  await panel()
    .getByLabel('Subtitle file')
    .setInputFiles({
      name: 'hello.vtt',
      mimeType: 'text/vtt',
      buffer: Buffer.from(vtt),
    })
  await panel().getByRole('button', { name: 'Add track' }).click()
  await shown(tracks().getByText('en-GB'))

  await chooseLanguage('fr', 'French fr$')
  await panel().getByLabel('Closed captions').check()
  await panel().getByLabel('Paste the text').check()
  await panel().getByLabel('Subtitle text').fill(srt)
  await panel().getByRole('button', { name: 'Add track' }).click()
  await shown(tracks().getByText('Closed captions'))

  const url = media.serve('/tracks/de.vtt', { body: vtt, contentType: 'text/vtt' })
  await chooseLanguage('de', 'German de$')
  await panel().getByLabel('From an address').check()
  await panel().getByLabel('Subtitle file address').fill(url)
  await panel().getByRole('button', { name: 'Add track' }).click()
  await shown(tracks().getByText('de', { exact: true }))
  expect(await stored()).toEqual(['en-GB', 'fr cc', 'de'])

  // Each track is in the player, loaded; SubRip was turned into WebVTT on the way.
  const player = app.page.locator('video')
  await expect
    .poll(() =>
      player.locator('track').evaluateAll((list) => list.map((t) => t.getAttribute('label'))),
    )
    .toEqual(['English (United Kingdom)', 'French (CC)', 'German'])
  const cues = await player.evaluate(async (video: HTMLVideoElement) => {
    const texts: string[] = []
    for (const track of Array.from(video.textTracks)) {
      track.mode = 'hidden'
      for (let wait = 0; !track.cues?.length && wait < 100; wait++)
        await new Promise((resolve) => setTimeout(resolve, 20))
      texts.push((track.cues?.[0] as VTTCue | undefined)?.text ?? '')
    }
    return texts
  })
  expect(cues).toEqual(['Hello from the file', 'Bonjour du texte collé', 'Hello from the file'])
  await shown(app.page.getByRole('button', { name: /^Reorder Poster 1 “cover”, from api, / }))
  expect(await seriousAccessibilityViolations(app.page)).toEqual([])
})

it('refuses a file over 5 MB before sending it, and deletes a track after asking', async () => {
  await app.page.goto(`${app.url}/videos/${videoId}`)
  await shown(tracks())
  const sent: string[] = []
  app.page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/subtitles'))
      sent.push(request.url())
  })
  await chooseLanguage('es', 'Spanish es$')
  await panel()
    .getByLabel('Subtitle file')
    .setInputFiles({
      name: 'long.vtt',
      mimeType: 'text/vtt',
      buffer: Buffer.concat([Buffer.from(vtt), Buffer.alloc(5 * 1024 * 1024, 'a')]),
    })
  await panel().getByRole('button', { name: 'Add track' }).click()
  await shown(panel().getByText(/the service takes at most 5 MB/))
  expect(sent).toEqual([])

  await panel().getByRole('button', { name: 'Delete the German track' }).click()
  const confirm = app.page.getByRole('dialog', { name: 'Delete the German track?' })
  await confirm.getByRole('button', { name: 'Delete track' }).click()
  await gone(tracks().getByText('German', { exact: true }))
  expect(await stored()).toEqual(['en-GB', 'fr cc'])
})
