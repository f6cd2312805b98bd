/**
 * Repeated reads of the index are cheap: identical reads at once share one read of the
 * database, and the home page's summary is kept until the index changes (a webhook applied, a
 * write made through the dashboard), then read again.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { KyselyPlugin } from 'kysely'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { DashboardDb } from '../../../server/dashboard/db/database.ts'
import { createIndexRoutes } from '../../../server/dashboard/index/index-routes.ts'
import { ownWritesObserver } from '../../../server/dashboard/index/own-writes.ts'
import type { Video } from '../../../src/api/generated/types.gen.ts'
import { waitUntil } from '../wait-until.ts'
import { indexedSandbox } from './index-sandbox.ts'

const running = indexedSandbox(30)

/** The index's answers over HTTP from fresh routes whose reads are counted. */
async function countedRoutes() {
  let queries = 0
  const counter: KyselyPlugin = {
    transformQuery: (args) => args.node,
    transformResult: async (args) => {
      queries++
      return args.result
    },
  }
  const reads: DashboardDb = running.opened.db.withPlugin(counter)
  const routes = createIndexRoutes(running.opened.db, running.opened.index, running.opened.reader, {
    reads,
    summaryMaxAgeMs: 60 * 60_000,
  })
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://index.test')
    void routes.summary(req, res, url)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  servers.push(server)
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    queries: () => queries,
    summary: async () => {
      const response = await fetch(`${base}/summary?channel_id=${running.channel}`)
      expect(response.status).toBe(200)
      return (await response.json()) as { states: Record<string, number> }
    },
  }
}

const servers: Server[] = []
let draft: string
beforeAll(async () => {
  const drafts = await running.env.call<{ videos: { id: string; published_at: string | null }[] }>(
    'GET',
    `/videos?channel_id=${running.channel}&published=false&page_size=100&fields=published_at`,
  )
  draft = drafts.videos.find((video) => !video.published_at)?.id as string
  expect(draft).toBeDefined()
})
afterAll(async () => {
  for (const server of servers) await new Promise((resolve) => server.close(resolve))
})

it('reads the database once for a dozen identical summary reads at once', async () => {
  const one = await countedRoutes()
  const alone = await one.summary()
  const perRead = one.queries()
  expect(perRead).toBeGreaterThan(0)

  const many = await countedRoutes()
  const answers = await Promise.all(Array.from({ length: 12 }, () => many.summary()))
  expect(many.queries()).toBe(perRead)
  for (const answer of answers) expect(answer.states).toEqual(alone.states)
})

it('serves the summary from its cache until a webhook, then a write made through the dashboard, changes the index', async () => {
  const routes = await countedRoutes()
  const before = await routes.summary()
  const read = routes.queries()
  expect((await routes.summary()).states).toEqual(before.states)
  expect(routes.queries()).toBe(read)

  // Published at the service; the index hears of it by webhook (and the read that follows it).
  await running.env.call('POST', `/videos/${draft}/publish`)
  await running.opened.index.applyEvent(
    await running.env.eventFor(draft, Math.floor(Date.now() / 1000)),
  )
  await running.opened.index.settled()
  const published = await routes.summary()
  expect(routes.queries()).toBeGreaterThan(read)
  expect(published.states.live).toBe((before.states.live ?? 0) + 1)
  expect(published.states.draft).toBe((before.states.draft ?? 0) - 1)
  const reread = routes.queries()
  await routes.summary()
  expect(routes.queries()).toBe(reread)

  // Unpublished through the dashboard: the forwarder shows the index the service's answer.
  const video = await running.env.call<Video>('POST', `/videos/${draft}/unpublish`)
  ownWritesObserver(running.opened.db, () => {}, running.opened.index.changes).seen(
    'POST',
    `/api/v1/videos/${draft}/unpublish`,
    Buffer.from(JSON.stringify(video)),
    Date.now(),
  )
  await waitUntil(
    async () => (await routes.summary()).states.live === before.states.live,
    'the summary to count the video unpublished',
  )
  expect((await routes.summary()).states).toEqual(before.states)
})
