import { randomUUID } from 'node:crypto'
import { waitUntil } from '../wait-until.ts'
import type { RulesWorld } from './rules-world.ts'

/**
 * `count` runs of a manual rule on one video, still running under `holder` (a replica that
 * stopped, as the rows it leaves behind), claimed at `startedMs`, held until `leaseUntil`.
 */
export function leftRuns(left: {
  ruleId: string
  videoId: string
  holder: string
  count: number
  startedMs: number
  leaseUntil: number
}) {
  const at = new Date(left.startedMs).toISOString()
  return Array.from({ length: left.count }, (_, index) => ({
    id: randomUUID(),
    rule_id: left.ruleId,
    rule_version: 1,
    video_id: left.videoId,
    claim_key: `${left.ruleId}|manual:left:${index}`,
    cause: JSON.stringify({ kind: 'manual', at, detail: 'Run now' }),
    event: null,
    outcome: 'running' as const,
    conditions: '[]',
    started_at: at,
    started_ms: left.startedMs,
    finished_at: null,
    holder: left.holder,
    lease_until: left.leaseUntil,
  }))
}

/** The outcomes of a rule's runs, once none is running any more (`what`: what is waited for). */
export async function settledOutcomes(
  world: RulesWorld,
  ruleId: string,
  what: string,
  timeoutMs = 5_000,
) {
  const outcomes = () =>
    world.db
      .selectFrom('rule_runs')
      .select('outcome')
      .where('rule_id', '=', ruleId)
      .groupBy('outcome')
      .execute()
  await waitUntil(async () => (await outcomes()).every((row) => row.outcome !== 'running'), what, {
    timeoutMs,
    intervalMs: 50,
  })
  return outcomes()
}
