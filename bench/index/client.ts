/**
 * bench:index's requests as the signed-in admin. A 429 or 503 with Retry-After (the index's
 * bounds on one account's requests) is waited out as it says and asked again, and counted;
 * `timed` times the answer only, so a figure is what a query takes, not how the bench is paced.
 */
export function benchClient(url: string, session: Record<string, string>) {
  let waits = 0
  async function answered(path: string, init?: RequestInit) {
    for (;;) {
      const started = performance.now()
      const response = await fetch(`${url}${path}`, {
        ...init,
        headers: { ...session, ...init?.headers },
      })
      const retryAfter = Number(response.headers.get('retry-after'))
      if ((response.status === 429 || response.status === 503) && retryAfter > 0) {
        waits++
        await response.arrayBuffer()
        await new Promise((resolve) => setTimeout(resolve, retryAfter * 1000))
        continue
      }
      if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`)
      return { response, started }
    }
  }
  return {
    async json<T>(path: string, init?: RequestInit): Promise<T> {
      return (await (await answered(path, init)).response.json()) as T
    },
    async timed(path: string): Promise<number> {
      const { response, started } = await answered(path)
      await response.json()
      return performance.now() - started
    },
    /** Requests told to wait so far. */
    waits: () => waits,
  }
}
