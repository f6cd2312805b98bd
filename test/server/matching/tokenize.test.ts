import { describe, expect, it } from 'vitest'
import { segmentCompound } from '../../../server/sandbox/matching/segment.ts'
import { splitTag, stem, surfaceWords, toTerm } from '../../../server/sandbox/matching/tokenize.ts'

describe('tokenizer', () => {
  it.each([
    ['#summerDress', ['summer', 'dress']],
    ['#summer_dress', ['summer', 'dress']],
    ['#Summer-Dress', ['summer', 'dress']],
    ['#HTMLParser', ['html', 'parser']],
    ['#SPF50sunscreen', ['spf', '50', 'sunscreen']],
    ['@aurora.official', ['aurora', 'official']],
    ['#crèmeBrûlée', ['creme', 'brulee']],
  ])('splits %s', (tag, words) => {
    expect(splitTag(tag)).toEqual(words)
  })

  it('splits inline hashtags and marks them, keeping plain words as they are', () => {
    expect(surfaceWords("Women's iPhone case #phoneCase")).toEqual([
      { word: 'phone', fromTag: true },
      { word: 'case', fromTag: true },
      { word: 'women', fromTag: false },
      { word: 'iphone', fromTag: false },
      { word: 'case', fromTag: false },
    ])
  })

  it('folds full-width letters and accents', () => {
    expect(surfaceWords('ＡＵＲＯＲＡ Lumière').map((w) => w.word)).toEqual(['aurora', 'lumiere'])
  })

  it.each([
    ['dresses', 'dress'],
    ['shoes', 'shoe'],
    ['berries', 'berry'],
    ['watches', 'watch'],
    ['glass', 'glass'],
    ['status', 'status'],
    ['serums', 'serum'],
    ['bus', 'bus'],
  ])('stems %s to %s', (word, stemmed) => {
    expect(stem(word)).toBe(stemmed)
  })

  it('drops stopwords and social filler', () => {
    expect(['the', 'with', 'fyp', 'viral'].map(toTerm)).toEqual([null, null, null, null])
    expect(toTerm('jeans')).toBe('jean')
  })
})

describe('segmentCompound', () => {
  const known = new Set(['summer', 'dress', 'linen'])
  const glue = new Set(['of', 'the'])
  const segment = (word: string) =>
    segmentCompound(
      word,
      (piece) => known.has(piece),
      (piece) => glue.has(piece),
    )

  it('splits runs made entirely of known words and glue', () => {
    expect(segment('summerdress')).toEqual(['summer', 'dress'])
    expect(segment('dressofthesummer')).toEqual(['dress', 'summer'])
  })

  it('refuses partial splits so unknown words cannot match by accident', () => {
    expect(segment('summervibes')).toBeNull()
    expect(segment('sunset')).toBeNull()
    expect(segment('ofthe')).toBeNull()
  })
})
