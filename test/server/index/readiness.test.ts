/**
 * Readiness from the index: what the team's required checks find on a video before it goes live,
 * with the team's setting deciding which checks count (all but subtitles until it is saved).
 */
import { afterAll, beforeAll, expect, it } from 'vitest'
import {
  readinessOf,
  readinessSettings,
  saveReadinessSettings,
} from '../../../server/dashboard/index/readiness.ts'
import type { ChannelList } from '../../../src/api/generated/types.gen.ts'
import { startIndexSandbox } from './index-sandbox.ts'

let env: Awaited<ReturnType<typeof startIndexSandbox>>
let opened: Awaited<ReturnType<typeof env.openIndex>>
let videoId: string

beforeAll(async () => {
  env = await startIndexSandbox(30)
  opened = await env.openIndex()
  const channel = (await env.call<ChannelList>('GET', '/channels')).channels[0]?.id as string
  videoId = (await env.serviceVideos(channel))[0]?.id as string
  await env.call('PATCH', `/videos/${videoId}`, { caption: '', product_ids: [] })
  await opened.index.runPass()
}, 60_000)

afterAll(async () => {
  await opened?.index.stop()
  await opened?.db.destroy()
  await env?.close()
})

it('finds an empty caption and no product among the checks required by default', async () => {
  expect(await readinessSettings(opened.db)).toEqual({
    required: ['caption', 'product', 'broken_tag', 'poster'],
  })
  const { videos } = await readinessOf(opened.db, opened.reader, [videoId])
  expect(videos[0]?.problems.map((problem) => problem.check)).toEqual(
    expect.arrayContaining(['caption', 'product']),
  )
  expect(videos[0]?.problems.find((p) => p.check === 'product')?.message).toBe(
    'No product is tagged: it sells nothing.',
  )
})

it('asks only what the team requires, subtitles included when it does', async () => {
  await saveReadinessSettings(opened.db, { required: ['subtitles'] }, 'admin@example.com')
  const { required, videos } = await readinessOf(opened.db, opened.reader, [videoId])
  expect(required).toEqual(['subtitles'])
  expect(videos[0]?.problems).toEqual([{ check: 'subtitles', message: 'It has no subtitles.' }])
  await saveReadinessSettings(opened.db, { required: [] }, 'admin@example.com')
  expect((await readinessOf(opened.db, opened.reader, [videoId])).videos[0]?.problems).toEqual([])
})
