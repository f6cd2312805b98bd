import type * as z from 'zod'
import type { ConditionNode, placementSchema } from '../../../src/api/rules.ts'
import type { TraceCondition } from './engine-context.ts'
import type { RulesDb } from './rules-deps.ts'

type Placement = z.infer<typeof placementSchema>

const childPath = (path: string, index: number) => (path === '' ? `${index}` : `${path}.${index}`)

/**
 * The tests that held, in words, read off the trace along the rule's tree: the tests of an All
 * group, those of an Any group that held, and a None group with the tests none of which held.
 */
export function heldConditions(tree: ConditionNode, trace: readonly TraceCondition[]): string[] {
  const byPath = new Map(trace.map((condition) => [condition.path, condition]))
  const held: string[] = []
  const visit = (node: ConditionNode, path: string) => {
    const entry = byPath.get(path)
    if (!entry?.result) return
    if (!('group' in node)) held.push(entry.description)
    else if (node.group === 'none') {
      const tests = node.children.map((_, index) => byPath.get(childPath(path, index))?.description)
      if (tests.length) held.push(`${entry.description}: ${tests.join('; ')}`)
    } else
      for (const [index, child] of node.children.entries()) visit(child, childPath(path, index))
  }
  visit(tree, '')
  return held
}

/**
 * What a step put in place (`playlist:<id>`, `product:<id>`) now answers "why is this here?" with
 * its run; what it took away no longer does, whoever had placed it.
 */
export async function recordPlacements(
  db: RulesDb,
  change: {
    videoId: string
    ruleId: string
    runId: string
    because: string[]
    at: string
    set: readonly string[]
    clear: readonly string[]
  },
) {
  const { videoId } = change
  if (change.clear.length > 0)
    await db
      .deleteFrom('rule_placements')
      .where('video_id', '=', videoId)
      .where('target', 'in', change.clear)
      .execute()
  for (const target of change.set) {
    const row = {
      rule_id: change.ruleId,
      run_id: change.runId,
      because: JSON.stringify(change.because),
      at: change.at,
    }
    await db
      .insertInto('rule_placements')
      .values({ video_id: videoId, target, ...row })
      .onConflict((conflict) => conflict.columns(['video_id', 'target']).doUpdateSet(row))
      .execute()
  }
}

/** The run that put a video in a playlist or tagged it with a product, or null. */
export async function placementOf(
  db: RulesDb,
  videoId: string,
  target: string,
): Promise<Placement | null> {
  const row = await db
    .selectFrom('rule_placements as p')
    .innerJoin('rules as r', 'r.id', 'p.rule_id')
    .select(['p.rule_id', 'r.name', 'p.run_id', 'p.at', 'p.because'])
    .where('p.video_id', '=', videoId)
    .where('p.target', '=', target)
    .executeTakeFirst()
  if (!row) return null
  return {
    rule_id: row.rule_id,
    rule_name: row.name,
    run_id: row.run_id,
    at: row.at,
    because: JSON.parse(row.because) as string[],
  }
}
