import { describe, expect, it } from 'vitest'
import {
  type MatchableProduct,
  type MatchableVideo,
  rankProductMatches,
} from '../../../server/sandbox/matching/rank.ts'

const catalog: MatchableProduct[] = [
  {
    id: 'p_dress',
    name: 'Linen Summer Dress',
    brand: 'Aurora',
    category: 'Apparel > Women > Dresses',
    subtitle: 'Midi, sleeveless',
    description: 'A breezy midi dress in washed linen, perfect for warm days at the beach.',
  },
  {
    id: 'p_hat',
    name: 'Summer Straw Hat',
    brand: 'Sol & Co',
    category: 'Accessories > Hats',
    description: 'Wide-brim straw hat for sunny days.',
  },
  {
    id: 'p_shoe',
    name: 'Trail Running Shoe',
    brand: 'Peakline',
    category: 'Footwear > Running',
    description: 'Grippy, lightweight trail shoe with a cushioned midsole for long runs.',
  },
  {
    id: 'p_serum',
    name: 'Vitamin C Serum',
    brand: 'Lumière Skin',
    category: 'Beauty > Skincare',
    description: 'Brightening serum with 15% vitamin C and hyaluronic acid for a radiant glow.',
  },
  {
    id: 'p_mug',
    name: 'Ceramic Coffee Mug',
    brand: 'Hearth',
    category: 'Home > Kitchen',
    description: 'Stoneware mug, 350 ml, dishwasher safe.',
  },
  {
    id: 'p_jeans',
    name: 'High-Rise Denim Jeans',
    brand: 'Aurora',
    category: 'Apparel > Women > Jeans',
    description: 'Stretch denim with a flattering high waist.',
  },
  {
    id: 'p_sunscreen',
    name: 'Mineral Sunscreen SPF 50',
    brand: 'Lumière Skin',
    category: 'Beauty > Skincare',
    description: 'Lightweight mineral sunscreen for daily wear, perfect for warm sunny days.',
  },
]

const video = (fields: Partial<MatchableVideo>): MatchableVideo => ({
  caption: null,
  description: null,
  hashtags: [],
  ...fields,
})

const ids = (matches: Array<{ productId: string }>) => matches.map((match) => match.productId)

describe('rankProductMatches', () => {
  it('ranks the product the video is about first and leaves unrelated ones out', () => {
    const matches = rankProductMatches(
      video({
        caption: 'Obsessed with my new Aurora linen dress ☀️ perfect for beach days',
        hashtags: ['#summerDress', '#ootd'],
      }),
      catalog,
    )
    expect(matches[0]).toEqual({ productId: 'p_dress', score: 100 })
    expect(ids(matches)).not.toContain('p_mug')
    expect(ids(matches)).not.toContain('p_shoe')
    expect(ids(matches)).not.toContain('p_serum')
    // Sharing only the brand or one common word is not enough to be suggested.
    expect(ids(matches)).not.toContain('p_jeans')
    expect(ids(matches)).not.toContain('p_hat')
  })

  it('finds a product mentioned only in hashtags, split from camelCase, snake_case and runs', () => {
    const matches = rankProductMatches(
      video({ caption: '10k on the trails today', hashtags: ['#trailrunning', '#running_shoes'] }),
      catalog,
    )
    expect(ids(matches)).toEqual(['p_shoe'])
    expect(matches[0]?.score).toBeGreaterThanOrEqual(70)

    for (const tag of ['#summerDress', '#summer_dress', 'SummerDress', '#summerdress']) {
      const byTag = rankProductMatches(video({ hashtags: [tag] }), catalog)
      expect(ids(byTag)[0], tag).toBe('p_dress')
    }
    const inline = rankProductMatches(
      video({ caption: 'beach day fit #LinenSummerDress' }),
      catalog,
    )
    expect(ids(inline)[0]).toBe('p_dress')
  })

  it('weighs caption and hashtags above the video description', () => {
    const inCaption = rankProductMatches(video({ caption: 'vitamin c serum' }), catalog)
    const inDescription = rankProductMatches(video({ description: 'vitamin c serum' }), catalog)
    expect(ids(inCaption)[0]).toBe('p_serum')
    expect(ids(inDescription)[0]).toBe('p_serum')
    expect(inCaption[0]?.score ?? 0).toBeGreaterThan(inDescription[0]?.score ?? 0)
  })

  it('weighs a name match above a description-only match', () => {
    const matches = rankProductMatches(video({ caption: 'sunscreen for sunny days' }), catalog, {
      minScore: 0,
    })
    expect(ids(matches)[0]).toBe('p_sunscreen')
    const hat = matches.find((match) => match.productId === 'p_hat')
    expect(hat?.score ?? 0).toBeLessThan(30)
  })

  it('folds case, accents and plurals', () => {
    const matches = rankProductMatches(
      video({ caption: 'LUMIERE SKIN serums are the best', hashtags: ['#VitaminC'] }),
      catalog,
    )
    expect(ids(matches)[0]).toBe('p_serum')
  })

  it('indexes scripts written without spaces as character pairs', () => {
    const products: MatchableProduct[] = [
      { id: 'matcha', name: '抹茶ラテ', brand: null, description: null, category: null },
      { id: 'coffee', name: 'コーヒー豆', brand: null, description: null, category: null },
    ]
    const matches = rankProductMatches(video({ caption: '今日の抹茶ラテ最高' }), products)
    expect(ids(matches)).toEqual(['matcha'])
  })

  it('returns nothing for a video with no product words', () => {
    expect(
      rankProductMatches(
        video({ caption: 'Sunset at the lake', description: 'so calm', hashtags: ['#fyp'] }),
        catalog,
      ),
    ).toEqual([])
    expect(rankProductMatches(video({}), catalog)).toEqual([])
    expect(rankProductMatches(video({ caption: 'linen dress' }), [])).toEqual([])
  })

  it('is deterministic, independent of catalog order, and breaks ties by product id', () => {
    const input = video({
      caption: 'Aurora haul: linen dress and denim jeans',
      hashtags: ['#sale'],
    })
    const first = rankProductMatches(input, catalog)
    const reversed = rankProductMatches(input, [...catalog].reverse())
    expect(reversed).toEqual(first)
    expect(rankProductMatches(input, catalog)).toEqual(first)

    const twins: MatchableProduct[] = ['b', 'c', 'a'].map((id) => ({
      id,
      name: 'Canvas Tote Bag',
      brand: null,
      description: null,
      category: null,
    }))
    const tied = rankProductMatches(video({ caption: 'my canvas tote' }), twins)
    expect(ids(tied)).toEqual(['a', 'b', 'c'])
    expect(new Set(tied.map((match) => match.score)).size).toBe(1)
  })

  it('returns integer scores from 0 to 100, honours limit and minScore', () => {
    const input = video({ caption: 'summer linen dress straw hat sunscreen denim jeans serum' })
    const all = rankProductMatches(input, catalog, { minScore: 0, limit: 100 })
    for (const { score } of all) {
      expect(Number.isInteger(score)).toBe(true)
      expect(score).toBeGreaterThanOrEqual(0)
      expect(score).toBeLessThanOrEqual(100)
    }
    const scores = all.map((match) => match.score)
    expect(scores).toEqual([...scores].sort((a, b) => b - a))
    expect(rankProductMatches(input, catalog, { minScore: 0, limit: 2 })).toEqual(all.slice(0, 2))
    expect(rankProductMatches(input, catalog, { minScore: 101 })).toEqual([])
    expect(rankProductMatches(input, catalog, { limit: 0 })).toEqual([])
  })

  it('defaults to at most 10 suggestions', () => {
    // Words every product shares do not single one out, hence minScore 0 here.
    const many: MatchableProduct[] = Array.from({ length: 15 }, (_, i) => ({
      id: `p${String(i).padStart(2, '0')}`,
      name: `Linen Shirt ${i}`,
      brand: null,
      description: null,
      category: null,
    }))
    const matches = rankProductMatches(video({ caption: 'linen shirt' }), many, { minScore: 0 })
    expect(ids(matches)).toEqual(many.slice(0, 10).map((product) => product.id))
  })
})
