import { connect } from 'node:net'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { waitUntil } from '../wait-until.ts'
import { delivery, postWebhook, videoEvent } from '../webhooks/support.ts'
import { type LiveDashboard, startLiveDashboards } from './live-dashboards.ts'

const secret = 'whsec_slow_reader'
const MiB = 1024 * 1024
let live: Awaited<ReturnType<typeof startLiveDashboards>>
let dashboard: LiveDashboard
beforeAll(async () => {
  live = await startLiveDashboards(1, { webhookSecrets: [secret] })
  dashboard = live.dashboards[0] as LiveDashboard
})
afterAll(async () => {
  await live?.close()
})

/** A raw connection reading `/events` until the stream says ready, then reading no more. */
async function openStalledStream(cookie: string) {
  const { hostname, port } = new URL(dashboard.url)
  const socket = connect(Number(port), hostname)
  let received = 0
  let closed = false
  socket.on('close', () => {
    closed = true
  })
  socket.on('error', () => {})
  await new Promise<void>((resolve, reject) => {
    let head: string | null = ''
    socket.on('data', (chunk: Buffer) => {
      received += chunk.length
      if (head === null) return
      head += chunk.toString('latin1')
      if (head.includes('event: ready')) {
        head = null
        socket.pause()
        resolve()
      }
    })
    socket.once('error', reject)
    socket.write(
      `GET /events HTTP/1.1\r\nHost: ${dashboard.url.slice(7)}\r\nCookie: ${cookie}\r\n\r\n`,
    )
  })
  return {
    get received() {
      return received
    },
    get closed() {
      return closed
    },
    resume: () => socket.resume(),
  }
}

it('drops a stream whose client stopped reading once its unsent buffer passes a bound', async () => {
  const session = await live.signIn('editor')
  const stalled = await openStalledStream(session.cookie ?? '')
  // 40 events of about 900 KB: 36 MB, far more than the sockets on both sides hold.
  let sent = 0
  for (
    let index = 0;
    index < 40 && !dashboard.logs.some((line) => line.includes('stopped reading'));
    index++
  ) {
    const caption = `${index} ${'x'.repeat(900_000)}`
    const signed = delivery(
      secret,
      videoEvent('vid-big', 1_790_200_000 + index, 'video_updated', { caption }),
    )
    expect((await postWebhook(dashboard.url, signed.body, signed.signature)).status).toBe(202)
    sent += signed.body.length
  }
  await waitUntil(
    () => dashboard.logs.some((line) => line.includes('stopped reading')),
    'the stalled stream to be dropped',
  )
  const line = dashboard.logs.find((each) => each.includes('stopped reading')) ?? ''
  const unsent = Number(JSON.parse(line).unsentBytes)
  // The bound (1 MiB) plus the one event whose write passed it.
  expect(unsent).toBeGreaterThan(MiB)
  expect(unsent).toBeLessThan(2 * MiB)

  // What the server had sent is read, and then the connection is gone: nothing more was queued.
  stalled.resume()
  await waitUntil(() => stalled.closed, 'the dropped connection to close')
  expect(stalled.received).toBeLessThan(sent)
})
