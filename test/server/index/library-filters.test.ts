/**
 * The library's filters the index answers beyond products: publication state, the videos needing
 * attention (the same verdict the per-video readiness gives), and words in the caption.
 */
import { expect, it } from 'vitest'
import { findVideos } from '../../../server/dashboard/index/index-queries.ts'
import { readinessOf, readinessSettings } from '../../../server/dashboard/index/readiness.ts'
import type { VideoList } from '../../../src/api/generated/types.gen.ts'
import { indexedSandbox } from './index-sandbox.ts'

let drafted: string
let scheduled: string
let uncaptioned: string
const running = indexedSandbox(30, async (env, channel) => {
  const [a, b, c] = (await env.serviceVideos(channel)).filter((video) => !video.archived_at)
  if (!a || !b || !c) throw new Error('the demo has too few videos')
  ;[drafted, scheduled, uncaptioned] = [a.id, b.id, c.id]
  await env.call('POST', `/videos/${drafted}/unpublish`)
  const inAWeek = new Date(Date.now() + 7 * 86_400_000).toISOString()
  await env.call('POST', `/videos/${scheduled}/publish`, { published_at: inAWeek })
  await env.call('PATCH', `/videos/${uncaptioned}`, { caption: '  ' })
})

/** The channel's videos (30, so one page each) with what these filters read. */
async function serviceVideos() {
  const lists = await Promise.all(
    ['false', 'true'].map((archived) =>
      running.env.call<VideoList>(
        'GET',
        `/videos?channel_id=${running.channel}&archived=${archived}&page_size=100&fields=caption,published_at,archived_at`,
      ),
    ),
  )
  return lists.flatMap((list) => list.videos)
}
const unarchivedIds = async () =>
  (await serviceVideos()).filter((video) => !video.archived_at).map((video) => video.id)

const ids = async (filter: Partial<Parameters<typeof findVideos>[1]>) =>
  (
    await findVideos(running.opened.db, {
      channelId: running.channel,
      tags: [],
      match: 'any',
      untagged: false,
      after: null,
      pageSize: 100,
      ...filter,
    })
  ).videos.map((video) => video.id)

it('lists drafts, scheduled and live videos apart, archived ones in none of them', async () => {
  const service = await serviceVideos()
  const now = Date.now()
  const [drafts, upcoming, live] = await Promise.all([
    ids({ state: 'draft' }),
    ids({ state: 'scheduled' }),
    ids({ state: 'live' }),
  ])
  const inState = (test: (publishedAt: number | null) => boolean) =>
    service
      .filter((v) => !v.archived_at && test(v.published_at ? Date.parse(v.published_at) : null))
      .map((v) => v.id)
      .sort()
  expect(drafts.sort()).toEqual(inState((at) => at === null))
  expect(upcoming.sort()).toEqual(inState((at) => at !== null && at > now))
  expect(live.sort()).toEqual(inState((at) => at !== null && at <= now))
  expect(drafts).toContain(drafted)
  expect(upcoming).toContain(scheduled)
  expect([...drafts, ...upcoming, ...live].sort()).toEqual((await unarchivedIds()).sort())
})

it('finds the videos needing attention exactly where the readiness before publishing finds a problem', async () => {
  const { required } = await readinessSettings(running.opened.db)
  const flagged = await ids({ attention: required })
  const { videos } = await readinessOf(
    running.opened.db,
    running.opened.subtitles,
    await unarchivedIds(),
  )
  const withProblems = videos.filter((video) => video.problems.length > 0).map((v) => v.video_id)
  expect(flagged.sort()).toEqual(withProblems.sort())
  expect(flagged).toContain(uncaptioned)
  // Only the caption required: the blank caption is the one video needing attention.
  expect(await ids({ attention: ['caption'] })).toEqual([uncaptioned])
  expect(await ids({ attention: [] })).toEqual([])
})

it('searches captions for the words typed, any case, with % and _ taken literally', async () => {
  const service = await serviceVideos()
  const caption = service.find((video) => (video.caption ?? '').length > 6)?.caption as string
  const words = caption.slice(1, 6).toUpperCase()
  const holding = (text: string) =>
    service
      .filter((video) => (video.caption ?? '').toLowerCase().includes(text.toLowerCase()))
      .map((video) => video.id)
      .sort()
  expect((await ids({ q: words })).sort()).toEqual(holding(words))
  // Wildcards in a pattern would match every caption.
  expect((await ids({ q: '%' })).sort()).toEqual(holding('%'))
  expect((await ids({ q: '_' })).sort()).toEqual(holding('_'))
  expect(holding('%').length).toBeLessThan(service.length)
})
