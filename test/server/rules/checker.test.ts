/**
 * The checker, at save and while a rule is tried: opposite actions on one playlist or tag (in
 * one rule, or two rules that are on and both match a video now), overlapping rules with
 * different outcomes, a rule that triggers itself, and expressions; two conflicting rules at the
 * same priority block.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RuleAction, RuleDefinition } from '@/api/rules.ts'
import { areaMigrations } from '../../../server/dashboard/areas.ts'
import { type DashboardDb, openDashboardDb } from '../../../server/dashboard/db/database.ts'
import { blockingReason, checkRule } from '../../../server/dashboard/rules/checker.ts'
import { insertRule, writeVersion } from '../../../server/dashboard/rules/rule-store.ts'
import type { RuleTableMap } from '../../../server/dashboard/rules/rules-deps.ts'
import { pendingSuggestions } from './seeded-index.ts'

const channel = 'ch-1'
const by = { id: 'acc-ed', email: 'ed@example.com' }
let dir: string
let base: DashboardDb
const source = () => ({
  db: base.withTables<RuleTableMap>(),
  reads: base,
  postgres: false,
  pendingSuggestions,
})

async function addVideo(id: string, hashtags: string[], products: string[] = []) {
  await base
    .insertInto('indexed_videos')
    .values({
      id,
      channel_id: channel,
      caption: `Video ${id}`,
      description: null,
      hashtags: JSON.stringify(hashtags),
      access: 'public',
      published_at: null,
      archived_at: null,
      created_at: null,
      duration: 20,
      thumbnail_url: null,
      poster_count: 1,
      product_ids: JSON.stringify(products),
      variant_ids: '[]',
      product_count: products.length,
      status: null,
      source_at: 0,
      sort_key: 0,
      confirmed_at: new Date().toISOString(),
      partial: 0,
    })
    .execute()
  for (const product of products)
    await base
      .insertInto('indexed_video_tags')
      .values({ tag_id: product, video_id: id, kind: 'product' })
      .execute()
}

const rule = (
  name: string,
  hashtag: string,
  actions: RuleAction[],
  extra: Partial<RuleDefinition> = {},
): RuleDefinition => ({
  name,
  description: '',
  channel_id: channel,
  trigger: { type: 'video_created' },
  conditions: { group: 'all', children: [{ field: 'hashtag', op: 'has', value: hashtag }] },
  actions,
  priority: 100,
  ...extra,
})

async function enabled(definition: RuleDefinition) {
  const row = await insertRule(source().db, definition, by)
  await writeVersion(source().db, row.id, { enabled: true, changes: ['switched on'] }, by)
  return row.id
}

const add = (playlist: string, position: 'top' | 'bottom' = 'top'): RuleAction => ({
  type: 'playlist_add',
  playlist_id: playlist,
  position,
})

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'checker-'))
  base = await openDashboardDb({ sqlitePath: join(dir, 'dashboard.db'), areas: areaMigrations })
  await addVideo('v-summer', ['summer'])
  await addVideo('v-both', ['summer', 'sale'])
  await addVideo('v-winter', ['winter'])
})
afterAll(async () => {
  await base?.destroy()
  await rm(dir, { recursive: true, force: true })
})

describe('the checker', () => {
  it('flags opposite actions in one rule', async () => {
    const findings = await checkRule(
      source(),
      rule('Churn', 'summer', [add('pl-a'), { type: 'playlist_remove', playlist_id: 'pl-a' }]),
      null,
    )
    expect(findings).toEqual([
      {
        kind: 'opposite_actions',
        message:
          'This rule both “adds to the top of pl-a” and “removes from pl-a”: one undoes the other on every video it matches',
        rule_id: null,
        blocking: false,
      },
    ])
  })

  it('flags a rule that is on and undoes this one on a video both match now; at the same priority it blocks', async () => {
    const other = await enabled(
      rule('Sale out', 'sale', [{ type: 'untag', product_ids: ['p-1'] }], { priority: 100 }),
    )
    const tagging = rule('Summer tag', 'summer', [{ type: 'tag', product_ids: ['p-1'] }])
    const findings = await checkRule(source(), tagging, null)
    expect(findings).toEqual([
      {
        kind: 'opposite_actions',
        message:
          'On 1 video both match now, this rule tags p-1 and “Sale out” untags p-1: each undoes the other',
        rule_id: other,
        blocking: false,
      },
      {
        kind: 'needs_priority',
        message:
          'This rule and “Sale out” conflict on 1 video and have the same priority (100): give one of them another priority (lower runs first, so the higher number’s outcome stays)',
        rule_id: other,
        blocking: true,
      },
    ])
    expect(blockingReason(findings)).toContain('same priority (100)')
    // At another priority it is told, not stopped.
    const apart = await checkRule(source(), { ...tagging, priority: 50 }, null)
    expect(apart.map((finding) => [finding.kind, finding.blocking])).toEqual([
      ['opposite_actions', false],
    ])
    // Rules that share no video now do not conflict.
    expect(
      await checkRule(
        source(),
        rule('Winter tag', 'winter', [{ type: 'tag', product_ids: ['p-1'] }]),
        null,
      ),
    ).toEqual([])
  })

  it('flags rules that overlap with a different outcome on one playlist', async () => {
    const other = await enabled(
      rule('Summer bottom', 'summer', [add('pl-b', 'bottom')], { priority: 10 }),
    )
    const findings = await checkRule(source(), rule('Sale top', 'sale', [add('pl-b', 'top')]), null)
    expect(findings).toEqual([
      {
        kind: 'overlap',
        message:
          'On 1 video both match now, this rule adds to the top of pl-b and “Summer bottom” adds to the bottom of pl-b: the outcomes differ',
        rule_id: other,
        blocking: false,
      },
    ])
    // The rule itself is not compared with itself.
    const itself = rule('Summer bottom', 'summer', [add('pl-b', 'top')], { priority: 10 })
    expect(await checkRule(source(), itself, other)).toEqual([])
  })

  it('flags a video_updated rule whose action makes it match again', async () => {
    const updated = { trigger: { type: 'video_updated' as const } }
    const feeds = rule('Tag summer', 'summer', [{ type: 'tag', product_ids: ['p-9'] }], {
      ...updated,
      conditions: {
        group: 'all',
        children: [
          { field: 'hashtag', op: 'has', value: 'summer' },
          { field: 'product_count', op: 'gte', value: 0 },
        ],
      },
    })
    const [finding] = await checkRule(source(), feeds, null)
    expect(finding).toMatchObject({ kind: 'self_trigger', blocking: false })
    expect(finding?.message).toContain(
      '“tags p-9” changes the video, and the video_updated that follows matches this rule again',
    )
    // Tagging what it lacks, it no longer matches after: no loop.
    const settles = {
      ...feeds,
      conditions: {
        group: 'all' as const,
        children: [
          { field: 'hashtag' as const, op: 'has' as const, value: 'summer' },
          { field: 'product' as const, op: 'lacks' as const, value: 'p-9' },
        ],
      },
    }
    expect(await checkRule(source(), settles, null)).toEqual([])
    // What its conditions do not read, it cannot feed.
    expect(
      await checkRule(source(), { ...feeds, conditions: rule('', 'summer', []).conditions }, null),
    ).toEqual([])
  })

  it('refuses an expression the databases cannot run, and warns of one that holds for any text', async () => {
    const pattern = (value: string) =>
      rule('Pattern', 'summer', [add('pl-c')], {
        conditions: { group: 'all', children: [{ field: 'caption', op: 'matches', value }] },
      })
    const [refused] = await checkRule(source(), pattern('(a+)+'), null)
    expect(refused).toMatchObject({ kind: 'regex', blocking: true })
    expect(await checkRule(source(), pattern('x*'), null)).toEqual([
      {
        kind: 'regex',
        message: '/x*/ matches an empty text, so it holds for every video with that text',
        rule_id: null,
        blocking: false,
      },
    ])
  })
})
