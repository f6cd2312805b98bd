import { expect, it } from 'vitest'
import { parseServiceEvent } from '@/api/service-event.ts'
import { createMemoryLedger, dedupKey } from '../../../server/dashboard/live/dedup.ts'
import { videoEvent } from './support.ts'

const day = 24 * 60 * 60_000

it('ignores a redelivery for the whole retry schedule (over three days), not only five minutes', async () => {
  const first = 1_790_000_000_000
  let now = first
  const ledger = createMemoryLedger(() => now)
  const claim = await ledger.claim('video_updated:v1:1790000000:digest')
  expect(claim.state).toBe('claimed')
  await ledger.markApplied('video_updated:v1:1790000000:digest')
  for (const later of [10 * 60_000, 1 * day, 3 * day + 60_000, 6 * day]) {
    now = first + later
    expect(await ledger.claim('video_updated:v1:1790000000:digest')).toEqual({ state: 'applied' })
  }
  now = first + 7 * day + 1
  expect((await ledger.claim('video_updated:v1:1790000000:digest')).state).toBe('claimed')
})

it('holds a key while its event is applied, and frees it if applying failed', async () => {
  const ledger = createMemoryLedger()
  const claim = await ledger.claim('k')
  expect(await ledger.claim('k')).toEqual({ state: 'applying' })
  if (claim.state !== 'claimed') throw new Error('the first claim should hold the key')
  await ledger.release('k', 'another delivery’s token')
  expect(await ledger.claim('k')).toEqual({ state: 'applying' })
  await ledger.release('k', claim.token)
  expect((await ledger.claim('k')).state).toBe('claimed')
})

it('keys events by type, video id (import id for a failed import), created and a digest of data', () => {
  const event = videoEvent('v1', 1_790_000_000)
  const updated = parseServiceEvent(event)
  const reordered = parseServiceEvent({
    ...event,
    data: Object.fromEntries(Object.entries(event.data).reverse()),
  })
  const changed = parseServiceEvent(
    videoEvent('v1', 1_790_000_000, 'video_updated', { caption: 'new' }),
  )
  const failed = parseServiceEvent({
    event_type: 'video_import_failed',
    version: '2023-06-06',
    created: 1_790_000_000,
    business_id: 'b1',
    data: { import_id: 'i9', reason: 'download_failed' },
  })
  if (!updated || !reordered || !changed || !failed) throw new Error('all four are events')
  expect(dedupKey(updated)).toMatch(/^video_updated:v1:1790000000:[\w-]{43}$/)
  expect(dedupKey(failed)).toMatch(/^video_import_failed:i9:1790000000:[\w-]{43}$/)
  expect(dedupKey(reordered)).toBe(dedupKey(updated))
  expect(dedupKey(changed)).not.toBe(dedupKey(updated))
})

it('parses events with the contract’s schemas, refusing other types and malformed envelopes', () => {
  const event = videoEvent('v', 1)
  expect(parseServiceEvent({ ...event, event_type: 'video_deleted' })).toBeNull()
  expect(parseServiceEvent({ ...event, created: '1' })).toBeNull()
  expect(parseServiceEvent({ ...event, data: { id: 'v', status: 'approved' } })).toBeNull()
  expect(parseServiceEvent({ ...event, extra: 'dropped' })).toEqual(event)
})
