import { ServiceError } from '@/api/client'

// Outages (no answer, 5xx) are retried with growing waits; a refusal (4xx) is final and returned
// at once so its reason reaches the marketer.
export async function withRetry<Result>(
  work: () => Promise<Result>,
  options: { delays?: number[]; signal?: AbortSignal; sleep?: (ms: number) => Promise<void> } = {},
): Promise<Result> {
  const delays = options.delays ?? [500, 1500, 4000, 10_000]
  const sleep =
    options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)))
  for (let attempt = 0; ; attempt++) {
    try {
      return await work()
    } catch (error) {
      const transient =
        !(error instanceof ServiceError) || error.status === 0 || error.status >= 500
      const aborted =
        options.signal?.aborted || (error instanceof DOMException && error.name === 'AbortError')
      const delay = delays[attempt]
      if (!transient || aborted || delay === undefined) throw error
      await sleep(delay)
    }
  }
}
