import { ApiError } from '../http/api-error.ts'

// 20 creations per 5 minutes per channel (configurable): a sliding window of the channel's recent
// creations. Retry-After is the time until the oldest one leaves the window.
export function createCreationRate(limit: { count: number; windowMs: number }) {
  const recent = new Map<number, number[]>()

  function inWindow(channelId: number, now: number): number[] {
    const list = (recent.get(channelId) ?? []).filter((at) => at > now - limit.windowMs)
    recent.set(channelId, list)
    return list
  }

  return {
    check(channelId: number, now: number) {
      const list = inWindow(channelId, now)
      if (list.length < limit.count) return
      const oldest = list[0] ?? now
      const retryAfter = Math.max(1, Math.ceil((oldest + limit.windowMs - now) / 1000))
      throw new ApiError(
        429,
        `Rate limit exceeded: at most ${limit.count} videos per ${limit.windowMs / 1000} seconds per channel`,
        { 'Retry-After': String(retryAfter) },
      )
    },
    record(channelId: number, now: number) {
      inWindow(channelId, now).push(now)
    },
  }
}

export type CreationRate = ReturnType<typeof createCreationRate>
