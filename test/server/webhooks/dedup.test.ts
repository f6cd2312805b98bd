import { expect, it } from 'vitest'
import { createMemoryLedger } from '../../../server/dashboard/live/dedup.ts'
import { dedupKey, parseServiceEvent } from '../../../server/dashboard/live/service-event.ts'

const day = 24 * 60 * 60_000

it('ignores a redelivery for the whole retry schedule (over three days), not only five minutes', async () => {
  const first = 1_790_000_000_000
  let now = first
  const ledger = createMemoryLedger(() => now)
  expect(await ledger.claim('video_updated:v1:1790000000')).toBe(true)
  for (const later of [10 * 60_000, 1 * day, 3 * day + 60_000, 6 * day]) {
    now = first + later
    expect(await ledger.claim('video_updated:v1:1790000000')).toBe(false)
  }
  now = first + 7 * day + 1
  expect(await ledger.claim('video_updated:v1:1790000000')).toBe(true)
})

it('keys events as documented: type, video id (import id for a failed import) and created', () => {
  const updated = parseServiceEvent({
    event_type: 'video_updated',
    created: 1_790_000_000,
    business_id: 'b1',
    data: { id: 'v1', import_id: 'i9' },
  })
  const failed = parseServiceEvent({
    event_type: 'video_import_failed',
    created: 1_790_000_000,
    business_id: 'b1',
    data: { import_id: 'i9', reason: 'download_failed' },
  })
  expect(updated && dedupKey(updated)).toBe('video_updated:v1:1790000000')
  expect(failed && dedupKey(failed)).toBe('video_import_failed:i9:1790000000')
  expect(
    parseServiceEvent({
      event_type: 'video_deleted',
      created: 1,
      business_id: 'b',
      data: { id: 'v' },
    }),
  ).toBeNull()
  expect(
    parseServiceEvent({
      event_type: 'video_updated',
      created: '1',
      business_id: 'b',
      data: { id: 'v' },
    }),
  ).toBeNull()
})
