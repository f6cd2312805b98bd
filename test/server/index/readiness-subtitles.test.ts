/**
 * Readiness asks the service for subtitles (the index does not keep them) with a small pool, at
 * most 10 videos at once, and keeps each answer a minute: a webhook about the video, or a
 * subtitle added or deleted through the dashboard, has it asked again sooner.
 */
import { beforeAll, expect, it } from 'vitest'
import type { ServiceReader } from '../../../server/dashboard/forwarding/service-client.ts'
import { ownWritesObserver } from '../../../server/dashboard/index/own-writes.ts'
import { readinessOf, saveReadinessSettings } from '../../../server/dashboard/index/readiness.ts'
import { createSubtitleChecks } from '../../../server/dashboard/index/subtitle-checks.ts'
import type { Subtitle } from '../../../src/api/generated/types.gen.ts'
import { indexedSandbox } from './index-sandbox.ts'

const running = indexedSandbox(30)
let ids: string[]

beforeAll(async () => {
  await saveReadinessSettings(running.opened.db, { required: ['subtitles'] }, 'admin@example.com')
  ids = (await running.env.serviceVideos(running.channel)).map((video) => video.id)
})

/** The index's reader, noting each subtitle list it asks for and how many were asked at once. */
function watchedReader() {
  const asked: string[] = []
  let inFlight = 0
  let most = 0
  const reader: ServiceReader = {
    async get(path) {
      asked.push(path)
      inFlight++
      most = Math.max(most, inFlight)
      try {
        return await running.opened.reader.get(path)
      } finally {
        inFlight--
      }
    },
    get requests() {
      return asked.length
    },
  }
  return { reader, asked, most: () => most }
}

const cue = 'WEBVTT\n\n00:00:00.000 --> 00:00:01.000\nHello\n'
const problemsOf = (readiness: Awaited<ReturnType<typeof readinessOf>>, id: string) =>
  readiness.videos.find((video) => video.video_id === id)?.problems.map((each) => each.check)

it("asks for at most 10 videos' subtitles at once, and not again within a minute", async () => {
  expect(ids.length).toBeGreaterThan(20)
  const { reader, asked, most } = watchedReader()
  const subtitles = createSubtitleChecks({ reader, changes: running.opened.index.changes })
  const first = await readinessOf(running.opened.db, subtitles, ids)
  expect(asked).toHaveLength(ids.length)
  expect(most()).toBeLessThanOrEqual(10)
  expect(most()).toBeGreaterThan(1)
  expect(await readinessOf(running.opened.db, subtitles, ids)).toEqual(first)
  expect(asked).toHaveLength(ids.length)
})

it('asks again after a webhook about the video, a subtitle added or deleted through the dashboard, or a minute', async () => {
  const [a, b, c] = ids as [string, string, string]
  let now = Date.now()
  const { reader, asked } = watchedReader()
  const subtitles = createSubtitleChecks({
    reader,
    changes: running.opened.index.changes,
    now: () => now,
  })
  const ready = () => readinessOf(running.opened.db, subtitles, [a, b, c])
  expect(problemsOf(await ready(), a)).toEqual(['subtitles'])
  expect(asked).toHaveLength(3)

  // Added elsewhere: the webhook that follows names the video.
  await running.env.call('POST', `/videos/${a}/subtitles`, { language: 'en', content: cue })
  await running.opened.index.applyEvent(
    await running.env.eventFor(a, Math.floor(Date.now() / 1000)),
  )
  await running.opened.index.settled()
  expect(problemsOf(await ready(), a)).toEqual([])
  expect(asked).toHaveLength(4)

  // Added, then deleted, through the dashboard: the forwarder shows the index each answer.
  const observer = ownWritesObserver(running.opened.db, () => {}, running.opened.index.changes)
  const added = await running.env.call<Subtitle>('POST', `/videos/${b}/subtitles`, {
    language: 'en',
    content: cue,
  })
  observer.seen('POST', `/api/v1/videos/${b}/subtitles`, Buffer.from(JSON.stringify(added)), now)
  expect(problemsOf(await ready(), b)).toEqual([])
  expect(asked).toHaveLength(5)
  await running.env.call('DELETE', `/videos/${b}/subtitles/${added.id}`)
  observer.seen('DELETE', `/api/v1/videos/${b}/subtitles/${added.id}`, Buffer.alloc(0), now)
  expect(problemsOf(await ready(), b)).toEqual(['subtitles'])
  expect(asked).toHaveLength(6)

  now += 61_000
  await ready()
  expect(asked).toHaveLength(9)
})
