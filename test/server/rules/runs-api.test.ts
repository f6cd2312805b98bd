/**
 * Reading the rules' traces (issue 37): anyone signed in lists runs filtered by rule, video and
 * outcome, a page at a time, exports them as CSV and reads one run; "why is this here?" answers
 * for a product a rule tagged until a rule takes it off; traces past 90 days are swept.
 */
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sweepTraces } from '../../../server/dashboard/rules/traces-sweep.ts'
import type { Video } from '../../../src/api/generated/types.gen.ts'
import type { RuleRun } from '../../../src/api/rules.ts'
import { send } from '../dashboard/http-client.ts'
import { type RulesWorld, startRulesWorld } from './rules-world.ts'

let world: RulesWorld
let ruleId: string
let tagged: Video
let plain: Video
let tag: string

beforeAll(async () => {
  world = await startRulesWorld({ seedVideos: 30 })
  tag = (await world.catalog()).products[0] as string
  const cleared = await world.clearedVideos(2)
  tagged = cleared[0] as Video
  plain = cleared[1] as Video
  ruleId = await world.addRule({
    name: 'Tag the traced',
    description: '',
    channel_id: world.channel,
    trigger: { type: 'video_updated' },
    conditions: { group: 'all', children: [{ field: 'hashtag', op: 'has', value: 'traced' }] },
    actions: [{ type: 'tag', product_ids: [tag] }],
    priority: 100,
  })
  await world.call('PATCH', `/videos/${tagged.id}`, { hashtags: ['traced'] })
  await world.settledRuns(ruleId, 2)
  await world.call('PATCH', `/videos/${plain.id}`, { hashtags: ['untraced'] })
  await world.settledRuns(ruleId, 3)
}, 90_000)
afterAll(() => world?.close())

const list = async (query: string) => {
  const answer = await world.get(`/api/dashboard/rules/runs?rule_id=${ruleId}${query}`)
  expect(answer.status).toBe(200)
  return answer.json() as { runs: RuleRun[]; next: string | null }
}

describe('the runs', () => {
  it('are filtered by outcome and video, newest first', async () => {
    const all = await list('')
    expect(all.runs.map((run) => run.outcome)).toEqual(['no_match', 'skipped', 'applied'])
    expect((await list('&outcome=applied')).runs.map((run) => run.video_id)).toEqual([tagged.id])
    expect((await list(`&video_id=${plain.id}`)).runs.map((run) => run.outcome)).toEqual([
      'no_match',
    ])
    const detail = await world.get(`/api/dashboard/rules/runs/${all.runs[2]?.id}`)
    expect(detail.json()).toEqual(all.runs[2])
  })

  it('come a page at a time', async () => {
    const first = await list('&limit=2')
    expect(first.runs).toHaveLength(2)
    const second = await list(`&limit=2&before=${first.next}`)
    expect(second).toMatchObject({ next: null, runs: [{ outcome: 'applied' }] })
  })

  it('export as CSV with the same filter', async () => {
    const csv = await world.get(`/api/dashboard/rules/runs.csv?rule_id=${ruleId}&outcome=applied`)
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(csv.headers['content-disposition']).toBe('attachment; filename="rule-runs.csv"')
    const lines = csv.text.trim().split('\r\n')
    expect(lines[0]).toBe(
      'started_at,finished_at,rule,rule_id,run_id,video_id,cause,cause_at,outcome,conditions,steps,calls',
    )
    expect(lines).toHaveLength(2)
    expect(lines[1]).toContain(`Tag the traced,${ruleId}`)
    expect(lines[1]).toContain(`tag applied (Tagged ${tag})`)
  })

  it('refuse a filter that is not one, and anyone not signed in', async () => {
    const bad = await world.get('/api/dashboard/rules/runs?outcome=success')
    expect(bad.status).toBe(400)
    expect(bad.json().error).toContain('outcome is one of')
    expect((await world.get('/api/dashboard/rules/runs?before=yesterday')).status).toBe(400)
    expect((await world.get(`/api/dashboard/rules/runs/${randomUUID()}`)).status).toBe(404)
    expect((await send(world.dashboards[0]?.url ?? '', '/api/dashboard/rules/runs')).status).toBe(
      401,
    )
  })
})

describe('why a product is on a video', () => {
  it('names the rule and run until a rule takes the product off', async () => {
    const path = `/api/dashboard/rules/why?video_id=${tagged.id}&product_id=${tag}`
    const [applied] = await world.runsOf(ruleId, '&outcome=applied')
    expect((await world.get(path)).json()).toMatchObject({
      rule_id: ruleId,
      rule_name: 'Tag the traced',
      run_id: applied?.id,
    })
    const untag = await world.addRule({
      name: 'Untag the done',
      description: '',
      channel_id: world.channel,
      trigger: { type: 'video_updated' },
      conditions: { group: 'all', children: [{ field: 'hashtag', op: 'has', value: 'done' }] },
      actions: [{ type: 'untag', product_ids: [tag] }],
      priority: 100,
    })
    await world.call('PATCH', `/videos/${tagged.id}`, { hashtags: ['done'] })
    await world.settledRuns(untag, 1)
    expect((await world.get(path)).status).toBe(404)
    expect((await world.get('/api/dashboard/rules/why?video_id=x')).status).toBe(400)
  })
})

describe('traces', () => {
  it('older than 90 days are swept, with their steps; newer and running ones stay', async () => {
    const day = 86_400_000
    const aged = (id: string, ageMs: number, outcome: 'applied' | 'running') => ({
      id,
      rule_id: ruleId,
      rule_version: 1,
      video_id: plain.id,
      claim_key: `${ruleId}|aged:${id}`,
      cause: JSON.stringify({ kind: 'manual', at: '', detail: '' }),
      event: null,
      outcome,
      conditions: '[]',
      started_at: new Date(Date.now() - ageMs).toISOString(),
      started_ms: Date.now() - ageMs,
      finished_at: null,
      holder: null,
      lease_until: null,
    })
    const [old, recent, stuck] = [randomUUID(), randomUUID(), randomUUID()]
    await world.db
      .insertInto('rule_runs')
      .values([
        aged(old, 91 * day, 'applied'),
        aged(recent, 89 * day, 'applied'),
        aged(stuck, 91 * day, 'running'),
      ])
      .execute()
    await world.db
      .insertInto('rule_steps')
      .values({
        run_id: old,
        position: 0,
        action: '{}',
        state: 'applied',
        note: null,
        calls: '[]',
        attempts: 1,
        next_attempt_ms: null,
      })
      .execute()
    expect(await sweepTraces(world.db, Date.now() - 90 * day)).toBe(1)
    const left = await world.db
      .selectFrom('rule_runs')
      .select('id')
      .where('id', 'in', [old, recent, stuck])
      .execute()
    expect(left.map((run) => run.id).sort()).toEqual([recent, stuck].sort())
    const steps = await world.db
      .selectFrom('rule_steps')
      .select('run_id')
      .where('run_id', '=', old)
      .execute()
    expect(steps).toEqual([])
    await world.db.deleteFrom('rule_runs').where('id', 'in', [recent, stuck]).execute()
  })
})
