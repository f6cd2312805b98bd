const HOUR_MS = 60 * 60_000

export const WEBHOOK_MAX_ATTEMPTS = 6

/**
 * Reading of the spec's "attempts 1 to 3 back off 1 hour; attempts 4 to 6 back off 24 hours;
 * at most 6 attempts": after failed attempt n = 1, 2, 3 the next try waits 1 h; after failed
 * attempt n = 4, 5 it waits 24 h; a failed attempt 6 drops the event. Returns the unscaled
 * delay in ms, or null when the event is to be dropped.
 */
export function webhookRetryDelayMs(failedAttempt: number): number | null {
  if (failedAttempt >= WEBHOOK_MAX_ATTEMPTS) return null
  return failedAttempt <= 3 ? HOUR_MS : 24 * HOUR_MS
}
