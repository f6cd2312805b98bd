import type { Condition } from '../../../src/api/rules.ts'
import { fieldsChangedBy, fieldsRead } from './action-effects.ts'
import type { EngineContext } from './engine-context.ts'
import { evaluateConditions } from './evaluate.ts'
import type { RunRequest } from './run-claim.ts'

/**
 * The runs one event wakes on one video (in the order they run), answered on the video as the
 * index knows it now, read once: most match nothing, and such a run ends at once, traced
 * (`unmatched`), unless a run before it may act on what its conditions read (that one matches
 * now, or may by its turn); those are carried out in turn and answered then, as before.
 */
export async function triageRuns(
  context: Pick<EngineContext, 'readVideo'>,
  videoId: string,
  requests: readonly RunRequest[],
  now: Date = new Date(),
): Promise<RunRequest[]> {
  if (requests.length === 0) return []
  const video = await context.readVideo(videoId)
  const changing = new Set<Condition['field']>()
  return requests.map((request) => {
    const { definition } = request.rule
    const mayChange = [...fieldsRead(definition.conditions)].some((field) => changing.has(field))
    const answer =
      video?.channel_id === definition.channel_id
        ? evaluateConditions(definition.conditions, video, now)
        : null
    if (!mayChange && !answer?.matched) return { ...request, unmatched: answer?.conditions ?? [] }
    for (const action of definition.actions)
      for (const field of fieldsChangedBy(action)) changing.add(field)
    return request
  })
}
