import type { Product, Video } from '../../../src/api/generated/types.gen.ts'
import { withFields } from '../../../src/api/video-fields.ts'
import type { DashboardDb } from '../db/database.ts'
import type { AnswerObserver } from '../forwarding/api-forwarder.ts'
import type { Log } from '../ops/logger.ts'
import type { IndexChanges } from './index-changes.ts'
import { matchingStateOf, noteMatching } from './review-queue.ts'
import { forgetVideos, saveProducts, saveVideos } from './video-index.ts'
import { factsFromVideo, indexFields, productRow } from './video-rows.ts'

// Answers the dashboard forwards that tell the index something at once: a matching job started,
// reviewed or read (the review queue's knowledge), the video as it now is (its update, publication, archive and posters answer the whole Video), a video deleted
// (204), a product created or updated (products have no webhooks: without this the index would
// learn of them at the next pass), a subtitle added or deleted (what readiness last heard of the
// video's subtitles is asked again).
const videoAnswer =
  /^\/api\/v1\/videos\/([^/]+)(?:\/(?:publish|unpublish|archive|unarchive|posters))?$/
const productAnswer = /^\/api\/v1\/products$/
const matchingAnswer = /^\/api\/v1\/videos\/([^/]+)\/product_matches(\/accept)?$/
const subtitleAnswer = /^\/api\/v1\/videos\/([^/]+)\/subtitles(?:\/[^/]+)?$/

export function ownWritesObserver(
  db: DashboardDb,
  log: Log,
  changes: IndexChanges,
): AnswerObserver {
  async function learn(method: string, pathname: string, body: Buffer, sentAt: number) {
    const matching = matchingAnswer.exec(pathname)
    if (matching) {
      const id = decodeURIComponent(matching[1] ?? '')
      // A job started, a review submitted, or a match list read.
      if (method === 'POST')
        return noteMatching(db, id, matching[2] ? 'done' : 'in_progress', sentAt)
      return noteMatching(db, id, matchingStateOf(JSON.parse(body.toString('utf8'))), sentAt)
    }
    const video = videoAnswer.exec(pathname)
    if (video && method === 'DELETE') return forgetVideos(db, [decodeURIComponent(video[1] ?? '')])
    if (video) {
      const answer = JSON.parse(body.toString('utf8')) as Video
      const row = await db
        .selectFrom('indexed_videos')
        .select('channel_id')
        .where('id', '=', answer.id)
        .executeTakeFirst()
      // A video the index has not placed in a channel yet waits for its webhook or a pass.
      if (!row) return
      const facts = factsFromVideo(
        withFields(answer, indexFields),
        row.channel_id,
        sentAt,
        new Date().toISOString(),
      )
      await saveVideos(db, [facts], () => sentAt)
      return
    }
    const product = JSON.parse(body.toString('utf8')) as Product
    await saveProducts(db, [productRow(product, new Date().toISOString())])
  }

  return {
    wants: (method, pathname) =>
      matchingAnswer.test(pathname) ||
      (videoAnswer.test(pathname) && method !== 'GET') ||
      (subtitleAnswer.test(pathname) && method !== 'GET') ||
      (productAnswer.test(pathname) && method === 'POST'),
    seen: (method, pathname, body, sentAt) => {
      const subtitles = subtitleAnswer.exec(pathname)
      if (subtitles) return changes.changed({ videoId: decodeURIComponent(subtitles[1] ?? '') })
      learn(method, pathname, body, sentAt)
        .then(() => {
          const video = videoAnswer.exec(pathname)
          if (video) changes.changed({ videoId: decodeURIComponent(video[1] ?? '') })
          else if (productAnswer.test(pathname)) changes.changed({ everything: true })
        })
        .catch((error: unknown) =>
          log('the index could not learn from a write', { pathname, error: String(error) }),
        )
    },
  }
}
