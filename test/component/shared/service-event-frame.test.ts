import { expect, it } from 'vitest'
import { readServiceEventFrame } from '@/api/service-event-frame'

const updated = {
  event_type: 'video_updated',
  version: '2023-06-06',
  created: 1_764_000_000,
  business_id: 'b1',
  data: { id: 'v1', caption: 'Spring drop' },
}

it('reads the events the contract names from the stream’s frames', () => {
  expect(readServiceEventFrame(JSON.stringify(updated))).toEqual(updated)
  const failed = { ...updated, event_type: 'video_import_failed', data: { import_id: 'i1' } }
  expect(readServiceEventFrame(JSON.stringify(failed))).toEqual(failed)
})

it('skips a frame that is not an event this app knows, rather than failing', () => {
  for (const text of [
    'not json',
    'null',
    '"video_updated"',
    JSON.stringify({ ...updated, event_type: 'video_deleted' }),
    JSON.stringify({ ...updated, event_type: 'toString' }),
    JSON.stringify({ ...updated, data: null }),
  ])
    expect(readServiceEventFrame(text), text).toBeNull()
})
