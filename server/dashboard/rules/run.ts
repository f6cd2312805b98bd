import type { RuleAction, RuleDefinition } from '../../../src/api/rules.ts'
import type { EngineContext, ReadVideo, TraceCondition } from './engine-context.ts'
import { heldConditions, recordPlacements } from './placements.ts'
import { type RunCause, renewRun } from './run-claim.ts'
import { finishRun, outcomeOf, pauseIfFailing, tellFollowers } from './run-outcome.ts'
import { authorRefusal } from './run-rights.ts'
import { runStep } from './run-steps.ts'
import type { StepResult } from './steps.ts'
import type { TraceCall } from './steps-calls.ts'

const hourMs = 3_600_000
const acting: RunCause['kind'][] = ['video_created', 'video_updated', 'reconcile']

const runQuery = (db: EngineContext['db']) =>
  db
    .selectFrom('rule_runs as run')
    .innerJoin('rules as rule', 'rule.id', 'run.rule_id')
    .leftJoin('rule_versions as v', (join) =>
      join.onRef('v.rule_id', '=', 'run.rule_id').onRef('v.version', '=', 'run.rule_version'),
    )
    .select(['run.id', 'run.rule_id', 'run.video_id', 'run.cause', 'run.conditions'])
    .select(['run.started_ms', 'rule.author_id', 'rule.definition as current'])
    .select('v.definition as then')
    .select((eb) =>
      eb
        .selectFrom('rule_steps')
        .select((count) => count.fn.countAll<number>().as('n'))
        .whereRef('rule_steps.run_id', '=', 'run.id')
        .as('steps'),
    )

/** A run as it is carried out: its rule (the version it was claimed for) and its steps so far. */
export type RunRow = Awaited<ReturnType<ReturnType<typeof runQuery>['executeTakeFirstOrThrow']>>

/** Runs as they are now, by id, read at once (a video's runs queued together). */
export async function loadRuns(
  db: EngineContext['db'],
  runIds: readonly string[],
): Promise<Map<string, RunRow>> {
  const rows: RunRow[] = []
  for (let start = 0; start < runIds.length; start += 500)
    rows.push(
      ...(await runQuery(db)
        .where('run.id', 'in', runIds.slice(start, start + 500))
        .execute()),
    )
  return new Map(rows.map((row) => [row.id, row]))
}

/**
 * Carries a run this replica holds to its end: its conditions answered on the video as the index
 * knows it (read by `read`; once: a resumed run keeps them), its steps recorded and done in order
 * (those already applied never again), then its outcome, the placements it made, and a pause if
 * its rule now fails too often. Stops where it is if another replica takes the run over (`loaded`
 * is the run as read with the others of its video, then). Resolves true when it had steps to take
 * (the video may have changed), false when it matched nothing.
 */
export async function executeRun(
  context: EngineContext,
  runId: string,
  read?: ReadVideo,
  loaded?: RunRow,
): Promise<boolean> {
  const { db } = context
  const run = loaded ?? (await runQuery(db).where('run.id', '=', runId).executeTakeFirstOrThrow())
  // The rule as it was when the run was claimed, even if it has been edited since.
  const definition = JSON.parse(run.then ?? run.current) as RuleDefinition
  const videoId = run.video_id ?? ''
  let conditions = JSON.parse(run.conditions) as TraceCondition[]
  // The steps this call records, when it is the run's first: then neither they nor their states
  // are read back (fewer round trips per run in a burst).
  let recorded: { position: number; action: string; state: 'pending' | 'skipped' }[] | null = null
  if (Number(run.steps ?? 0) === 0) {
    const answer = await context.evaluate(definition, videoId, read)
    conditions = answer?.conditions ?? []
    // Most runs match nothing: their answers and their end are one write.
    if (!answer?.matched) {
      await finishRun(context, runId, 'no_match', JSON.stringify(conditions))
      return false
    }
    if (!(await renewRun(context, runId, JSON.stringify(conditions)))) return false
    const cause = JSON.parse(run.cause) as RunCause
    const refusal =
      (await authorRefusal(db, run.author_id, definition.actions)) ??
      (acting.includes(cause.kind) ? await loopRefusal(context, run.rule_id, videoId) : null)
    recorded = definition.actions.map((action, position) => ({
      position,
      action: JSON.stringify(action),
      state: refusal ? ('skipped' as const) : ('pending' as const),
    }))
    await db
      .insertInto('rule_steps')
      .values(
        recorded.map((step) => ({
          ...step,
          run_id: runId,
          note: refusal,
          calls: '[]',
          attempts: 0,
          next_attempt_ms: null,
        })),
      )
      .execute()
  }
  const facts = stepFacts(context, definition, run.rule_id, videoId)
  const because = heldConditions(definition.conditions, conditions)
  const pending = recorded
    ? recorded
        .filter((step) => step.state === 'pending')
        .map((step) => ({ ...step, attempts: 0, calls: '[]' }))
    : await db
        .selectFrom('rule_steps')
        .select(['position', 'action', 'attempts', 'calls'])
        .where('run_id', '=', runId)
        .where('state', '=', 'pending')
        .orderBy('position')
        .execute()
  const ended = new Map<number, StepResult['state']>()
  const onVideo = {
    id: runId,
    ruleId: run.rule_id,
    ruleName: definition.name,
    videoId,
    startedMs: run.started_ms,
  }
  for (const step of pending) {
    const result = await runStep(
      context,
      onVideo,
      {
        position: step.position,
        action: JSON.parse(step.action) as RuleAction,
        attempts: step.attempts,
        calls: JSON.parse(step.calls) as TraceCall[],
      },
      facts,
    )
    if (!result) return true
    ended.set(step.position, result.state)
    await recordPlacements(db, {
      videoId,
      ruleId: run.rule_id,
      runId,
      because,
      at: new Date(context.now()).toISOString(),
      set: result.set ?? [],
      clear: result.clear ?? [],
    })
  }
  const states = recorded
    ? recorded.map((step) => ended.get(step.position) ?? step.state)
    : (await db.selectFrom('rule_steps').select('state').where('run_id', '=', runId).execute()).map(
        (step) => step.state,
      )
  const outcome = outcomeOf(states)
  if (!(await finishRun(context, runId, outcome))) return true
  // Checked after every run that acted: the last of 20 to finish may be one that worked.
  if (outcome !== 'skipped') await pauseIfFailing(context, run.rule_id)
  return true
}

// A last guard against a rule that feeds itself: actions already in place are skipped, so a loop
// settles at the second run; one that does not (two rules undoing each other) stops here.
async function loopRefusal(context: EngineContext, ruleId: string, videoId: string) {
  const since = context.now() - hourMs
  const applied = await context.db
    .selectFrom('rule_runs')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('rule_id', '=', ruleId)
    .where('video_id', '=', videoId)
    .where('outcome', 'in', ['applied', 'partly_failed'])
    .where('started_ms', '>=', since)
    .executeTakeFirstOrThrow()
  const limit = context.options.loopLimit
  return Number(applied.n) >= limit
    ? `This rule already acted on this video ${limit} times in the past hour: it may be undoing another rule or feeding itself, so it waits`
    : null
}

function stepFacts(
  context: EngineContext,
  definition: RuleDefinition,
  ruleId: string,
  videoId: string,
) {
  const { db } = context
  return {
    async storesOf(productIds: readonly string[]) {
      if (productIds.length === 0) return new Map<string, string>()
      const rows = await db
        .selectFrom('indexed_products')
        .select(['id', 'store_id'])
        .where('id', 'in', [...productIds])
        .execute()
      return new Map(rows.map((row) => [row.id, row.store_id]))
    },
    async unitsOf(productIds: readonly string[]) {
      if (productIds.length === 0) return new Set<string>()
      const rows = await db
        .selectFrom('indexed_products')
        .select('unit_ids')
        .where('id', 'in', [...productIds])
        .execute()
      return new Set(rows.flatMap((row) => JSON.parse(row.unit_ids) as string[]))
    },
    async notifyFollowers(message: string) {
      const video = await db
        .selectFrom('indexed_videos')
        .select('caption')
        .where('id', '=', videoId)
        .executeTakeFirst()
      return tellFollowers(context, ruleId, {
        kind: 'rule',
        title: `Rule “${definition.name}”: ${video?.caption || videoId}`,
        body: message,
        link: `/videos/${encodeURIComponent(videoId)}`,
      })
    },
  }
}
