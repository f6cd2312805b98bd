import { toServiceError } from '@/api/client'
import { asSentence } from '@/lib/format'

// Why a change was not saved, in the marketer's words, and what the screen did about it.
export function saveFailureMessage(error: unknown): string {
  const { status, message } = toServiceError(error)
  const reason =
    status === 403
      ? asSentence(message)
      : status === 404
        ? 'The playlist, or one of its videos, no longer exists.'
        : status === 422 && /AI feed/i.test(message)
          ? 'Pinning needs a playlist with an AI feed, and this one has none.'
          : status === 422
            ? asSentence(`The service refused it: ${message}`)
            : status === 0
              ? 'The service could not be reached; check the connection.'
              : status >= 500
                ? `The service failed to save it (HTTP ${status}: ${message}).`
                : asSentence(message)
  return `Not saved. ${reason} The playlist shows the order the service holds.`
}
