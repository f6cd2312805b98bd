import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll } from 'vitest'
import { openDashboardDb } from '../../../server/dashboard/db/database.ts'
import { createServiceClient } from '../../../server/dashboard/forwarding/service-client.ts'
import { createServiceTokens } from '../../../server/dashboard/forwarding/service-tokens.ts'
import { createMerchIndex } from '../../../server/dashboard/index/merch-index.ts'
import { createSubtitleChecks } from '../../../server/dashboard/index/subtitle-checks.ts'
import { webhookSnapshot } from '../../../server/sandbox/events.ts'
import { startSandbox } from '../../../server/sandbox/start.ts'
import type {
  ChannelList,
  SparseVideo,
  Video,
  VideoEvent,
} from '../../../src/api/generated/types.gen.ts'
import { waitUntil } from '../wait-until.ts'

/**
 * A sandbox seeded with demo videos and products (its own webhooks off: tests send the events
 * they mean to), a dashboard database on a file, and a way to read and change the service as an
 * API client would.
 */
export async function startIndexSandbox(seedVideos = 80) {
  const dir = await mkdtemp(join(tmpdir(), 'index-'))
  const sandbox = await startSandbox({
    port: 0,
    host: '127.0.0.1',
    db: join(dir, 'sandbox.db'),
    dataDir: dir,
    seed: 'demo',
    seedVideos,
    timeScale: 1000,
    log: () => {},
  })
  const tokens = createServiceTokens(
    { baseUrl: sandbox.url, clientId: 'demo', clientSecret: 'demo-secret' },
    { timeoutMs: 10_000 },
  )
  const dbFile = join(dir, 'dashboard.db')
  const openIndex = async () => {
    const db = await openDashboardDb({ sqlitePath: dbFile })
    const reader = createServiceClient(sandbox.url, tokens)
    const index = createMerchIndex({ db, reader, log: () => {} })
    const subtitles = createSubtitleChecks({ reader, changes: index.changes })
    return { db, reader, index, subtitles }
  }

  async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await fetch(`${sandbox.url}/api/v1${path}`, {
      method,
      headers: {
        authorization: `Bearer ${await tokens.current()}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    if (!response.ok)
      throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`)
    return (response.status === 204 ? null : await response.json()) as T
  }

  /** Every video of a channel as the service lists it (archived ones too). */
  async function serviceVideos(channelId: string) {
    const all: SparseVideo[] = []
    for (const archived of ['false', 'true']) {
      let after = ''
      for (;;) {
        const page = await call<{ videos: SparseVideo[]; pagination: { cursor: string | null } }>(
          'GET',
          `/videos?channel_id=${channelId}&archived=${archived}&page_size=100&fields=product_ids,variant_ids,caption${after}`,
        )
        all.push(...page.videos)
        if (!page.pagination.cursor) break
        after = `&before=${page.pagination.cursor}`
      }
    }
    return all
  }

  /** The webhook the service sends for a video as it is now, dated `created` (Unix seconds). */
  async function eventFor(videoId: string, created: number): Promise<VideoEvent> {
    const video = await call<Video>('GET', `/videos/${videoId}`)
    return {
      event_type: 'video_updated',
      version: '2023-06-06',
      created,
      business_id: 'b',
      data: webhookSnapshot(video, 'approved'),
    }
  }

  return {
    url: sandbox.url,
    openIndex,
    call,
    serviceVideos,
    eventFor,
    async close() {
      await sandbox.close()
      await rm(dir, { recursive: true, force: true })
    },
  }
}

type IndexSandbox = Awaited<ReturnType<typeof startIndexSandbox>>

/**
 * For a test file: a sandbox and an index over it, filled by a backfill before the file's tests
 * (after `prepare` has changed what it needs at the service), closed after them.
 */
export function indexedSandbox(
  seedVideos: number,
  prepare?: (env: IndexSandbox, channel: string) => Promise<void>,
) {
  const running = {
    /**
     * Resolves once the clock is in a later second than the index's news of the video, so that
     * a webhook made now is newer than it (a webhook's whole second could not tell otherwise).
     */
    async pastNewsOf(videoId: string) {
      const row = await running.opened.db
        .selectFrom('indexed_videos')
        .select('source_at')
        .where('id', '=', videoId)
        .executeTakeFirst()
      const second = Math.floor((row?.source_at ?? 0) / 1000)
      await waitUntil(() => Math.floor(Date.now() / 1000) > second, 'the next second', {
        intervalMs: 20,
      })
    },
  } as {
    env: IndexSandbox
    opened: Awaited<ReturnType<IndexSandbox['openIndex']>>
    channels: string[]
    channel: string
    pastNewsOf(videoId: string): Promise<void>
  }
  beforeAll(async () => {
    running.env = await startIndexSandbox(seedVideos)
    running.opened = await running.env.openIndex()
    const { channels } = await running.env.call<ChannelList>('GET', '/channels')
    running.channels = channels.map((channel) => channel.id)
    running.channel = running.channels[0] as string
    await prepare?.(running.env, running.channel)
    await running.opened.index.runPass()
  }, 60_000)
  afterAll(async () => {
    await running.opened?.index.stop()
    await running.opened?.db.destroy()
    await running.env?.close()
  })
  return running
}
