import { expect, it } from 'vitest'
import { toFilters } from '../../../src/features/videos/library/library-search'

it('turns URL search params into list filters, leaving out what is not set', () => {
  expect(toFilters({})).toEqual({})
  expect(
    toFilters({
      q: 'dress',
      status: 'approved',
      published: false,
      archived: true,
      hashtag: '#Sale',
      type: 'live_stream',
      view: 'table',
      channel: 'c1',
    }),
  ).toEqual({
    q: 'dress',
    status: 'approved',
    published: false,
    archived: true,
    hashtag: '#Sale',
    video_type: 'live_stream',
  })
  expect(toFilters({ archived: false, q: '' })).toEqual({})
})
