import { describe, expect, it } from 'vitest'
import {
  type Poster,
  servedOrder,
  weightsFor,
} from '@/features/videos/video-page/posters/poster-order'
import { toWebVtt } from '@/features/videos/video-page/subtitles/track-text'

const poster = (id: string, weight: number | null): Poster => ({
  id,
  url: `https://cdn.example.com/${id}.jpg`,
  aspect_ratio: '9:16',
  format: 'jpg',
  width: 540,
  height: 960,
  video_poster_type: 'static',
  source: 'api',
  external_id: null,
  weight,
})

describe('poster order and weights', () => {
  it('serves the highest weight first, unweighted posters last in stored order', () => {
    const order = servedOrder([
      poster('a', 0.2),
      poster('b', null),
      poster('c', 0.9),
      poster('d', null),
    ])
    expect(order.map((each) => each.id)).toEqual(['c', 'a', 'b', 'd'])
  })

  it('turns an arrangement into distinct weights, highest first, within 0 to 1', () => {
    expect(weightsFor(['c', 'a', 'b'])).toEqual([
      { id: 'c', weight: 1 },
      { id: 'a', weight: 0.6667 },
      { id: 'b', weight: 0.3333 },
    ])
    const hundred = weightsFor(Array.from({ length: 100 }, (_, index) => `p${index}`))
    expect(new Set(hundred.map((each) => each.weight)).size).toBe(100)
    expect(hundred.at(-1)?.weight).toBe(0.01)
  })
})

describe('subtitle text for the player', () => {
  it('turns SubRip into WebVTT and leaves WebVTT as it is', () => {
    expect(toWebVtt('\uFEFF1\r\n00:00:01,500 --> 00:00:02,000\r\nHi\r\n')).toBe(
      'WEBVTT\n\n1\n00:00:01.500 --> 00:00:02.000\nHi\n',
    )
    expect(toWebVtt('WEBVTT\n\n00:01.000 --> 00:02.000\nHi')).toBe(
      'WEBVTT\n\n00:01.000 --> 00:02.000\nHi',
    )
  })
})
