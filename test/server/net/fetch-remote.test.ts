import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  fetchRemote,
  fetchRemoteStream,
  RemoteFetchError,
  type RemoteFetchOptions,
  type RemoteFetchReason,
} from '../../../server/sandbox/net/fetch-remote.ts'
import { startLoopbackFileServer } from './loopback-file-server.ts'

let files: Awaited<ReturnType<typeof startLoopbackFileServer>>
beforeAll(async () => {
  files = await startLoopbackFileServer()
})
afterAll(async () => {
  await files.close()
})

const local: RemoteFetchOptions = { blockPrivate: false, maxBytes: 500, timeoutMs: 2_000 }

async function failure(promise: Promise<unknown>): Promise<RemoteFetchError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  )
  if (!(error instanceof RemoteFetchError)) throw new Error(`expected RemoteFetchError: ${error}`)
  return error
}

async function expectReason(promise: Promise<unknown>, reason: RemoteFetchReason) {
  expect((await failure(promise)).reason).toBe(reason)
}

/** Only 127.0.0.1 counts as allowed, so redirects and DNS can be checked on loopback alone. */
const only127001 = (ip: string) => ip === '127.0.0.1'

describe('fetchRemote', () => {
  it('fetches a loopback file when private addresses are allowed', async () => {
    const response = await fetchRemote(files.url('/ok'), local)
    expect(response).toMatchObject({
      status: 200,
      url: files.url('/ok'),
      contentType: 'text/plain; charset=utf-8',
      contentLength: 5,
    })
    expect(response.body.toString()).toBe('hello')
  })

  it('follows redirects, relative ones included, up to five', async () => {
    const redirected = await fetchRemote(files.url('/redirect'), local)
    expect(redirected.url).toBe(files.url('/ok'))
    expect(redirected.body.toString()).toBe('hello')

    const fiveHops = await fetchRemote(files.url('/chain/4'), local)
    expect(fiveHops.url).toBe(files.url('/ok'))
    const tooMany = await failure(fetchRemote(files.url('/chain/5'), local))
    expect(tooMany.reason).toBe('bad_status')
    expect(tooMany.message).toMatch(/redirects/)
    await expectReason(fetchRemote(files.url('/no-location'), local), 'bad_status')
  })

  it('refuses a body announced larger than maxBytes before reading it', async () => {
    let accepted = false
    const error = await failure(
      fetchRemote(files.url('/big-declared'), {
        ...local,
        accept: () => {
          accepted = true
          return null
        },
      }),
    )
    expect(error.reason).toBe('too_large')
    expect(accepted).toBe(false)
    const exact = await fetchRemote(files.url('/big-declared'), { ...local, maxBytes: 1000 })
    expect(exact.body).toHaveLength(1000)
  })

  it('aborts a body that streams past maxBytes', async () => {
    await expectReason(fetchRemote(files.url('/big-streamed'), local), 'too_large')
    const response = await fetchRemoteStream(files.url('/big-streamed'), local)
    expect(response.contentLength).toBeNull()
    const chunks: Buffer[] = []
    const streamed = new Promise<unknown>((resolve) => {
      response.stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.stream.on('error', resolve)
      response.stream.on('end', () => resolve(null))
    })
    expect(await streamed).toMatchObject({ reason: 'too_large' })
    expect(Buffer.concat(chunks).length).toBeLessThanOrEqual(500)
  })

  it('streams within limits and lets the caller read the head first', async () => {
    const response = await fetchRemoteStream(files.url('/big-streamed'), {
      ...local,
      maxBytes: 1000,
    })
    expect(response.status).toBe(200)
    expect(response.contentType).toBe('application/octet-stream')
    let total = 0
    for await (const chunk of response.stream) total += (chunk as Buffer).length
    expect(total).toBe(1000)
  })

  it('times out a server that never answers, and one that stalls mid-body', async () => {
    const started = Date.now()
    await expectReason(fetchRemote(files.url('/hang'), { ...local, timeoutMs: 300 }), 'timeout')
    await expectReason(
      fetchRemote(files.url('/slow-body'), { ...local, timeoutMs: 300 }),
      'timeout',
    )
    expect(Date.now() - started).toBeLessThan(3_000)
  })

  it('reports 404 as bad_status with the status', async () => {
    const error = await failure(fetchRemote(files.url('/missing'), local))
    expect(error).toMatchObject({ reason: 'bad_status', status: 404 })
  })

  it('reports a dropped connection as unreachable', async () => {
    await expectReason(fetchRemote(files.url('/truncated'), local), 'unreachable')
    await files.close()
    try {
      await expectReason(fetchRemote(files.url('/ok'), local), 'unreachable')
    } finally {
      files = await startLoopbackFileServer()
    }
  })

  it.each([
    'ftp://127.0.0.1/file',
    'file:///etc/passwd',
    'data:text/plain,hello',
    'javascript:alert(1)',
    'not a url',
  ])('refuses %s as bad_scheme', async (url) => {
    await expectReason(fetchRemote(url, local), 'bad_scheme')
  })

  it('lets the caller refuse a response by its head', async () => {
    const imagesOnly: RemoteFetchOptions['accept'] = ({ headers }) =>
      headers['content-type']?.startsWith('image/') ? null : 'not an image'
    const error = await failure(fetchRemote(files.url('/ok'), { ...local, accept: imagesOnly }))
    expect(error).toMatchObject({ reason: 'bad_status', message: 'not an image', status: 200 })
    const poster = await fetchRemote(files.url('/poster.png'), { ...local, accept: imagesOnly })
    expect(poster.body).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47]))
  })
})

describe('fetchRemote with blockPrivate', () => {
  const guarded: RemoteFetchOptions = { ...local, blockPrivate: true }

  it.each([
    (port: number) => `http://127.0.0.1:${port}/ok`,
    (port: number) => `http://localhost:${port}/ok`,
    (port: number) => `http://[::1]:${port}/ok`,
    (port: number) => `http://0.0.0.0:${port}/ok`,
    (port: number) => `http://[::ffff:127.0.0.1]:${port}/ok`,
    (port: number) => `http://2130706433:${port}/ok`,
    () => 'http://169.254.169.254/latest/meta-data/',
    () => 'http://10.0.0.1/',
  ])('refuses a non-public target (%#) before connecting', async (target) => {
    await expectReason(fetchRemote(target(files.port), guarded), 'blocked_address')
  })

  it('re-checks the address of every redirect target', async () => {
    const policy = { ...guarded, isAllowedAddress: only127001 }
    expect((await fetchRemote(files.url('/redirect'), policy)).body.toString()).toBe('hello')
    const toOtherLoopback = `http://127.0.0.2:${files.port}/ok`
    const error = await failure(
      fetchRemote(files.url(`/redirect-to?to=${encodeURIComponent(toOtherLoopback)}`), policy),
    )
    expect(error).toMatchObject({ reason: 'blocked_address', url: toOtherLoopback })
  })

  it('refuses a host when any of its addresses is non-public', async () => {
    const error = await failure(
      fetchRemote(`http://mixed.test:${files.port}/ok`, {
        ...guarded,
        isAllowedAddress: only127001,
        resolveHost: async () => [
          { address: '127.0.0.1', family: 4 },
          { address: '127.0.0.2', family: 4 },
        ],
      }),
    )
    expect(error.reason).toBe('blocked_address')
  })

  it('pins the connection to the vetted address so DNS rebinding cannot redirect it', async () => {
    const lookups: string[] = []
    // First answer is the vetted one; any later answer points somewhere the server is not.
    const rebinding = async (hostname: string) => {
      lookups.push(hostname)
      const address = lookups.length === 1 ? '127.0.0.1' : '127.0.0.2'
      return [{ address, family: 4 as const }]
    }
    const response = await fetchRemote(`http://rebind.test:${files.port}/ok`, {
      ...guarded,
      isAllowedAddress: only127001,
      resolveHost: rebinding,
    })
    expect(response.body.toString()).toBe('hello')
    expect(lookups).toEqual(['rebind.test'])
  })

  it('reports an unknown host as unreachable', async () => {
    await expectReason(
      fetchRemote('http://nowhere.test/', {
        ...guarded,
        resolveHost: async () => {
          throw Object.assign(new Error('getaddrinfo ENOTFOUND nowhere.test'), {
            code: 'ENOTFOUND',
          })
        },
      }),
      'unreachable',
    )
  })
})
