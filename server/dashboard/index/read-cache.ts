export interface ReadCacheOptions {
  /** How long an answer is kept; 0 shares reads in flight only. */
  maxAgeMs: number
  /** Answers kept at most; the least recently used goes first. */
  maxEntries: number
  now?: () => number
}

/**
 * Answers by key, shared and kept: identical reads at once wait for one read (single flight),
 * and its answer is kept for `maxAgeMs` unless the index changes first (`forget`, `clear`). A
 * read that began before a change is not kept after it, and a read asked for after a change
 * does not wait for one that began before.
 */
export function createReadCache<T>(options: ReadCacheOptions) {
  const now = options.now ?? Date.now
  const kept = new Map<string, { value: T; at: number }>()
  const flights = new Map<string, Promise<T>>()
  // Bumped by every change: a read started under an older one is not kept.
  let generation = 0

  function keep(key: string, value: T, at: number) {
    kept.delete(key)
    kept.set(key, { value, at })
    if (kept.size > options.maxEntries) kept.delete(kept.keys().next().value as string)
  }

  return {
    read(key: string, read: () => Promise<T>): Promise<T> {
      const entry = kept.get(key)
      if (entry && now() - entry.at < options.maxAgeMs) {
        keep(key, entry.value, entry.at)
        return Promise.resolve(entry.value)
      }
      const flying = flights.get(key)
      if (flying) return flying
      const started = generation
      const at = now()
      const flight = read()
        .then((value) => {
          if (options.maxAgeMs > 0 && generation === started) keep(key, value, at)
          return value
        })
        .finally(() => {
          if (flights.get(key) === flight) flights.delete(key)
        })
      flights.set(key, flight)
      return flight
    },
    forget(key: string) {
      generation++
      kept.delete(key)
      flights.delete(key)
    },
    clear() {
      generation++
      kept.clear()
      flights.clear()
    },
  }
}

export type ReadCache<T> = ReturnType<typeof createReadCache<T>>
