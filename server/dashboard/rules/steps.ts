import type { RuleAction } from '../../../src/api/rules.ts'
import type { StepCalls, TraceCall } from './steps-calls.ts'
import { addToPlaylist, removeFromPlaylist } from './steps-playlist.ts'
import { changeState, startMatching } from './steps-state.ts'
import { tag, tagSuggestions, untag } from './steps-tags.ts'

/** What a step needs: the video, its calls to the service, and what the dashboard knows. */
export interface StepContext {
  videoId: string
  calls: StepCalls
  run: { id: string; ruleId: string; ruleName: string; startedMs: number }
  now: () => number
  /** When the step's first attempt began, if one was made before (a resumed or retried step). */
  firstAttemptMs: number | null
  /** Writes an earlier attempt sent whose answers never came: they may have been made. */
  unanswered: readonly TraceCall[]
  /** The store of each product the index knows. */
  storesOf(productIds: readonly string[]): Promise<Map<string, string>>
  /** The variants (units) of these products, as the index knows them. */
  unitsOf(productIds: readonly string[]): Promise<Set<string>>
  /** Tells the rule's followers; how many were told. */
  notifyFollowers(message: string): Promise<number>
}

/**
 * What a step did, in words. `set` and `clear` name what it put in place or took away
 * (`playlist:<id>`, `product:<id>`), for "why is this here?".
 */
export interface StepResult {
  state: 'applied' | 'skipped' | 'failed'
  note: string
  set?: string[]
  clear?: string[]
}

/**
 * One attempt of one action. Each first reads what the service holds now and skips an action
 * already in place, so a step tried again (a retry, a resumed run, a redelivered event) never
 * acts twice. Throws what the service refused (StepRefused, ServiceReadError) for the runner to
 * retry or record.
 */
export async function doStep(context: StepContext, action: RuleAction): Promise<StepResult> {
  switch (action.type) {
    case 'playlist_add':
      return addToPlaylist(context, action)
    case 'playlist_remove':
      return removeFromPlaylist(context, action)
    case 'tag':
      return tag(context, action.product_ids)
    case 'untag':
      return untag(context, action.product_ids)
    case 'tag_suggestions':
      return tagSuggestions(context, action)
    case 'start_matching':
      return startMatching(context)
    case 'publish':
    case 'schedule':
    case 'unpublish':
    case 'archive':
      return changeState(context, action)
    case 'notify': {
      // A notice is the dashboard's own: resumed after a stop, a follower may be told twice,
      // never not at all.
      const told = await context.notifyFollowers(action.message)
      return told === 0
        ? { state: 'skipped', note: 'Nobody follows this rule' }
        : { state: 'applied', note: `Told ${told} follower${told === 1 ? '' : 's'}` }
    }
  }
}
