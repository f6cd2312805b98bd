import type { Video } from '../../src/api/generated/types.gen.ts'
import type { ServiceEvent } from '../../src/api/service-event.ts'
import type { ServiceReader } from './forwarding/service-client.ts'
import type { MerchIndex } from './index/merch-index.ts'
import { type DeliveryLedger, dedupKey } from './live/dedup.ts'
import { createVideoReread } from './live/reread-video.ts'
import { createWebhookReceiver } from './live/webhook-receiver.ts'
import type { Log } from './ops/logger.ts'
import type { createMetrics } from './ops/metrics.ts'

/**
 * POST /webhooks/service: each event applied to the index, sent to the browsers, then answered
 * once the rules' runs of it are claimed; an event that names a video but cannot be read in full
 * has the video read again from the service. The index and the reader exist once the service is
 * known.
 */
export function serviceWebhooks(deps: {
  secrets: readonly string[]
  ledger: DeliveryLedger
  index: () => MerchIndex | null
  reader: () => ServiceReader | null
  publish: (event: ServiceEvent) => Promise<void>
  metrics: ReturnType<typeof createMetrics>
  log: Log
}) {
  return createWebhookReceiver({
    secrets: deps.secrets,
    ledger: deps.ledger,
    apply: async (event) => {
      const index = deps.index()
      const key = dedupKey(event)
      // Into the index first: if the database cannot take it, the service delivers it again.
      await index?.applyEvent(event, key)
      await deps.publish(event)
      // Answered once the rules hold the runs it wakes (decision 0024); the screens heard first.
      await index?.taken(key)
    },
    reread: createVideoReread({
      read: async (id) => {
        const reader = deps.reader()
        if (!reader) throw new Error('not connected to the service yet')
        return reader.get<Video>(`/api/v1/videos/${encodeURIComponent(id)}`)
      },
      index: deps.index,
      publish: deps.publish,
      log: deps.log,
    }),
    onDuplicate: () => deps.metrics.webhooksDuplicate.inc(),
    onUnreadable: () => deps.metrics.webhooksUnreadable.inc(),
    log: deps.log,
  })
}
