import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'
import { SIGNATURE_HEADER } from '../../../server/dashboard/live/verify-signature.ts'

/** A webhook as the sandbox signed and sent it. */
export interface Delivery {
  body: Buffer
  signature: string
  // biome-ignore lint/suspicious/noExplicitAny: the event is read by the assertions
  event: any
}

const readBody = (req: IncomingMessage) =>
  new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => resolve(Buffer.concat(chunks)))
    req.on('error', reject)
  })

/**
 * Where the sandbox sends its signed webhooks: each is kept (a test delivers it again, or late,
 * as the service may) and passed on to every dashboard given, as when a balancer's retries reach
 * two replicas. The sandbox is answered as the first dashboard answered.
 */
export async function startWebhookTee() {
  const deliveries: Delivery[] = []
  let targets: string[] = []
  let holding = false
  const server = createServer(async (req, res) => {
    const body = await readBody(req)
    const signature = String(req.headers[SIGNATURE_HEADER] ?? '')
    deliveries.push({ body, signature, event: JSON.parse(body.toString('utf8')) })
    if (holding || targets.length === 0) {
      res.writeHead(202).end()
      return
    }
    const answers = await Promise.all(targets.map((target) => deliver(target, body, signature)))
    res.writeHead(answers[0] ?? 202).end()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    deliveries,
    /** The dashboards each webhook is passed on to. */
    passTo(urls: string[]) {
      targets = urls
    },
    /** While held, webhooks are kept but not passed on (a test delivers them itself). */
    hold(held: boolean) {
      holding = held
    },
    async close() {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

/** Posts a kept delivery to a dashboard, byte for byte as the sandbox signed it. */
export async function deliver(dashboardUrl: string, body: Buffer, signature: string) {
  const response = await fetch(`${dashboardUrl}/webhooks/service`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signature },
    body: new Uint8Array(body),
  })
  await response.arrayBuffer()
  return response.status
}
