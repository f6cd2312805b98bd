import type { ServerResponse } from 'node:http'
import type { RuleRun } from '../../../src/api/rules.ts'
import { csvLine } from '../http/csv.ts'
import type { RulesDb } from './rules-deps.ts'
import { listRuns, type RunFilter, readCursor } from './traces.ts'

/** At most this many runs in one export: a narrower filter gets the rest. */
export const csvMostRuns = 10_000

const header = [
  'started_at',
  'finished_at',
  'rule',
  'rule_id',
  'run_id',
  'video_id',
  'cause',
  'cause_at',
  'outcome',
  'conditions',
  'steps',
  'calls',
]

const conditionWords = (run: RuleRun) =>
  run.conditions
    .map((condition) => `${condition.description}: ${condition.result ? 'held' : 'did not hold'}`)
    .join('; ')

const stepWords = (run: RuleRun) =>
  run.steps
    .map((step) => `${step.action.type} ${step.state}${step.note ? ` (${step.note})` : ''}`)
    .join('; ')

const callWords = (run: RuleRun) =>
  run.steps
    .flatMap((step) => step.calls)
    .map((call) => `${call.method} ${call.path} ${call.status ?? 'no answer'} #${call.attempt}`)
    .join('; ')

/** The runs a filter finds, newest first, as CSV (formula-safe cells), a page at a time. */
export async function writeRunsCsv(res: ServerResponse, db: RulesDb, filter: RunFilter) {
  res.writeHead(200, {
    'Content-Type': 'text/csv; charset=utf-8',
    'Content-Disposition': 'attachment; filename="rule-runs.csv"',
    'Cache-Control': 'no-store',
  })
  res.write(csvLine(header))
  let before = filter.before
  for (let written = 0; written < csvMostRuns; ) {
    const page = await listRuns(db, { ...filter, before, limit: 200 })
    for (const run of page.runs.slice(0, csvMostRuns - written)) {
      res.write(
        csvLine([
          run.started_at,
          run.finished_at,
          run.rule_name,
          run.rule_id,
          run.id,
          run.video_id,
          run.cause.detail,
          run.cause.at,
          run.outcome,
          conditionWords(run),
          stepWords(run),
          callWords(run),
        ]),
      )
    }
    written += page.runs.length
    if (!page.next) break
    before = readCursor(page.next) ?? undefined
  }
  res.end()
}
