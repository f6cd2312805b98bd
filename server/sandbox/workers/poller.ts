// Runs one batch of background work at a time: again at once while a batch reports more work,
// otherwise after the interval or when poked. Errors are logged and never stop the loop.
export function createPoller(
  name: string,
  batch: () => Promise<boolean>,
  intervalMs: number,
  log: (m: string) => void,
) {
  let timer: NodeJS.Timeout | undefined
  let running = false
  let again = false
  let stopped = true

  async function run() {
    if (stopped) return
    if (running) {
      again = true
      return
    }
    running = true
    clearTimeout(timer)
    try {
      let more = true
      while (more && !stopped) {
        again = false
        more = (await batch()) || again
      }
    } catch (error) {
      log(`${name} worker: ${(error as Error).stack ?? error}`)
    } finally {
      running = false
      if (!stopped) timer = setTimeout(run, intervalMs)
    }
  }

  return {
    start() {
      stopped = false
      timer = setTimeout(run, 0)
    },
    poke() {
      if (!stopped) setImmediate(run)
    },
    async stop() {
      stopped = true
      clearTimeout(timer)
      while (running) await new Promise((resolve) => setTimeout(resolve, 5))
    },
  }
}
