/**
 * Conformance harness: one per test file. It starts what the file needs (a media host, and unless
 * CONFORMANCE_BASE_URL names a real service, an in-process sandbox; see target.ts) and gives the
 * tests a client whose every answer is checked against the contract (service-client.ts).
 */
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll } from 'vitest'
import type { Product } from '@/api/generated/types.gen.ts'
import { type MediaHost, startMediaHost } from '../../support/conformance/media-host.ts'
import {
  startWebhookReceiver,
  type WebhookReceiver,
} from '../../support/conformance/webhook-receiver.ts'
import { discoverBusiness, listProducts, type World } from './business-world.ts'
import { createServiceClient, type ServiceClient } from './service-client.ts'
import { type ClientName, credentials, env, isSandbox } from './target.ts'

export type { Business, World } from './business-world.ts'
export { expectError, expectStatus, uniq, waitFor } from './expectations.ts'
export type { ApiResponse, Json, Query, RequestOptions } from './service-client.ts'
export { type ClientName, canServeMedia, isSandbox, POLL_MS, SLOW } from './target.ts'

export interface HarnessOptions {
  /** Start a webhook receiver and point the sandbox at it (sandbox only). */
  webhooks?: boolean
  rateLimit?: string
  tokenTtlSeconds?: number
  timeScale?: number
  seedVideos?: number
}

export interface Harness extends ServiceClient {
  readonly baseUrl: string
  readonly media: MediaHost
  readonly webhooks: WebhookReceiver
  credentials(client: ClientName): { id: string; secret: string }
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
  const leftovers: Array<{ path: string; client: ClientName }> = []
  const client = createServiceClient(() => baseUrl)

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
    for (const { path, client: owner } of leftovers.reverse()) {
      await client.api('DELETE', path, { token: await client.token(owner) }).catch(() => undefined)
    }
    await closeSandbox?.()
    await webhooks?.close()
    await media?.close()
    if (dataDir) await rm(dataDir, { recursive: true, force: true })
  })

  return {
    ...client,
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
    world() {
      worldPromise ??= (async () => ({
        main: await discoverBusiness(client, 'main'),
        solo: await discoverBusiness(client, 'solo'),
      }))()
      return worldPromise
    },
    cleanup(path, owner = 'main') {
      if (!isSandbox) leftovers.push({ path, client: owner })
    },
    products: (storeId, owner = 'main') => listProducts(client, storeId, owner),
  }
}
