/** Runs tasks one after another per key; tasks of different keys run concurrently. */
export class KeyedQueue {
  private readonly tails = new Map<string, Promise<void>>()

  async run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const result = (this.tails.get(key) ?? Promise.resolve()).then(task)
    const settled = result.then(
      () => undefined,
      () => undefined,
    )
    this.tails.set(key, settled)
    try {
      return await result
    } finally {
      if (this.tails.get(key) === settled) this.tails.delete(key)
    }
  }
}
