/**
 * A sandbox for the tests of URL fetches (imports, posters, subtitles), a demo token, and one
 * of the demo business's channels and videos; plus a loopback host that serves files and
 * redirects, recording what it was asked for.
 */
import { readFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type SandboxOptions, startSandbox } from '../../../server/sandbox/start.ts'
import { makeMp4 } from '../../support/media/make-mp4.ts'

/** What the file host serves in these tests: a real poster, a subtitle track and a short video. */
export const poster = readFileSync(
  new URL('../../../server/sandbox/seed/media/poster-square.jpg', import.meta.url),
)
export const subtitle = 'WEBVTT\n\n00:00:00.000 --> 00:00:02.000\nHello\n'
export const clip = makeMp4({ durationSeconds: 5, totalBytes: 48 * 1024 })

export type Answer = { status: number; error: string | undefined; json: Record<string, unknown> }

export interface FetchingSandbox {
  channelId: string
  videoId: string
  api(method: string, path: string, json?: unknown): Promise<Answer>
  close(): Promise<void>
}

export async function startFetchingSandbox(options: SandboxOptions): Promise<FetchingSandbox> {
  const dataDir = await mkdtemp(join(tmpdir(), 'fetching-'))
  const sandbox = await startSandbox({
    port: 0,
    host: '127.0.0.1',
    db: ':memory:',
    dataDir,
    seed: 'demo',
    seedVideos: 20,
    timeScale: 1000,
    rateLimit: '100000/300',
    log: () => {},
    ...options,
  })
  const tokenResponse = await fetch(`${sandbox.url}/oauth/token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from('demo:demo-secret').toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: 'grant_type=client_credentials',
  })
  const { access_token: token } = (await tokenResponse.json()) as { access_token: string }
  const api = async (method: string, path: string, json?: unknown): Promise<Answer> => {
    const response = await fetch(`${sandbox.url}/api/v1${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(json === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: json === undefined ? undefined : JSON.stringify(json),
    })
    const text = await response.text()
    const body = (text ? JSON.parse(text) : {}) as Record<string, unknown>
    const error = typeof body.error === 'string' ? body.error : undefined
    return { status: response.status, error, json: body }
  }
  const channels = (await api('GET', '/channels')).json.channels as Array<{ id: string }>
  const channelId = channels[0]?.id ?? ''
  const videos = (await api('GET', `/videos?channel_id=${channelId}&page_size=1`)).json
    .videos as Array<{ id: string }>
  return {
    channelId,
    videoId: videos[0]?.id ?? '',
    api,
    async close() {
      await sandbox.close()
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}

export interface FileHost {
  port: number
  url(path: string): string
  file(path: string, body: Buffer | string, contentType: string): string
  redirect(path: string, location: string, status?: number): string
  /** Paths requested so far. */
  readonly requests: string[]
  close(): Promise<void>
}

export async function startFileHost(): Promise<FileHost> {
  const routes = new Map<string, (res: ServerResponse) => void>()
  const requests: string[] = []
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://host').pathname
    requests.push(path)
    const route = routes.get(path)
    if (route) route(res)
    else res.writeHead(404, { 'content-type': 'text/plain' }).end('not found')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  const url = (path: string) => `http://127.0.0.1:${port}${path}`
  return {
    port,
    url,
    file(path, body, contentType) {
      const bytes = typeof body === 'string' ? Buffer.from(body) : body
      routes.set(path, (res) =>
        res
          .writeHead(200, { 'content-type': contentType, 'content-length': bytes.length })
          .end(bytes),
      )
      return url(path)
    },
    redirect(path, location, status = 302) {
      routes.set(path, (res) => res.writeHead(status, { location }).end())
      return url(path)
    },
    requests,
    async close() {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

/** A loopback port nothing listens on (just released by the OS). */
export async function closedPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}

/** True when a message shows an IPv4 or IPv6 address, a port or a system error code. */
export const leaksAddress = (message: string) =>
  /\d{1,3}(\.\d{1,3}){3}|[0-9a-f]{0,4}(:[0-9a-f]{0,4}){2,}|:\d{1,5}\b/i.test(message) ||
  /\bE[A-Z]{3,}\b/.test(message)
