/**
 * With blockPrivateUrls the sandbox fetches a user's URL (imports, posters, subtitles) only from
 * public addresses, in every spelling of a non-public one and through names resolving to one,
 * and its refusals name no address. Without the option (the default) loopback is fetched as
 * before, and a failed connection still names no address.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type ResolvedAddress,
  resolveWithSystemDns,
} from '../../../server/sandbox/net/resolve-target.ts'
import { waitUntil } from '../wait-until.ts'
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

const names: Record<string, ResolvedAddress[]> = {
  'loopback.example.test': [{ address: '127.0.0.1', family: 4 }],
  'metadata.example.test': [{ address: '169.254.169.254', family: 4 }],
  'mapped.example.test': [{ address: '::ffff:127.0.0.1', family: 6 }],
  'mixed.example.test': [
    { address: '93.184.216.34', family: 4 },
    { address: '127.0.0.1', family: 4 },
  ],
}

/** Origins of non-public targets; `port` is the file host's, so a leak would be answered. */
const hostile: Array<[string, (port: number) => string]> = [
  ['loopback', (port) => `http://127.0.0.1:${port}`],
  ['localhost', (port) => `http://localhost:${port}`],
  ['IPv6 loopback', (port) => `http://[::1]:${port}`],
  ['IPv4-mapped IPv6 loopback', (port) => `http://[::ffff:127.0.0.1]:${port}`],
  ['unspecified IPv4', (port) => `http://0.0.0.0:${port}`],
  ['unspecified IPv6', (port) => `http://[::]:${port}`],
  ['decimal IPv4', (port) => `http://2130706433:${port}`],
  ['hexadecimal IPv4', (port) => `http://0x7f.1:${port}`],
  ['octal IPv4', (port) => `http://0177.0.0.1:${port}`],
  ['shortened IPv4', (port) => `http://127.1:${port}`],
  ['cloud metadata', () => 'http://169.254.169.254'],
  ['private 10/8', () => 'http://10.0.0.5:8080'],
  ['private 192.168/16', () => 'http://192.168.1.1'],
  ['carrier-grade NAT', () => 'http://100.64.0.1'],
  ['unique-local IPv6', () => 'http://[fd12:3456::1]'],
  ['link-local IPv6', () => 'http://[fe80::1]'],
  ['multicast IPv4', () => 'http://224.0.0.1'],
  ['multicast IPv6', () => 'http://[ff02::1]'],
  ['a name resolving to loopback', (port) => `http://loopback.example.test:${port}`],
  ['a name resolving to cloud metadata', () => 'http://metadata.example.test'],
  ['a name resolving to IPv4-mapped loopback', (port) => `http://mapped.example.test:${port}`],
  ['a name with a public and a loopback address', (port) => `http://mixed.example.test:${port}`],
]

let host: FileHost

beforeAll(async () => {
  host = await startFileHost()
  host.file('/poster.jpg', poster, 'image/jpeg')
  host.file('/track.vtt', subtitle, 'text/vtt')
  host.file('/clip.mp4', clip, 'video/mp4')
})

afterAll(async () => {
  await host?.close()
})

function expectRefusal(answer: Answer, message: string) {
  expect(answer.status).toBe(400)
  expect(answer.error).toBe(message)
  expect(leaksAddress(answer.error ?? '')).toBe(false)
}

describe('with blockPrivateUrls', () => {
  let sandbox: FetchingSandbox

  beforeAll(async () => {
    sandbox = await startFetchingSandbox({
      blockPrivateUrls: true,
      fetchAddressRules: {
        resolveHost: async (name) => names[name] ?? resolveWithSystemDns(name),
      },
    })
  })

  afterAll(async () => {
    await sandbox?.close()
  })

  it.each(hostile)('refuses %s for posters, subtitles and imports', async (_, origin) => {
    const base = origin(host.port)
    const asked = host.requests.length
    const video = `/videos/${sandbox.videoId}`
    expectRefusal(
      await sandbox.api('POST', `${video}/posters`, { url: `${base}/poster.jpg` }),
      'Image could not be fetched: it is not a public address',
    )
    expectRefusal(
      await sandbox.api('PATCH', video, { poster_url: `${base}/poster.jpg` }),
      'Image could not be fetched: it is not a public address',
    )
    expectRefusal(
      await sandbox.api('POST', `${video}/subtitles`, { language: 'en', url: `${base}/track.vtt` }),
      'Subtitle could not be fetched: it is not a public address',
    )
    // The import rules (doc 1 §4.4) already refuse a host without a dot, in their own words.
    expectRefusal(
      await sandbox.api('POST', '/videos', {
        channel_id: sandbox.channelId,
        caption: 'Private import',
        url: `${base}/clip.mp4`,
      }),
      new URL(base).hostname.includes('.')
        ? 'The address could not be fetched: it is not a public address'
        : 'url hostname must contain a dot',
    )
    expect(host.requests.length).toBe(asked)
  })

  it('ends an async import of a non-public address errored with download_failed', async () => {
    const asked = host.requests.length
    for (const url of [host.url('/clip.mp4'), 'http://metadata.example.test/latest/clip.mp4']) {
      const started = await sandbox.api('POST', '/videos', {
        channel_id: sandbox.channelId,
        caption: 'Private async import',
        url,
        async: true,
      })
      expect(started.status).toBe(202)
      let job: Answer | undefined
      await waitUntil(async () => {
        job = await sandbox.api('GET', `/videos/imports/${started.json.id}`)
        return job.json.status !== 'running'
      }, `import of ${url} to end`)
      expect(job?.json).toMatchObject({ status: 'errored', reason: 'download_failed' })
    }
    expect(host.requests.length).toBe(asked)
  })
})

describe('without blockPrivateUrls (the default)', () => {
  let sandbox: FetchingSandbox

  beforeAll(async () => {
    sandbox = await startFetchingSandbox({})
  })

  afterAll(async () => {
    await sandbox?.close()
  })

  it('fetches posters, subtitles and imports from loopback as before', async () => {
    const video = `/videos/${sandbox.videoId}`
    const added = await sandbox.api('POST', `${video}/posters`, { url: host.url('/poster.jpg') })
    expect(added.status).toBe(201)
    const track = { language: 'en', url: host.url('/track.vtt') }
    expect((await sandbox.api('POST', `${video}/subtitles`, track)).status).toBe(201)
    const imported = await sandbox.api('POST', '/videos', {
      channel_id: sandbox.channelId,
      caption: 'Loopback import',
      url: host.url('/clip.mp4'),
    })
    expect(imported.status).toBe(201)
  })

  it('says a connection failed without naming the address or port', async () => {
    const base = `http://127.0.0.1:${await closedPort()}`
    const video = `/videos/${sandbox.videoId}`
    expectRefusal(
      await sandbox.api('POST', `${video}/posters`, { url: `${base}/poster.jpg` }),
      'Image could not be fetched: no connection could be made to it',
    )
    expectRefusal(
      await sandbox.api('POST', `${video}/subtitles`, { language: 'en', url: `${base}/a.srt` }),
      'Subtitle could not be fetched: no connection could be made to it',
    )
    expectRefusal(
      await sandbox.api('POST', '/videos', {
        channel_id: sandbox.channelId,
        caption: 'Unreachable import',
        url: `${base}/clip.mp4`,
      }),
      'The address could not be fetched: no connection could be made to it',
    )
  })
})
