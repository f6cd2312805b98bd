import type { ProductMatchList } from '../../../src/api/generated/types.gen.ts'
import type { ReviewDb } from './review-context.ts'

/** A job seen running is read again after this long. */
export const rereadRunningMs = 2_000

/**
 * The videos auto-accept reads next, at most `limit`: jobs it saw running, and those whose
 * matching the dashboard learned something of since auto-accept last read them (a job started
 * through it, a list someone read, the index's rechecks), one of each in turn, each kind least
 * recently read first.
 */
export async function videosToRead(db: ReviewDb, now: number, limit: number): Promise<string[]> {
  const [learned, running] = await Promise.all([
    db
      .selectFrom('index_matching as m')
      .leftJoin('review_watch as w', 'w.video_id', 'm.video_id')
      .select('m.video_id')
      .where('m.state', 'in', ['in_progress', 'pending'])
      .where((eb) =>
        eb.or([eb('w.video_id', 'is', null), eb('m.checked_at', '>', eb.ref('w.looked_ms'))]),
      )
      .orderBy('m.checked_at', 'asc')
      .limit(limit)
      .execute(),
    db
      .selectFrom('review_watch')
      .select('video_id')
      .where('status', '=', 'in_progress')
      .where('looked_ms', '<', now - rereadRunningMs)
      .orderBy('looked_ms', 'asc')
      .limit(limit)
      .execute(),
  ])
  // Taken in turn: people reading the review queue re-note every waiting video as learned, and
  // given first place those alone filled every run, so a job seen running was never read again.
  const turns = Array.from({ length: Math.max(learned.length, running.length) }, (_, at) => [
    running[at]?.video_id,
    learned[at]?.video_id,
  ]).flat()
  return [...new Set(turns.filter((id): id is string => id !== undefined))].slice(0, limit)
}

/** What auto-accept last read of a video, if anything. */
export const watchOf = (db: ReviewDb, videoId: string) =>
  db
    .selectFrom('review_watch')
    .select(['status', 'looked_ms', 'handled_through'])
    .where('video_id', '=', videoId)
    .executeTakeFirst()

/** Remembers a read: the list's status, and the newest match change acted on (kept if none). */
export async function noteWatch(
  db: Pick<ReviewDb, 'insertInto'>,
  videoId: string,
  status: ProductMatchList['status'],
  lookedMs: number,
  handledThrough: string | null,
) {
  const handled = handledThrough ? { handled_through: handledThrough } : {}
  await db
    .insertInto('review_watch')
    .values({ video_id: videoId, status, looked_ms: lookedMs, handled_through: handledThrough })
    .onConflict((conflict) =>
      conflict.column('video_id').doUpdateSet({ status, looked_ms: lookedMs, ...handled }),
    )
    .execute()
}
