import { type Agent, get } from 'node:http'

export interface SseClient {
  /** When each service event (by its video id) arrived, `performance.now()` of this process. */
  arrivals: Map<string, number>
  /** When the next event about `id` arrives (one that has already arrived, at once). */
  arrivalOf(id: string): Promise<number>
  close(): void
}

// Plain Node SSE readers for the benchmark: each connection keeps the time every `service`
// event arrived. Resolves once the stream has said `ready`.
export function openSseClient(
  url: string,
  agent: Agent,
  headers: Record<string, string>,
): Promise<SseClient> {
  return new Promise((resolve, reject) => {
    const arrivals = new Map<string, number>()
    const waiting = new Map<string, (at: number) => void>()
    const arrivalOf = (id: string) =>
      new Promise<number>((resolve) => {
        const at = arrivals.get(id)
        if (at === undefined) waiting.set(id, resolve)
        else resolve(at)
      })
    const request = get(`${url}/events`, { agent, headers }, (response) => {
      let text = ''
      response.setEncoding('utf8')
      response.on('data', (chunk: string) => {
        text += chunk
        let end = text.indexOf('\n\n')
        while (end >= 0) {
          const block = text.slice(0, end)
          text = text.slice(end + 2)
          if (block.includes('event: ready'))
            resolve({ arrivals, arrivalOf, close: () => request.destroy() })
          if (block.includes('event: service')) {
            const data = block.split('\n').find((line) => line.startsWith('data: ')) ?? ''
            const id = (JSON.parse(data.slice(6)) as { data: { id: string } }).data.id
            const at = performance.now()
            arrivals.set(id, at)
            waiting.get(id)?.(at)
            waiting.delete(id)
          }
          end = text.indexOf('\n\n')
        }
      })
    })
    request.on('error', reject)
  })
}

/**
 * What the bench server's JavaScript holds (heap and buffers), in bytes, after it has collected
 * garbage: it writes its `process.memoryUsage()` to `file` when sent SIGUSR2 (bench/ui/server.ts).
 */
export async function heldBytes(pid: number, file: string): Promise<number> {
  const { readFile, rm } = await import('node:fs/promises')
  await rm(file, { force: true })
  process.kill(pid, 'SIGUSR2')
  for (let attempt = 0; attempt < 100; attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 50))
    const text = await readFile(file, 'utf8').catch(() => '')
    if (text) {
      const usage = JSON.parse(text) as { heapUsed: number; external: number }
      return usage.heapUsed + usage.external
    }
  }
  throw new Error('the server did not report its memory')
}
