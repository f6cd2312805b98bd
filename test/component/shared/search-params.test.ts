import { defaultStringifySearch, parseSearchWith } from '@tanstack/react-router'
import * as v from 'valibot'
import { expect, it } from 'vitest'
import { catalogSearchSchema } from '@/features/stores/catalog/catalog-search'
import { librarySearchSchema } from '@/features/videos/library/library-search'
import { readSearchValue } from '@/lib/search-params'

const parse = parseSearchWith(readSearchValue)

it('keeps a search typed as digits or as a word like true, from a link written by hand', () => {
  expect(v.parse(librarySearchSchema, parse('?q=2024&archived=true'))).toMatchObject({
    q: '2024',
    archived: true,
  })
  expect(v.parse(librarySearchSchema, parse('?q=true&hashtag=2024'))).toMatchObject({
    q: 'true',
    hashtag: '2024',
  })
})

it('keeps every digit of a long product code, and 1e3 as written', () => {
  expect(v.parse(catalogSearchSchema, parse('?q=12345678901234567890'))).toEqual({
    q: '12345678901234567890',
  })
  expect(v.parse(catalogSearchSchema, parse('?q=1e3'))).toEqual({ q: '1e3' })
})

it('reads back what the app writes', () => {
  const stringify = defaultStringifySearch
  for (const search of [{ q: '2024' }, { q: '12345678901234567890' }, { q: 'spring drop' }])
    expect(v.parse(catalogSearchSchema, parse(stringify(search)))).toEqual(search)
})
