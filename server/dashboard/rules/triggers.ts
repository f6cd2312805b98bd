import type { VideoEvent } from '../../../src/api/generated/types.gen.ts'
import type { RuleDefinition, RuleTrigger } from '../../../src/api/rules.ts'
import type { RulesDb, StoredRule } from './rules-deps.ts'
import type { RunCause } from './run-claim.ts'

/**
 * A change the index applied to one video, as the rules hear it: a webhook (after the read that
 * completes it), or a reconcile's correction no webhook announced. Never an event the index
 * refused as older than what it holds.
 */
export interface HeardChange {
  videoId: string
  trigger: 'video_created' | 'video_updated'
  /** Names the event: with a rule, what makes its run once-only across replicas. */
  eventKey: string
  cause: RunCause
  /** The event's data, kept with the run for a retry. */
  event: unknown
}

/** A webhook the index applied (`key`: its dedup key), for the rules. */
export const webhookChange = (event: VideoEvent, key: string): HeardChange => ({
  videoId: event.data.id,
  trigger: event.event_type,
  eventKey: key,
  cause: {
    kind: event.event_type,
    at: new Date(event.created * 1000).toISOString(),
    detail: `${event.event_type} webhook`,
  },
  event,
})

/**
 * A reconcile's correction: a video new to the index wakes the rules of created videos (its
 * webhook was lost, or named no channel the index could place), any other those of updates.
 */
export const reconcileChange = (
  videoId: string,
  sourceAt: number,
  created: boolean,
): HeardChange => ({
  videoId,
  trigger: created ? 'video_created' : 'video_updated',
  eventKey: `reconcile:${videoId}:${sourceAt}`,
  cause: {
    kind: 'reconcile',
    at: new Date(sourceAt).toISOString(),
    detail: created
      ? 'The reconcile found a new video no webhook announced'
      : 'The reconcile found a change no webhook announced',
  },
  event: { video_id: videoId, source_at: sourceAt, created },
})

/** The rules on and unpaused for a channel with this trigger, first the first to run. */
export async function rulesWoken(
  db: RulesDb,
  trigger: RuleTrigger['type'],
  channelId?: string,
): Promise<StoredRule[]> {
  const rows = await db
    .selectFrom('rules')
    .select(['id', 'version', 'enabled', 'author_id', 'definition'])
    .where('trigger', '=', trigger)
    .where('enabled', '=', 1)
    .where('paused', 'is', null)
    .where('deleted_at', 'is', null)
    .$if(channelId !== undefined, (query) => query.where('channel_id', '=', channelId as string))
    .orderBy('priority')
    .orderBy('id')
    .execute()
  return rows.map((row) => ({
    id: row.id,
    version: row.version,
    enabled: Boolean(row.enabled),
    author_id: row.author_id,
    definition: JSON.parse(row.definition) as RuleDefinition,
  }))
}

/** The channel the index places a video in; null while it is unplaced (or unknown). */
export async function channelOf(db: RulesDb, videoId: string): Promise<string | null> {
  const row = await db
    .selectFrom('indexed_videos')
    .select('channel_id')
    .where('id', '=', videoId)
    .executeTakeFirst()
  return row?.channel_id ? row.channel_id : null
}

/** The tick of a schedule a moment falls in: rules every n minutes run once per tick. */
export const tickOf = (nowMs: number, everyMinutes: number) =>
  Math.floor(nowMs / (everyMinutes * 60_000))
