import type { RuleAction, RuleRun, runOutcomes } from '../../../src/api/rules.ts'
import type { TraceCondition } from './engine-context.ts'
import type { RulesDb } from './rules-deps.ts'
import type { TraceCall } from './steps-calls.ts'

export interface RunFilter {
  ruleId?: string
  videoId?: string
  outcome?: (typeof runOutcomes)[number] | 'running'
  /** The cursor a page gave for the next one. */
  before?: { startedMs: number; id: string }
  limit: number
}

const cursorShape = /^(\d{1,16})_([\w-]{1,64})$/

/** `before=` as a page gave it, or null if it is not one. */
export function readCursor(text: string): RunFilter['before'] | null {
  const match = cursorShape.exec(text)
  return match ? { startedMs: Number(match[1]), id: match[2] as string } : null
}

const runsQuery = (db: RulesDb) =>
  db
    .selectFrom('rule_runs as run')
    .innerJoin('rules as rule', 'rule.id', 'run.rule_id')
    .selectAll('run')
    .select('rule.name as rule_name')

const cursorOf = (run: { started_ms: number; id: string }) => `${run.started_ms}_${run.id}`

/** Runs matching the filter, newest first, with their steps; and the cursor for the next page. */
export async function listRuns(
  db: RulesDb,
  filter: RunFilter,
): Promise<{ runs: RuleRun[]; next: string | null }> {
  let query = runsQuery(db)
  if (filter.ruleId) query = query.where('run.rule_id', '=', filter.ruleId)
  if (filter.videoId) query = query.where('run.video_id', '=', filter.videoId)
  if (filter.outcome) query = query.where('run.outcome', '=', filter.outcome)
  const before = filter.before
  if (before)
    query = query.where((eb) =>
      eb.or([
        eb('run.started_ms', '<', before.startedMs),
        eb.and([eb('run.started_ms', '=', before.startedMs), eb('run.id', '<', before.id)]),
      ]),
    )
  const rows = await query
    .orderBy('run.started_ms', 'desc')
    .orderBy('run.id', 'desc')
    .limit(filter.limit + 1)
    .execute()
  const page = rows.slice(0, filter.limit)
  const runs = await withSteps(db, page)
  const last = page.at(-1)
  return { runs, next: rows.length > filter.limit && last ? cursorOf(last) : null }
}

/** One run with its trace, or null. */
export async function readRun(db: RulesDb, id: string): Promise<RuleRun | null> {
  const row = await runsQuery(db).where('run.id', '=', id).executeTakeFirst()
  return row ? ((await withSteps(db, [row]))[0] ?? null) : null
}

type RunRow = Awaited<ReturnType<ReturnType<typeof runsQuery>['execute']>>[number]

async function withSteps(db: RulesDb, rows: readonly RunRow[]): Promise<RuleRun[]> {
  if (rows.length === 0) return []
  const steps = await db
    .selectFrom('rule_steps')
    .select(['run_id', 'action', 'state', 'note', 'calls'])
    .where(
      'run_id',
      'in',
      rows.map((row) => row.id),
    )
    .orderBy('run_id')
    .orderBy('position')
    .execute()
  const byRun = new Map<string, RuleRun['steps']>()
  for (const step of steps) {
    const list = byRun.get(step.run_id) ?? []
    list.push({
      action: JSON.parse(step.action) as RuleAction,
      state: step.state,
      note: step.note,
      calls: JSON.parse(step.calls) as TraceCall[],
    })
    byRun.set(step.run_id, list)
  }
  return rows.map((row) => ({
    id: row.id,
    rule_id: row.rule_id,
    rule_name: row.rule_name,
    rule_version: row.rule_version,
    video_id: row.video_id,
    cause: JSON.parse(row.cause) as RuleRun['cause'],
    outcome: row.outcome,
    started_at: row.started_at,
    finished_at: row.finished_at,
    conditions: JSON.parse(row.conditions) as TraceCondition[],
    steps: byRun.get(row.id) ?? [],
  }))
}
