import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import {
  changeSearch,
  indexFilterOf,
  librarySearchSchema,
} from '@/features/videos/library/library-search'

describe("the library's search", () => {
  it('is answered by the service until a filter only the index answers is chosen', () => {
    expect(indexFilterOf(v.parse(librarySearchSchema, { q: 'tee', published: true }))).toBeNull()
    expect(
      indexFilterOf(v.parse(librarySearchSchema, { q: 'tee', product: ['p1'], variant: ['v1'] })),
    ).toEqual({ products: ['p1', 'v1'], match: 'any', untagged: false, q: 'tee' })
    expect(
      indexFilterOf(v.parse(librarySearchSchema, { attention: true, state: 'scheduled' })),
    ).toEqual({ products: [], match: 'any', untagged: false, attention: true, state: 'scheduled' })
  })

  it('drops what the URL gets wrong rather than failing the page', () => {
    expect(
      v.parse(librarySearchSchema, {
        product: 'p1',
        match: 'most',
        state: 'gone',
        untagged: 'yes',
      }),
    ).toEqual({})
  })

  it("keeps one answerer: choosing one's filter drops the other's, the text and view carry over", () => {
    const service = v.parse(librarySearchSchema, { q: 'tee', view: 'table', published: true })
    expect(changeSearch(service, { product: ['p1'], match: 'all' })).toEqual({
      q: 'tee',
      view: 'table',
      product: ['p1'],
      match: 'all',
    })
    const indexed = v.parse(librarySearchSchema, { q: 'tee', product: ['p1'], match: 'all' })
    expect(changeSearch(indexed, { archived: true })).toEqual({ q: 'tee', archived: true })
    // Without products there is nothing to match all of.
    expect(changeSearch(indexed, { product: [] })).toEqual({ q: 'tee' })
    expect(changeSearch(indexed, { q: 'mug' })).toEqual({ q: 'mug', product: ['p1'], match: 'all' })
  })
})
