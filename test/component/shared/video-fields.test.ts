import { expect, expectTypeOf, it } from 'vitest'
import type { SparseVideo, Video } from '@/api/generated/types.gen'
import { fullVideo, withFields } from '@/api/video-fields'
import { makeVideo as video } from '../support/fixtures'

it('gives the fields asked for, typed as present, when the answer holds them', () => {
  const answer: SparseVideo = { id: 'v1', caption: 'Linen dress', duration: null }
  const narrowed = withFields(answer, ['caption', 'duration'] as const)
  expectTypeOf(narrowed).toEqualTypeOf<Pick<Video, 'id' | 'caption' | 'duration'>>()
  expect(narrowed).toEqual({ id: 'v1', caption: 'Linen dress', duration: null })
})

it('names the fields an answer left out instead of passing undefined on', () => {
  const answer: SparseVideo = { id: 'v1', caption: 'Linen dress' }
  expect(() => withFields(answer, ['caption', 'thumbnail_url', 'hashtags'])).toThrow(
    'The video service answered video v1 without thumbnail_url, hashtags.',
  )
})

it('takes a whole Video as full and refuses a sparse one', () => {
  const whole = video({ id: 'v2' })
  expectTypeOf(fullVideo(whole)).toEqualTypeOf<Video>()
  expect(fullVideo(whole)).toBe(whole)
  const { watch_url: _dropped, ...partial } = whole
  expect(() => fullVideo(partial)).toThrow('The video service answered video v2 without watch_url.')
})
