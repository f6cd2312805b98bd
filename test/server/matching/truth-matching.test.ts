/**
 * Matching jobs started through the API on seeded videos suggest from the truth model (issue
 * 36), and a benchmark can read the truth of the running sandbox from its database file.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { ProductMatchList, Video } from '@/api/generated/types.gen.ts'
import type { Db } from '../../../server/sandbox/db/open.ts'
import { truthMatcher } from '../../../server/sandbox/matching/truth-matches.ts'
import { openTruth } from '../../../server/sandbox/seed/truth.ts'
import { type FetchingSandbox, startFetchingSandbox } from '../sandbox/fetching-sandbox.ts'
import { waitUntil } from '../wait-until.ts'

let dir: string
let sandbox: FetchingSandbox
let file: Db
let truth: ReturnType<typeof openTruth>

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'truth-matching-'))
  sandbox = await startFetchingSandbox({ db: join(dir, 'sandbox.db'), seedVideos: 60 })
  file = new Database(join(dir, 'sandbox.db'), { readonly: true })
  truth = openTruth(join(dir, 'sandbox.db'))
})
afterAll(async () => {
  truth.close()
  file.close()
  await sandbox.close()
  await rm(dir, { recursive: true, force: true })
})

/** Seeded approved videos of the demo business no matching job has run on. */
const unmatchedSeededVideos = () =>
  file
    .prepare(
      `SELECT v.id, v.public_id AS publicId, v.business_id AS business FROM videos v
       WHERE v.status = 'approved' AND v.channel_id = (SELECT id FROM channels WHERE username = 'aurora')
         AND NOT EXISTS (SELECT 1 FROM matching_jobs j WHERE j.video_id = v.id) ORDER BY v.id`,
    )
    .all() as Array<{ id: number; publicId: string; business: number }>

const publicProductId = (id: number) =>
  (file.prepare('SELECT public_id AS id FROM products WHERE id = ?').get(id) as { id: string }).id

async function matchOnce(videoId: string, autoAccept = false): Promise<ProductMatchList> {
  const started = await sandbox.api('POST', `/videos/${videoId}/product_matches`, {
    auto_accept: autoAccept,
  })
  expect(started.status).toBe(202)
  let list: ProductMatchList | undefined
  await waitUntil(async () => {
    list = (await sandbox.api('GET', `/videos/${videoId}/product_matches`))
      .json as unknown as ProductMatchList
    return list.status === 'completed'
  }, 'the matching job to complete')
  return list as ProductMatchList
}

const suggested = (list: ProductMatchList) =>
  list.matches.map((match) => ({ product: match.product.id, score: match.matching_score }))

it('a new job on a seeded video suggests what the truth model gives, the same every time', async () => {
  const [video] = unmatchedSeededVideos()
  if (!video) throw new Error('the seed left no unmatched approved video')
  const expected = (truthMatcher(file, video.business)(video.id) ?? []).map((s) => ({
    product: publicProductId(s.productId),
    score: s.score,
  }))
  expect(expected.length).toBeGreaterThan(0)

  const first = await matchOnce(video.publicId)
  expect(suggested(first)).toEqual(expected)
  expect(first.matches.every((match) => match.status === 'pending')).toBe(true)
  const shown = truth.readTruth().get(video.publicId)
  expect(first.matches.some((match) => shown?.has(match.product.id))).toBe(true)
  for (const match of first.matches)
    expect(truth.isTrue(video.publicId, match.product.id)).toBe(shown?.has(match.product.id))

  expect(suggested(await matchOnce(video.publicId))).toEqual(expected)
})

it('auto_accept on a seeded video accepts every suggestion and tags its products', async () => {
  const video = unmatchedSeededVideos()[1]
  if (!video) throw new Error('the seed left no second unmatched approved video')
  const done = await matchOnce(video.publicId, true)
  expect(done.matches.length).toBeGreaterThan(0)
  expect(done.matches.every((match) => match.status === 'accepted')).toBe(true)
  const tagged = (await sandbox.api('GET', `/videos/${video.publicId}`)).json as unknown as Video
  expect(tagged.product_ids).toEqual(
    expect.arrayContaining(done.matches.map((match) => match.product.id)),
  )
})

it("reads the running sandbox's truth from its file: every seeded video shows something", () => {
  const videos = file.prepare('SELECT public_id AS id FROM videos').all() as Array<{ id: string }>
  const all = truth.readTruth()
  expect(videos.length).toBeGreaterThan(60)
  for (const { id } of videos) expect(all.get(id)?.size ?? 0).toBeGreaterThan(0)
})
