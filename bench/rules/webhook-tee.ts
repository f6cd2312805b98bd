import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'
import { SIGNATURE_HEADER } from '../../server/dashboard/live/verify-signature.ts'

/** One event the sandbox sent, as the tee passed it on. */
export interface TeeEvent {
  /** The service's dedup key: event type, video and second (section 6.5). */
  key: string
  type: string
  videoId: string
  created: number
  // biome-ignore lint/suspicious/noExplicitAny: the snapshot is read by the burst and the tally
  data: any
  /** When the sandbox handed it over, and when it was first sent on to a replica. */
  arrivedAt: number
  firstSentAt: number | null
  held: boolean
  /** Deliveries answered 2xx, and those told to wait (503 with Retry-After) and sent again. */
  accepted: number
  retried: number
  /** The replicas that answered 2xx, in order. */
  acceptedBy: string[]
}

export interface TeeOptions {
  /** Share of events held back before their first delivery, so later ones overtake them. */
  reorderShare: number
  /** How long a held event waits, at most (uniformly from a fifth of it). */
  holdMs: number
  /** The second delivery follows the first by up to this long. */
  redeliverMs: number
  random: () => number
}

const readBody = (req: IncomingMessage) =>
  new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => resolve(Buffer.concat(chunks)))
    req.on('error', reject)
  })

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Where the sandbox sends its signed webhooks, standing for the network and the service's own
 * retries: each event is delivered twice, byte for byte as signed, first to one replica and a
 * moment later to the other; some are held back so that later events overtake them. A replica
 * that cannot be reached (stopped) is skipped for a live one, as a balancer does; a 503 with
 * Retry-After ("being applied", "starting") is sent again a second later, as the service would
 * later. Any other answer but 2xx is kept as unexpected, for the benchmark to fail on.
 */
export async function startWebhookTee(options: TeeOptions) {
  const events: TeeEvent[] = []
  const unexpected: string[] = []
  let targets: { url: string; down: boolean }[] = []
  let turn = 0
  let inFlight = 0
  const listeners: ((event: TeeEvent) => void)[] = []

  async function deliverOnce(first: number, body: Buffer, signature: string, event: TeeEvent) {
    // Events sent before any replica is up (the seed's last videos finishing) wait for one.
    while (targets.length === 0) await sleep(200)
    for (let attempt = 0; ; attempt++) {
      const live = targets.filter((target) => !target.down)
      if (live.length === 0) throw new Error('the webhook tee has no replica left to deliver to')
      const target = targets[first % targets.length]?.down
        ? live[attempt % live.length]
        : targets[first % targets.length]
      if (!target) throw new Error('the webhook tee has no replica to deliver to')
      event.firstSentAt ??= Date.now()
      const status = await fetch(`${target.url}/webhooks/service`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signature },
        body: new Uint8Array(body),
      }).then(
        async (response) => {
          await response.arrayBuffer()
          return response.headers.get('retry-after') && response.status === 503
            ? 'later'
            : response.status
        },
        () => 'unreachable' as const,
      )
      if (typeof status === 'number' && status >= 200 && status < 300) {
        event.accepted++
        event.acceptedBy.push(target.url)
        return
      }
      if (status === 'unreachable') {
        target.down = true
        continue
      }
      if (status === 'later') {
        event.retried++
        if (attempt > 120) throw new Error(`${event.key}: still told to wait after 2 minutes`)
        await sleep(1_000)
        continue
      }
      unexpected.push(`${status} for ${event.key} from ${target.url}`)
      return
    }
  }

  async function passOn(event: TeeEvent, body: Buffer, signature: string) {
    inFlight++
    try {
      if (event.held) await sleep(options.holdMs * (0.2 + 0.8 * options.random()))
      const first = turn++
      await deliverOnce(first, body, signature, event)
      for (const listener of listeners) listener(event)
      await sleep(options.redeliverMs * options.random())
      await deliverOnce(first + 1, body, signature, event)
    } catch (error) {
      unexpected.push(String(error))
    } finally {
      inFlight--
    }
  }

  const server = createServer(async (req, res) => {
    const body = await readBody(req)
    const signature = String(req.headers[SIGNATURE_HEADER] ?? '')
    res.writeHead(202).end()
    const parsed = JSON.parse(body.toString('utf8'))
    const videoId = String(parsed.data?.id ?? parsed.data?.import_id ?? '')
    const event: TeeEvent = {
      key: `${parsed.event_type}|${videoId}|${parsed.created}`,
      type: parsed.event_type,
      videoId,
      created: parsed.created,
      data: parsed.data,
      arrivedAt: Date.now(),
      firstSentAt: null,
      held: options.random() < options.reorderShare,
      accepted: 0,
      retried: 0,
      acceptedBy: [],
    }
    events.push(event)
    void passOn(event, body, signature)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    events,
    unexpected,
    /** The replicas each event goes to (the first, then the other). */
    passTo(urls: string[]) {
      targets = urls.map((url) => ({ url, down: false }))
    },
    /** A replica stopped: the balancer sends it nothing more. */
    markDown(url: string) {
      for (const target of targets) if (target.url === url) target.down = true
    },
    /** Calls `listener` with each event once its first delivery was accepted. */
    onDelivered(listener: (event: TeeEvent) => void) {
      listeners.push(listener)
    },
    /** Deliveries still going (held, waiting or in flight). */
    busy: () => inFlight,
    async close() {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

export type WebhookTee = Awaited<ReturnType<typeof startWebhookTee>>
