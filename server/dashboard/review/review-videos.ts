import type { Selectable, Updateable } from 'kysely'
import type { ReviewDb } from './review-context.ts'
import type { ReviewVideoTable } from './tables.ts'

type Writer = Pick<ReviewDb, 'insertInto'>
export type ReviewVideo = Selectable<ReviewVideoTable>

/** The dashboard's state of a video in review, if it has one. */
export const reviewVideo = (db: ReviewDb, videoId: string) =>
  db.selectFrom('review_videos').selectAll().where('video_id', '=', videoId).executeTakeFirst()

/** Changes a video's review state, making its row (waiting, not sampled) if it has none. */
export async function updateReviewVideo(
  db: Writer,
  videoId: string,
  change: Omit<Updateable<ReviewVideoTable>, 'video_id' | 'updated_at'>,
  at = new Date(),
) {
  const updated_at = at.toISOString()
  await db
    .insertInto('review_videos')
    .values({
      video_id: videoId,
      channel_id: null,
      state: 'waiting',
      audit: 0,
      premarks: null,
      second_of: null,
      wants_second: 0,
      ...change,
      updated_at,
    })
    .onConflict((conflict) => conflict.column('video_id').doUpdateSet({ ...change, updated_at }))
    .execute()
}
