/**
 * Seeing before doing, against the sandbox and the index it fills: what a rule matches now and
 * who would enter and leave its playlist while it is edited (everyone signed in may look), the
 * whole change set of a dry run without anything applied, and applying it, which asks first over
 * 100 changes.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import type { Playlist } from '@/api/generated/types.gen.ts'
import {
  type RuleAction,
  type RuleDefinition,
  ruleDryRunSchema,
  rulePreviewSchema,
  ruleSavedSchema,
} from '@/api/rules.ts'
import { waitUntil } from '../wait-until.ts'
import { rulesApi, rulesDashboard } from './rules-dashboard.ts'

const running = rulesDashboard(12)
let ids: string[]
let playlist: Playlist
let product: string

const tagged = (extra: Partial<RuleDefinition> = {}): RuleDefinition => ({
  name: 'Tagged r37',
  description: '',
  channel_id: running().channel,
  trigger: { type: 'video_created' },
  conditions: { group: 'all', children: [{ field: 'hashtag', op: 'has', value: '#R37' }] },
  actions: [{ type: 'playlist_add', playlist_id: playlist.id, position: 'top' }],
  priority: 100,
  ...extra,
})

const preview = async (definition: RuleDefinition, who: 'ed' | 'vic' = 'ed') => {
  const answer = await running().as(who, 'POST', rulesApi('/preview'), { definition })
  expect(answer.status, answer.text).toBe(200)
  return rulePreviewSchema.parse(answer.json())
}

beforeAll(async () => {
  const { as, channel, videos } = running()
  const all = await videos()
  ids = all.slice(0, 4).map((video) => video.id)
  product = all.flatMap((video) => video.product_ids)[0] as string
  // Three videos carry #r37; the second already tags the product. Through the dashboard, as an
  // editor would, so the index learns it.
  for (const [index, id] of ids.slice(0, 3).entries()) {
    const body = { hashtags: ['r37'], product_ids: index === 1 ? [product] : [] }
    expect((await as('ed', 'PATCH', `/api/v1/videos/${id}`, body)).status).toBe(200)
  }
  const made = await as('ed', 'POST', '/api/v1/playlists', {
    channel_id: channel,
    name: 'Summer picks',
    video_ids: [ids[0], ids[3]],
  })
  expect(made.status, made.text).toBe(201)
  playlist = made.json()
  await waitUntil(async () => (await preview(tagged())).matches === 3, 'the index to learn #r37')
})

describe('a preview', () => {
  it('counts and lists what the rule matches now, and who would enter its playlist', async () => {
    const seen = await preview(tagged(), 'vic')
    expect(seen.matches).toBe(3)
    expect(seen.videos.map((video) => video.id).sort()).toEqual(ids.slice(0, 3).sort())
    expect(seen.playlists).toEqual([
      {
        playlist_id: playlist.id,
        name: 'Summer picks',
        enter: 2,
        leave: 0,
        entering: expect.arrayContaining([ids[1], ids[2]]),
        leaving: [],
      },
    ])
    expect(seen.playlists[0]?.entering).toHaveLength(2)
    expect(seen.findings).toEqual([])
  })

  it('says who would leave a playlist the rule removes from', async () => {
    const removes: RuleAction[] = [{ type: 'playlist_remove', playlist_id: playlist.id }]
    const seen = await preview(tagged({ actions: removes }))
    expect(seen.playlists).toEqual([
      {
        playlist_id: playlist.id,
        name: 'Summer picks',
        enter: 0,
        leave: 1,
        entering: [],
        leaving: [ids[0]],
      },
    ])
  })

  it('is refused for an expression that cannot run, with the reason', async () => {
    const { as } = running()
    const definition = tagged({
      conditions: { group: 'all', children: [{ field: 'caption', op: 'matches', value: '(x+)*' }] },
    })
    const answer = await as('vic', 'POST', rulesApi('/preview'), { definition })
    expect(answer.status).toBe(400)
    expect(answer.json().error).toContain('repeats a group that repeats something itself')
  })
})

describe('a dry run', () => {
  it('gives every change over the library, leaving out what is already in place', async () => {
    const { as } = running()
    const saved = await as('ed', 'POST', rulesApi('/rules'), {
      ...tagged(),
      actions: [...tagged().actions, { type: 'tag', product_ids: [product] }],
    })
    const rule = ruleSavedSchema.parse(saved.json()).rule
    const answer = await as('ed', 'POST', rulesApi(`/rules/${rule.id}/dry-run`))
    expect(answer.status, answer.text).toBe(200)
    const run = ruleDryRunSchema.parse(answer.json())
    expect(run).toMatchObject({
      rule_id: rule.id,
      version: 1,
      matches: 3,
      changes: 4,
      videos: 3,
      by_action: [
        { summary: 'adds to the top of “Summer picks”', count: 2 },
        { summary: `tags ${product}`, count: 2 },
      ],
      truncated: false,
      asks_first: false,
    })
    const planned = run.actions.map((each) => `${each.video_id} ${each.action.type}`).sort()
    expect(planned).toEqual(
      [`${ids[0]} tag`, `${ids[1]} playlist_add`, `${ids[2]} playlist_add`, `${ids[2]} tag`].sort(),
    )
    // Nothing applied: the playlist is as it was.
    const now = await as('vic', 'GET', `/api/v1/playlists/${playlist.id}`)
    expect(now.json().video_ids).toEqual([ids[0], ids[3]])
    expect((await as('vic', 'POST', rulesApi(`/rules/${rule.id}/dry-run`))).status).toBe(403)
  })
})

describe('applying a change set', () => {
  it('asks first over 100 changes, and is for those who may switch rules on', async () => {
    const { as } = running()
    const many: RuleAction[] = Array.from({ length: 20 }, (_, n) => ({
      type: 'playlist_add',
      playlist_id: `pl-missing-${n}`,
      position: 'bottom',
    }))
    const everything = tagged({
      name: 'Everything everywhere',
      conditions: { group: 'all', children: [] },
      actions: many,
    })
    const rule = ruleSavedSchema.parse(
      (await as('ed', 'POST', rulesApi('/rules'), everything)).json(),
    ).rule
    const run = ruleDryRunSchema.parse(
      (await as('ed', 'POST', rulesApi(`/rules/${rule.id}/dry-run`))).json(),
    )
    expect(run.changes).toBeGreaterThan(100)
    expect(run.asks_first).toBe(true)
    expect((await as('ed', 'POST', rulesApi(`/rules/${rule.id}/apply`), {})).status).toBe(403)
    const asked = await as('admin', 'POST', rulesApi(`/rules/${rule.id}/apply`), {})
    expect(asked.status).toBe(409)
    expect(asked.json().error).toBe(
      `This applies ${run.changes} changes to ${run.videos} videos, more than 100: send confirm: true to apply them`,
    )
  })

  it('hands the change set to the engine, which puts the videos in the playlist', async () => {
    const { as } = running()
    const rule = ruleSavedSchema.parse(
      (await as('ed', 'POST', rulesApi('/rules'), tagged({ name: 'Apply me' }))).json(),
    ).rule
    const applied = await as('admin', 'POST', rulesApi(`/rules/${rule.id}/apply`), {})
    expect(applied.status, applied.text).toBe(202)
    expect(applied.json()).toMatchObject({ changes: 2, videos: 2 })
    await waitUntil(async () => {
      const now = (await as('vic', 'GET', `/api/v1/playlists/${playlist.id}`)).json()
      return [ids[1], ids[2]].every((id) => now.video_ids.includes(id))
    }, 'the engine to add the videos to the playlist')
  })
})
