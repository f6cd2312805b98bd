import type { IncomingMessage, ServerResponse } from 'node:http'
import type { ReviewQueueVideo } from '../../../src/api/merch-index.ts'
import { ServiceReadError } from '../forwarding/service-client.ts'
import { sendError, sendJson } from '../http/json-response.ts'
import { channelIdShape } from './channel-directory.ts'
import type { ReviewQueue } from './review-queue.ts'

export type PendingAnswer =
  | { videos: ReviewQueueVideo[]; filter: boolean }
  | { refused: { status: number; error: string } }

/**
 * A channel's videos waiting for review (the index's, or the service's filter without one), or
 * why not: the channel is checked before the service is asked anything about it.
 */
export function pendingVideos(queue: ReviewQueue) {
  return async (channelId: string): Promise<PendingAnswer> => {
    const refused = (status: number, error: string) => ({ refused: { status, error } })
    if (!channelId) return refused(400, 'Invalid channel_id: a channel is required')
    if (!channelIdShape.test(channelId))
      return refused(
        400,
        'Invalid channel_id: a channel ID is up to 100 letters, digits, dots, dashes and underscores',
      )
    const queued = await queue.videos(channelId).catch((error: unknown) => {
      if (error instanceof ServiceReadError) return error
      throw error
    })
    if (queued instanceof ServiceReadError)
      return refused(502, `The service could not say which channels exist: ${queued.message}`)
    if (!queued) return refused(404, `No such channel: the service names no channel ${channelId}`)
    return queued
  }
}

/** `GET /api/dashboard/index/review-queue?channel_id=…`: a channel's videos waiting for review. */
export function reviewQueueRoute(queue: ReviewQueue) {
  const pending = pendingVideos(queue)
  return async (_req: IncomingMessage, res: ServerResponse, url: URL) => {
    const answer = await pending(url.searchParams.get('channel_id') ?? '')
    if ('refused' in answer) return sendError(res, answer.refused.status, answer.refused.error)
    sendJson(res, 200, answer)
  }
}
