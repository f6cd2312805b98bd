import { ServiceError } from '@/api/client'
import { startProductMatching } from '@/api/generated/sdk.gen'

/** Starts the AI's product matching on a video (202); `autoAccept` attaches what it finds. */
export const startMatching = (videoId: string, autoAccept: boolean) =>
  startProductMatching({
    path: { video_id: videoId },
    body: { auto_accept: autoAccept },
    throwOnError: true,
  }).then((response) => response.data)

/** Why matching did not start, in plain words (402 and 409 are the sandbox's assumed statuses). */
export function matchingRefusal(error: unknown): string {
  if (error instanceof ServiceError) {
    if (error.status === 402)
      return 'The business has used up its product-matching quota. Matching can start again once the plan allows more jobs.'
    if (error.status === 409) return 'A matching job is already running for this video.'
  }
  return error instanceof Error ? error.message : String(error)
}
