// bench:live's measure of the server's own handling, in a process of its own: it posts each signed
// `video_updated` and times it to the event's frame on a plain SSE stream it holds. In the
// benchmark's process the same stamps waited on Playwright's traffic with the measured tab (up to
// 20 ms at p95 on a 2-core machine), which is no part of the server's handling.
// Asked over IPC: { open: { url, headers, secret } }, then { send: videoId } for each event;
// answers { ready: true }, then { sentAt, ms } (sentAt in the wall clock's milliseconds, as the
// tab stamps its paint).
import { Agent, request } from 'node:http'
import { openSseClient, type SseClient } from './sse-clients.ts'
import { signedVideoUpdated } from './webhook-body.ts'

type Ask =
  | { open: { url: string; headers: Record<string, string>; secret: string } }
  | { send: string }

const agent = new Agent({ keepAlive: true })
let target: { url: string; secret: string } | null = null
let stream: SseClient | null = null

const reply = (message: unknown) => process.send?.(message)

function post(url: string, secret: string, videoId: string): Promise<number> {
  const { body, headers } = signedVideoUpdated(secret, videoId)
  return new Promise((resolve, reject) => {
    const outgoing = request(
      `${url}/webhooks/service`,
      {
        method: 'POST',
        agent,
        headers: { ...headers, 'content-length': Buffer.byteLength(body) },
      },
      (response) => {
        response.resume()
        response.on('end', () => resolve(response.statusCode ?? 0))
      },
    )
    outgoing.on('error', reject)
    outgoing.end(body)
  })
}

function arrival(client: SseClient, videoId: string): Promise<number> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no SSE frame for ${videoId} within 5 s`)), 5_000)
  })
  return Promise.race([client.arrivalOf(videoId), late]).finally(() => clearTimeout(timer))
}

process.on('message', async (ask: Ask) => {
  try {
    if ('open' in ask) {
      target = ask.open
      stream = await openSseClient(ask.open.url, agent, ask.open.headers)
      return reply({ ready: true })
    }
    if (!target || !stream) throw new Error('asked to send before the stream was open')
    stream.arrivals.delete(ask.send)
    const arrived = arrival(stream, ask.send)
    arrived.catch(() => {})
    const sent = performance.now()
    const status = await post(target.url, target.secret, ask.send)
    if (status !== 202) throw new Error(`webhook answered ${status}`)
    reply({ sentAt: performance.timeOrigin + sent, ms: (await arrived) - sent })
  } catch (error) {
    reply({ error: String(error) })
  }
})
process.on('disconnect', () => {
  stream?.close()
  agent.destroy()
})
