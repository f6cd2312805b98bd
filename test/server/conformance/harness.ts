/**
 * Conformance harness: runs the HTTP suite against any base URL, or by default against an
 * in-process sandbox started once per test file.
 *
 * Real service:  CONFORMANCE_BASE_URL, CONFORMANCE_CLIENT_ID, CONFORMANCE_CLIENT_SECRET (a business
 * with at least two channels, a store, content_download and a matching quota) and
 * CONFORMANCE_SOLO_CLIENT_ID, CONFORMANCE_SOLO_CLIENT_SECRET (a business with exactly one channel).
 * Tests that fetch URLs served by the test itself (imports, posters, subtitle URLs) need
 * CONFORMANCE_MEDIA_PUBLIC_URL: a public address forwarded to CONFORMANCE_MEDIA_PORT on this
 * machine. Webhook tests and those needing sandbox controls run against the sandbox only.
 * CONFORMANCE_POLL_MS sets the polling interval for background work (default 5 s, sandbox 50 ms).
 * Against a real service run the files one at a time (`--no-file-parallelism`): they share data.
 */
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect } from 'vitest'
import type {
  BusinessStoreList,
  BusinessStoreListItem,
  Channel,
  ChannelList,
  Product,
  ProductList,
} from '../../../src/api/generated/types.gen.ts'
import { type MediaHost, startMediaHost } from '../../support/conformance/media-host.ts'
import {
  startWebhookReceiver,
  type WebhookReceiver,
} from '../../support/conformance/webhook-receiver.ts'

const env = process.env

/** True when the suite runs against an in-process sandbox (no CONFORMANCE_BASE_URL). */
export const isSandbox = !env.CONFORMANCE_BASE_URL
/** True when the service under test can fetch URLs served by the test (media host). */
export const canServeMedia = isSandbox || Boolean(env.CONFORMANCE_MEDIA_PUBLIC_URL)
/** Timeout for tests that wait on background work (processing, matching, imports). */
export const SLOW = isSandbox ? 60_000 : 30 * 60_000
/** Interval between polls of background work (CONFORMANCE_POLL_MS overrides). */
export const POLL_MS = Number(env.CONFORMANCE_POLL_MS) || (isSandbox ? 50 : 5_000)

export type ClientName = 'main' | 'solo'
export type Query = Record<string, string | number | boolean | undefined | null>

/** Response bodies are untyped JSON; callers narrow them with the generated types. */
// biome-ignore lint/suspicious/noExplicitAny: JSON bodies are checked by the assertions
export type Json = any

export interface ApiResponse<T = Json> {
  status: number
  headers: Headers
  json: T
  text: string
}

export interface RequestOptions {
  /** Bearer token; undefined uses the main client's full token, null sends no header. */
  token?: string | null
  json?: unknown
  form?: Record<string, string>
  /** Raw body (multipart FormData, a string, bytes); set Content-Type in headers if needed. */
  body?: FormData | string
  headers?: Record<string, string>
  query?: Query
}

export interface HarnessOptions {
  /** Start a webhook receiver and point the sandbox at it (sandbox only). */
  webhooks?: boolean
  rateLimit?: string
  tokenTtlSeconds?: number
  timeScale?: number
  seedVideos?: number
}

export interface Business {
  businessId: string
  channels: Channel[]
  stores: BusinessStoreListItem[]
}

export interface World {
  main: Business
  solo: Business
}

export interface Harness {
  readonly baseUrl: string
  readonly media: MediaHost
  readonly webhooks: WebhookReceiver
  credentials(client: ClientName): { id: string; secret: string }
  token(client?: ClientName, scopes?: string[]): Promise<string>
  /** Raw POST /oauth/token with a form body and optional extra headers. */
  tokenRequest(form: Record<string, string>, headers?: Record<string, string>): Promise<ApiResponse>
  api<T = Json>(method: string, path: string, options?: RequestOptions): Promise<ApiResponse<T>>
  /** Absolute URL for a `links.next`/`prev` value, followed verbatim. */
  resolve(link: string): string
  world(): Promise<World>
  /** Deletes the resource at `path` after the file's tests, against a real service only. */
  cleanup(path: string, client?: ClientName): void
  products(storeId: string, client?: ClientName): Promise<Product[]>
}

const DEFAULT_RATE_LIMIT = '100000/300'

/**
 * Registers beforeAll/afterAll hooks in the calling scope and returns the harness. Call it at
 * the top of a test file (or inside a describe for a dedicated sandbox).
 */
export function setUpHarness(options: HarnessOptions = {}): Harness {
  let baseUrl = ''
  let media: MediaHost | undefined
  let webhooks: WebhookReceiver | undefined
  let closeSandbox: (() => Promise<void>) | undefined
  let dataDir: string | undefined
  let worldPromise: Promise<World> | undefined
  const tokens = new Map<string, { token: string; expiresAt: number }>()
  const leftovers: Array<{ path: string; client: ClientName }> = []
  const sandboxCredentials = {
    main: { id: 'demo', secret: 'demo-secret' },
    solo: { id: 'solo', secret: 'solo-secret' },
  }

  beforeAll(async () => {
    media = await startMediaHost({
      publicUrl: env.CONFORMANCE_MEDIA_PUBLIC_URL,
      port: env.CONFORMANCE_MEDIA_PUBLIC_URL ? Number(env.CONFORMANCE_MEDIA_PORT ?? 0) : 0,
    })
    if (!isSandbox) {
      baseUrl = (env.CONFORMANCE_BASE_URL ?? '').replace(/\/+$/, '')
      return
    }
    const secret = `whsec_${randomBytes(12).toString('hex')}`
    if (options.webhooks) webhooks = await startWebhookReceiver(secret)
    dataDir = await mkdtemp(join(tmpdir(), 'conformance-'))
    const { startSandbox } = await import('../../../server/sandbox/start.ts')
    const sandbox = await startSandbox({
      port: 0,
      host: '127.0.0.1',
      db: ':memory:',
      seed: 'demo',
      seedVideos: options.seedVideos ?? 60,
      dataDir,
      timeScale: options.timeScale ?? 1000,
      rateLimit: options.rateLimit ?? DEFAULT_RATE_LIMIT,
      blockPrivateUrls: false,
      ...(options.tokenTtlSeconds ? { tokenTtlSeconds: options.tokenTtlSeconds } : {}),
      ...(webhooks ? { webhookUrl: webhooks.url, webhookSecret: secret } : {}),
    })
    baseUrl = sandbox.url.replace(/\/+$/, '')
    closeSandbox = () => sandbox.close()
  })

  afterAll(async () => {
    for (const { path, client } of leftovers.reverse()) {
      await api('DELETE', path, { token: await token(client) }).catch(() => undefined)
    }
    await closeSandbox?.()
    await webhooks?.close()
    await media?.close()
    if (dataDir) await rm(dataDir, { recursive: true, force: true })
  })

  function credentials(client: ClientName) {
    if (isSandbox) return sandboxCredentials[client]
    const prefix = client === 'main' ? 'CONFORMANCE_CLIENT' : 'CONFORMANCE_SOLO_CLIENT'
    const id = env[`${prefix}_ID`]
    const secret = env[`${prefix}_SECRET`]
    if (!id || !secret) throw new Error(`${prefix}_ID and ${prefix}_SECRET must be set`)
    return { id, secret }
  }

  function resolve(link: string): string {
    if (/^https?:\/\//.test(link)) return link
    const base = new URL(`${baseUrl}/`)
    const prefix = base.pathname.replace(/\/+$/, '')
    if (prefix && !link.startsWith(`${prefix}/`)) return `${baseUrl}${link}`
    return new URL(link, base.origin).toString()
  }

  async function request<T>(method: string, url: string, init: RequestOptions) {
    const headers: Record<string, string> = { ...init.headers }
    let body: FormData | string | undefined = init.body
    if (init.json !== undefined) {
      body = JSON.stringify(init.json)
      headers['content-type'] ??= 'application/json'
    } else if (init.form) {
      body = new URLSearchParams(init.form).toString()
      headers['content-type'] ??= 'application/x-www-form-urlencoded'
    }
    const res = await fetch(url, { method, headers, body, redirect: 'manual' })
    const text = await res.text()
    let json: Json
    try {
      json = text ? JSON.parse(text) : undefined
    } catch {
      json = undefined
    }
    return { status: res.status, headers: res.headers, json: json as T, text }
  }

  async function tokenRequest(form: Record<string, string>, headers: Record<string, string> = {}) {
    return request<Json>('POST', `${baseUrl}/oauth/token`, { form, headers })
  }

  async function token(client: ClientName = 'main', scopes?: string[]): Promise<string> {
    const key = `${client} ${scopes ? [...scopes].sort().join(' ') : '*'}`
    const cached = tokens.get(key)
    if (cached && cached.expiresAt > Date.now() + 5_000) return cached.token
    const { id, secret } = credentials(client)
    const form: Record<string, string> = { grant_type: 'client_credentials' }
    if (scopes) form.scope = scopes.join(' ')
    const basic = Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`)
    const res = await tokenRequest(form, { authorization: `Basic ${basic.toString('base64')}` })
    if (res.status !== 200) throw new Error(`token for ${key}: ${res.status} ${res.text}`)
    const expiresIn = Number(res.json.expires_in ?? 60)
    tokens.set(key, { token: res.json.access_token, expiresAt: Date.now() + expiresIn * 1000 })
    return res.json.access_token
  }

  async function api<T = Json>(method: string, path: string, init: RequestOptions = {}) {
    const url = new URL(path.startsWith('http') ? path : `${baseUrl}${path}`)
    for (const [name, value] of Object.entries(init.query ?? {})) {
      if (value !== undefined && value !== null) url.searchParams.set(name, String(value))
    }
    const bearer = init.token === undefined ? await token('main') : init.token
    const headers = { ...init.headers }
    if (bearer !== null) headers.authorization ??= `Bearer ${bearer}`
    return request<T>(method, url.toString(), { ...init, headers })
  }

  async function listAll<T>(path: string, key: string, client: ClientName, query: Query = {}) {
    const auth = await token(client)
    const items: T[] = []
    let res = await api<Json>('GET', path, { token: auth, query: { ...query, page_size: 100 } })
    for (;;) {
      if (res.status !== 200) throw new Error(`GET ${path}: ${res.status} ${res.text}`)
      items.push(...(res.json[key] as T[]))
      const next: string | null | undefined = res.json.links?.next
      if (!next) return items
      res = await api<Json>('GET', resolve(next), { token: auth })
    }
  }

  async function discover(client: ClientName): Promise<Business> {
    const auth = await token(client)
    const channels = await api<ChannelList>('GET', '/api/v1/channels', { token: auth })
    if (channels.status !== 200) throw new Error(`GET channels: ${channels.status}`)
    const first = channels.json.channels[0]
    if (!first) throw new Error(`${client} client has no channel`)
    const stores = await listAll<BusinessStoreList['stores'][number]>(
      '/api/v1/business_stores',
      'stores',
      client,
    )
    return { businessId: first.business_id, channels: channels.json.channels, stores }
  }

  async function products(storeId: string, client: ClientName = 'main') {
    return listAll<ProductList['products'][number]>('/api/v1/products', 'products', client, {
      business_store_id: storeId,
    })
  }

  return {
    get baseUrl() {
      return baseUrl
    },
    get media() {
      if (!media) throw new Error('harness not started')
      return media
    },
    get webhooks() {
      if (!webhooks) throw new Error('this file did not ask for webhooks (sandbox only)')
      return webhooks
    },
    credentials,
    token,
    tokenRequest,
    api,
    resolve,
    world() {
      worldPromise ??= (async () => ({
        main: await discover('main'),
        solo: await discover('solo'),
      }))()
      return worldPromise
    },
    cleanup(path, client = 'main') {
      if (!isSandbox) leftovers.push({ path, client })
    },
    products,
  }
}

/** Asserts an error status (one or any of several) and an `{error: string}` body. */
export function expectError(res: ApiResponse, status: number | number[]): void {
  const allowed = Array.isArray(status) ? status : [status]
  expect(allowed, `status ${res.status}: ${res.text.slice(0, 300)}`).toContain(res.status)
  expect(typeof res.json?.error, `error body: ${res.text.slice(0, 300)}`).toBe('string')
  expect(res.json.error.length).toBeGreaterThan(0)
}

/** Asserts a status, showing the body when it differs. */
export function expectStatus(res: ApiResponse, status: number): void {
  expect(res.status, `${res.text.slice(0, 500)}`).toBe(status)
}

/** A token unique to this run, safe inside captions, names and hashtags. */
export function uniq(prefix = 'cf'): string {
  return `${prefix}${Date.now().toString(36)}${randomBytes(3).toString('hex')}`
}

/** Polls `probe` until it returns a value other than undefined. */
export async function waitFor<T>(
  probe: () => Promise<T | undefined>,
  what: string,
  timeoutMs = SLOW - 5_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await probe()
    if (value !== undefined) return value
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, POLL_MS))
  }
}
