import * as v from 'valibot'
import { expect, it } from 'vitest'
import { librarySearchSchema } from '@/features/videos/library/library-search'
import { toFilters } from '@/lib/video-search'

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

it('keeps the values the contract allows and drops the rest instead of failing the page', () => {
  expect(
    v.parse(librarySearchSchema, {
      status: 'errored',
      access: 'unlisted',
      type: 'live_stream',
      view: 'table',
      q: 'dress',
    }),
  ).toEqual({
    status: 'errored',
    access: 'unlisted',
    type: 'live_stream',
    view: 'table',
    q: 'dress',
  })
  expect(
    v.parse(librarySearchSchema, {
      status: 'done',
      access: 'secret',
      type: 'clip',
      published: 'yes',
    }),
  ).toEqual({})
})
