import { ServiceError } from '@/api/client'

export interface CreationQueueOptions<Job, Result> {
  create: (job: Job) => Promise<Result>
  /** The queue is held until this time (ms) by the service's rate limit; null when it runs again. */
  onHeld?: (until: number | null) => void
  now?: () => number
  sleep?: (ms: number) => Promise<void>
}

const fallbackWaitSeconds = 30

// Videos are created one at a time, in the order their files finished. A 429 holds the whole queue
// for Retry-After and then retries the same video, so files are created in order once allowed and
// none is skipped; any other refusal fails only its own video.
export function createCreationQueue<Job, Result>(options: CreationQueueOptions<Job, Result>) {
  const now = options.now ?? Date.now
  const sleep =
    options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)))
  let tail: Promise<unknown> = Promise.resolve()

  async function attempt(job: Job): Promise<Result> {
    for (;;) {
      try {
        return await options.create(job)
      } catch (error) {
        if (!(error instanceof ServiceError) || error.status !== 429) throw error
        const until = now() + (error.retryAfter ?? fallbackWaitSeconds) * 1000
        options.onHeld?.(until)
        await sleep(Math.max(0, until - now()))
        options.onHeld?.(null)
      }
    }
  }

  return {
    enqueue(job: Job): Promise<Result> {
      const result = tail.then(() => attempt(job))
      tail = result.catch(() => {})
      return result
    },
  }
}
