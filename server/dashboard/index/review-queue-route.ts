import type { IncomingMessage, ServerResponse } from 'node:http'
import { ServiceReadError } from '../forwarding/service-client.ts'
import { sendError, sendJson } from '../http/json-response.ts'
import { channelIdShape } from './channel-directory.ts'
import type { ReviewQueue } from './review-queue.ts'

/** `GET /api/dashboard/index/review-queue?channel_id=…`: a channel's videos waiting for review. */
export function reviewQueueRoute(queue: ReviewQueue) {
  return async (_req: IncomingMessage, res: ServerResponse, url: URL) => {
    const channelId = url.searchParams.get('channel_id') ?? ''
    if (!channelId) return sendError(res, 400, 'Invalid channel_id: a channel is required')
    if (!channelIdShape.test(channelId))
      return sendError(
        res,
        400,
        'Invalid channel_id: a channel ID is up to 100 letters, digits, dots, dashes and underscores',
      )
    const queued = await queue.videos(channelId).catch((error: unknown) => {
      if (error instanceof ServiceReadError) return error
      throw error
    })
    if (queued instanceof ServiceReadError)
      return sendError(
        res,
        502,
        `The service could not say which channels exist: ${queued.message}`,
      )
    if (!queued)
      return sendError(res, 404, `No such channel: the service names no channel ${channelId}`)
    sendJson(res, 200, queued)
  }
}
