/**
 * The review queue asks the service about a channel only when the channel exists: one the index
 * does not hold and the service's channel list does not name is answered as unknown without a
 * request per ask, and what the queue keeps per channel (whether the service honours
 * `has_pending_matches`) is bounded in number and age.
 */
import { expect, it } from 'vitest'
import type { ServiceReader } from '../../../server/dashboard/forwarding/service-client.ts'
import { createReviewQueue } from '../../../server/dashboard/index/review-queue.ts'
import { indexedSandbox } from './index-sandbox.ts'

const running = indexedSandbox(20)

/** The index's reader, counting what it asks, and how often it probes the filter. */
function countingReader() {
  const asked: string[] = []
  const reader: ServiceReader = {
    get: (path) => {
      asked.push(path)
      return running.opened.reader.get(path)
    },
    get requests() {
      return asked.length
    },
  }
  const probes = () => asked.filter((path) => path.includes('page_size=1&')).length
  return { reader, asked, probes }
}

it('answers channels that neither the index nor the service names without asking the service each time', async () => {
  const { reader, asked } = countingReader()
  const queue = createReviewQueue({ db: running.opened.db, reader, log: () => {} })
  for (let n = 0; n < 300; n++) expect(await queue.videos(`Unknown${n}x`)).toBeNull()
  expect(asked.length).toBeLessThanOrEqual(1)
  expect(await queue.videos(running.channel)).toMatchObject({ videos: expect.any(Array) })
})

it('knows a channel the service lists that the index holds no video of', async () => {
  const { reader } = countingReader()
  const queue = createReviewQueue({ db: running.opened.db, reader, log: () => {} })
  const other = running.channels[1] as string
  await running.opened.db.deleteFrom('indexed_videos').where('channel_id', '=', other).execute()
  expect(await queue.videos(other)).toEqual({ filter: expect.any(Boolean), videos: [] })
})

it('probes a channel again once its answer is old, and keeps answers for a bounded number of channels', async () => {
  const { reader, probes } = countingReader()
  let now = Date.now()
  const queue = createReviewQueue({
    db: running.opened.db,
    reader,
    log: () => {},
    probes: { maxChannels: 1, maxAgeMs: 60_000 },
    now: () => now,
  })
  const [first, second] = running.channels as [string, string]
  // Each ask comes after the few seconds within which the service is not asked again at all.
  const ask = async (channel: string, after = 5_000) => {
    now += after
    await queue.videos(channel)
  }
  await ask(first)
  await ask(first)
  expect(probes()).toBe(2)
  // A second channel takes the only place: the first is probed again when next asked about.
  await ask(second)
  expect(probes()).toBe(4)
  await ask(first)
  expect(probes()).toBe(6)
  await ask(first, 61_000)
  expect(probes()).toBe(8)
})

it("without the index, asks the service's filter about a channel it lists, and nothing about one it does not", async () => {
  const { reader, asked } = countingReader()
  const queue = createReviewQueue({ db: running.opened.db, reader, log: () => {}, indexed: false })
  expect(await queue.videos(running.channel)).toMatchObject({ filter: true })
  const before = asked.length
  for (let n = 0; n < 50; n++) expect(await queue.videos(`Unknown${n}x`)).toBeNull()
  expect(asked.length).toBe(before)
})
