import { Agent, request } from 'node:http'
import { expect, it } from 'vitest'
import { dashboardWithFakeService } from '../dashboard/dashboard-for.ts'
import { type BadDelivery, badDeliveries } from './bad-deliveries.ts'
import { delivery, openEvents, postWebhook, videoEvent } from './support.ts'

const secret = 'whsec_corpus'
const running = dashboardWithFakeService('file', { webhookSecrets: [secret] })
const agent = new Agent({ keepAlive: true, maxSockets: 16 })

function send(url: string, bad: BadDelivery): Promise<number> {
  const target = new URL('/webhooks/service', url)
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        agent,
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': String(bad.body.length),
          // An array value is sent as that many header lines (a duplicated header).
          ...Object.fromEntries(
            [...new Set(bad.headers.map(([name]) => name))].map((name) => [
              name,
              bad.headers.filter(([each]) => each === name).map(([, value]) => value),
            ]),
          ),
        },
      },
      (response) => {
        response.resume()
        response.on('end', () => resolve(response.statusCode ?? 0))
      },
    )
    outgoing.on('error', reject)
    outgoing.end(bad.body)
  })
}

it('refuses 10,000 bad deliveries with 4xx, applies none, and stays responsive', async () => {
  const { url } = running.dashboard
  const stream = await openEvents(running.dashboard)
  const corpus = badDeliveries(secret, 9_980, Date.now())
  for (let index = 0; index < 20; index++) {
    const signed = delivery(secret, {
      ...videoEvent(`big-${index}`, 1_790_000_000),
      pad: 'x'.repeat(1024 * 1024),
    })
    corpus.push({
      kind: 'oversized',
      body: Buffer.from(signed.body),
      headers: [['service-webhooks-signature', signed.signature]],
    })
  }
  expect(corpus).toHaveLength(10_000)

  const statuses = new Map<number, number>()
  const queue = [...corpus]
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      for (let bad = queue.shift(); bad; bad = queue.shift()) {
        const status = await send(url, bad).catch(() => 0)
        statuses.set(status, (statuses.get(status) ?? 0) + 1)
        if (status < 400 || status >= 500) throw new Error(`${bad.kind} answered ${status}`)
      }
    }),
  )
  expect([...statuses.keys()].every((status) => status >= 400 && status < 500)).toBe(true)
  expect(Object.fromEntries(statuses)).toMatchObject({ 413: 20 })

  // Still answering, and a genuine delivery is the only event any stream ever saw.
  const good = delivery(secret, videoEvent('genuine', 1_790_000_001))
  expect((await postWebhook(url, good.body, good.signature)).status).toBe(202)
  await expect.poll(() => stream.events.length, { timeout: 5_000 }).toBe(1)
  expect(JSON.parse(stream.events[0]?.data ?? '').data.id).toBe('genuine')
  await stream.close()
  agent.destroy()
}, 120_000)
