/**
 * Readiness from the index: what the team's required checks find on a video before it goes live,
 * with the team's setting deciding which checks count (all but subtitles until it is saved).
 */
import { expect, it } from 'vitest'
import {
  readinessOf,
  readinessSettings,
  saveReadinessSettings,
} from '../../../server/dashboard/index/readiness.ts'
import { indexedSandbox } from './index-sandbox.ts'

let videoId: string
const running = indexedSandbox(30, async (env, channel) => {
  videoId = (await env.serviceVideos(channel))[0]?.id as string
  await env.call('PATCH', `/videos/${videoId}`, { caption: '', product_ids: [] })
})

it('finds an empty caption and no product among the checks required by default', async () => {
  expect(await readinessSettings(running.opened.db)).toEqual({
    required: ['caption', 'product', 'broken_tag', 'poster'],
  })
  const { videos } = await readinessOf(running.opened.db, running.opened.subtitles, [videoId])
  expect(videos[0]?.problems.map((problem) => problem.check)).toEqual(
    expect.arrayContaining(['caption', 'product']),
  )
  expect(videos[0]?.problems.find((p) => p.check === 'product')?.message).toBe(
    'No product is tagged: it sells nothing.',
  )
})

it('asks only what the team requires, subtitles included when it does', async () => {
  await saveReadinessSettings(running.opened.db, { required: ['subtitles'] }, 'admin@example.com')
  const { required, videos } = await readinessOf(running.opened.db, running.opened.subtitles, [
    videoId,
  ])
  expect(required).toEqual(['subtitles'])
  expect(videos[0]?.problems).toEqual([{ check: 'subtitles', message: 'It has no subtitles.' }])
  await saveReadinessSettings(running.opened.db, { required: [] }, 'admin@example.com')
  expect(
    (await readinessOf(running.opened.db, running.opened.subtitles, [videoId])).videos[0]?.problems,
  ).toEqual([])
})
