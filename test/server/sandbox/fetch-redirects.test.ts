/**
 * Redirects of a user's URL under blockPrivateUrls: each hop's address is checked again, the
 * hops are capped at five, the extension rules hold for the URL finally reached, and a name is
 * resolved once per hop and connected to at the address that was checked. Here 127.0.0.1 stands
 * in for the public internet (the test's address rule), so a loopback host can play a public one.
 */
import { afterAll, beforeAll, expect, it } from 'vitest'
import {
  type ResolvedAddress,
  resolveWithSystemDns,
} from '../../../server/sandbox/net/resolve-target.ts'
import {
  type Answer,
  clip,
  closedPort,
  type FetchingSandbox,
  type FileHost,
  leaksAddress,
  poster,
  startFetchingSandbox,
  startFileHost,
  subtitle,
} from './fetching-sandbox.ts'

const PUBLIC: ResolvedAddress = { address: '127.0.0.1', family: 4 }
const lookups: string[] = []
let rebindAnswers: ResolvedAddress[][] = []

async function resolveHost(name: string): Promise<ResolvedAddress[]> {
  lookups.push(name)
  if (name === 'media.example.test') return [PUBLIC]
  if (name === 'internal.example.test') return [{ address: '10.0.0.5', family: 4 }]
  if (name === 'rebind.example.test') return rebindAnswers.shift() ?? []
  if (name === 'nowhere.example.test') {
    throw Object.assign(new Error('getaddrinfo ENOTFOUND nowhere.example.test'), {
      code: 'ENOTFOUND',
    })
  }
  return resolveWithSystemDns(name)
}

let host: FileHost
let sandbox: FetchingSandbox
/** The file host under a name that resolves to the stand-in public address. */
let media: (path: string) => string

beforeAll(async () => {
  host = await startFileHost()
  media = (path) => `http://media.example.test:${host.port}${path}`
  sandbox = await startFetchingSandbox({
    blockPrivateUrls: true,
    fetchAddressRules: { resolveHost, isAllowedAddress: (ip) => ip === PUBLIC.address },
  })
})

afterAll(async () => {
  await sandbox?.close()
  await host?.close()
})

const addPoster = (url: string) =>
  sandbox.api('POST', `/videos/${sandbox.videoId}/posters`, { url })
const setPosterUrl = (url: string) =>
  sandbox.api('PATCH', `/videos/${sandbox.videoId}`, { poster_url: url })
const addSubtitle = (url: string) =>
  sandbox.api('POST', `/videos/${sandbox.videoId}/subtitles`, { language: 'en', url })
const importVideo = (url: string) =>
  sandbox.api('POST', '/videos', { channel_id: sandbox.channelId, caption: 'Redirected', url })

function expectRefusal(answer: Answer, message: string) {
  expect(answer.status).toBe(400)
  expect(answer.error).toBe(message)
  expect(leaksAddress(answer.error ?? '')).toBe(false)
}

it('fetches from an address the rule counts as public, by name and directly', async () => {
  host.file('/ok/poster.jpg', poster, 'image/jpeg')
  host.file('/ok/track.vtt', subtitle, 'text/vtt')
  host.file('/ok/clip.mp4', clip, 'video/mp4')
  expect((await addPoster(media('/ok/poster.jpg'))).status).toBe(201)
  expect((await setPosterUrl(host.url('/ok/poster.jpg'))).status).toBe(200)
  expect((await addSubtitle(media('/ok/track.vtt'))).status).toBe(201)
  expect((await importVideo(media('/ok/clip.mp4'))).status).toBe(201)
})

it.each([
  ['another loopback address', (port: number) => `http://127.0.0.2:${port}`],
  ['IPv6 loopback', (port: number) => `http://[::1]:${port}`],
  ['decimal loopback', (port: number) => `http://2130706434:${port}`],
  ['cloud metadata', () => 'http://169.254.169.254'],
  ['a name resolving to a private address', () => 'http://internal.example.test'],
])('refuses a redirect from a public host to %s', async (_, origin) => {
  const target = origin(host.port)
  const cases: Array<[string, (url: string) => Promise<Answer>, string, string]> = [
    ['poster', addPoster, '.jpg', 'Image could not be fetched: it is not a public address'],
    ['poster_url', setPosterUrl, '.png', 'Image could not be fetched: it is not a public address'],
    ['subtitle', addSubtitle, '.vtt', 'Subtitle could not be fetched: it is not a public address'],
    ['import', importVideo, '.mp4', 'The address could not be fetched: it is not a public address'],
  ]
  for (const [what, send, extension, message] of cases) {
    const hop = `/hop/${what}/${encodeURIComponent(target)}${extension}`
    host.redirect(hop, `${target}/file${extension}`)
    // Through a second public hop, so the check is not only made on the first one.
    const first = host.redirect(`/via${hop}`, media(hop), 301)
    expectRefusal(await send(first), message)
    expect(host.requests).toEqual(expect.arrayContaining([`/via${hop}`, hop]))
  }
})

it('follows at most five redirects', async () => {
  host.file('/chain/poster.jpg', poster, 'image/jpeg')
  for (let hop = 1; hop <= 6; hop++) {
    host.redirect(`/chain/${hop}.jpg`, hop === 1 ? '/chain/poster.jpg' : `/chain/${hop - 1}.jpg`)
  }
  expect((await addPoster(media('/chain/5.jpg'))).status).toBe(201)
  expectRefusal(
    await addPoster(media('/chain/6.jpg')),
    'Image could not be fetched: more than 5 redirects',
  )
})

it('applies the extension rules to the URL reached after redirects', async () => {
  host.file('/ext/poster.gif', poster, 'image/jpeg')
  host.file('/ext/poster.webp', poster, 'image/jpeg')
  host.file('/ext/poster.png', poster, 'image/jpeg')
  host.redirect('/ext/to-gif.jpg', '/ext/poster.gif')
  host.redirect('/ext/to-webp.png', '/ext/poster.webp')
  host.redirect('/ext/to-png.jpg', '/ext/poster.png')
  expectRefusal(
    await addPoster(media('/ext/to-gif.jpg')),
    'Image could not be fetched: it redirected to a URL that does not end with .jpg, .jpeg, .png, .webp',
  )
  // poster_url takes only .jpg and .png (doc 1 §4.4), after redirects too.
  expectRefusal(
    await setPosterUrl(media('/ext/to-webp.png')),
    'Image could not be fetched: it redirected to a URL that does not end with .jpg, .png',
  )
  expect((await addPoster(media('/ext/to-png.jpg'))).status).toBe(201)

  host.file('/ext/track.txt', subtitle, 'text/plain')
  host.file('/ext/track.srt', '1\n00:00:00,000 --> 00:00:02,000\nHello\n', 'text/plain')
  host.redirect('/ext/to-txt.vtt', '/ext/track.txt')
  host.redirect('/ext/to-srt.vtt', '/ext/track.srt')
  expectRefusal(
    await addSubtitle(media('/ext/to-txt.vtt')),
    'Subtitle could not be fetched: it redirected to a URL that does not end with .vtt, .srt',
  )
  expect((await addSubtitle(media('/ext/to-srt.vtt'))).status).toBe(201)

  // application/octet-stream is a video only where the path ends .mp4 or .mov (doc 1 §4.4).
  host.file('/ext/clip.bin', clip, 'application/octet-stream')
  host.file('/ext/clip.mov', clip, 'application/octet-stream')
  host.redirect('/ext/to-bin.mp4', '/ext/clip.bin')
  host.redirect('/ext/to-mov.mp4', '/ext/clip.mov')
  host.redirect('/ext/bare', '/ext/clip.mov')
  const binary = 'Unsupported Content-Type application/octet-stream'
  expectRefusal(await importVideo(media('/ext/to-bin.mp4')), binary)
  expectRefusal(await importVideo(media('/ext/bare')), binary)
  expect((await importVideo(media('/ext/to-mov.mp4'))).status).toBe(201)
})

it('resolves a name once per fetch and connects to the address it checked', async () => {
  host.file('/rebind/poster.jpg', poster, 'image/jpeg')
  const url = `http://rebind.example.test:${host.port}/rebind/poster.jpg`
  // A rebinding name: public when checked, private on any later lookup.
  rebindAnswers = [[PUBLIC], [{ address: '10.0.0.5', family: 4 }]]
  lookups.length = 0
  const asked = host.requests.length
  expect((await addPoster(url)).status).toBe(201)
  expect(lookups).toEqual(['rebind.example.test'])
  expect(host.requests.slice(asked)).toEqual(['/rebind/poster.jpg'])
  expectRefusal(await addPoster(url), 'Image could not be fetched: it is not a public address')
})

it('says the same of every failed connection, naming no address', async () => {
  const closed = `http://127.0.0.1:${await closedPort()}`
  host.redirect('/gone.jpg', `${closed}/poster.jpg`)
  const unreachable = 'Image could not be fetched: no connection could be made to it'
  expectRefusal(await addPoster(`${closed}/poster.jpg`), unreachable)
  expectRefusal(await addPoster(media('/gone.jpg')), unreachable)
  expectRefusal(await addPoster('http://nowhere.example.test/poster.jpg'), unreachable)
  expectRefusal(
    await importVideo(`${closed}/clip.mp4`),
    'The address could not be fetched: no connection could be made to it',
  )
})
