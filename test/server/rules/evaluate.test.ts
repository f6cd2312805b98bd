/**
 * A rule's conditions on hand-made videos, every field and operator, each with the value and the
 * words the trace keeps: what a merchandiser reads to see why a rule did or did not act.
 */
import { describe, expect, it } from 'vitest'
import type { Condition, ConditionNode } from '@/api/rules.ts'
import { evaluateConditions, testCondition } from '../../../server/dashboard/rules/evaluate.ts'
import type { RuleVideo } from '../../../server/dashboard/rules/rule-facts.ts'

const now = new Date('2025-06-15T12:00:00.000Z')

const video = (facts: Partial<RuleVideo> = {}): RuleVideo => ({
  id: 'v1',
  channel_id: 'ch',
  caption: 'Summer trail pack (new)',
  description: 'Light.\nWaterproof',
  hashtags: ['Summer', '#hiking'],
  access: 'public',
  published_at: '2025-06-10T08:00:00.000Z',
  archived_at: null,
  created_at: '2025-06-01T00:00:00.000Z',
  duration: 30,
  poster_count: 1,
  product_count: 2,
  tags: ['p-pack', 'p-tent', 'var-1'],
  products: [
    {
      id: 'p-pack',
      brand: 'Acme',
      category: 'Bags',
      store_id: 'st-outdoor',
      in_stock: true,
      price_min: 49.5,
    },
    {
      id: 'p-tent',
      brand: null,
      category: 'Tents',
      store_id: 'st-city',
      in_stock: false,
      price_min: null,
    },
  ],
  suggestions: [92, 40],
  ...facts,
})

const holds = (condition: Condition, facts?: Partial<RuleVideo>) =>
  testCondition(condition, video(facts), now).result

describe('each condition', () => {
  it('tests captions and descriptions, case-insensitively', () => {
    expect(holds({ field: 'caption', op: 'contains', value: 'TRAIL PACK' })).toBe(true)
    expect(holds({ field: 'caption', op: 'contains', value: '(new)' })).toBe(true)
    expect(holds({ field: 'caption', op: 'contains', value: 'winter' })).toBe(false)
    expect(holds({ field: 'caption', op: 'starts_with', value: 'summer' })).toBe(true)
    expect(holds({ field: 'caption', op: 'starts_with', value: 'trail' })).toBe(false)
    expect(holds({ field: 'caption', op: 'matches', value: '\\btrail\\b' })).toBe(true)
    expect(holds({ field: 'caption', op: 'matches', value: '^pack' })).toBe(false)
    expect(holds({ field: 'description', op: 'matches', value: 'light.*waterproof' })).toBe(false)
    expect(holds({ field: 'description', op: 'matches', value: 'light\\.\\swater' })).toBe(true)
    expect(holds({ field: 'caption', op: 'contains', value: 'a' }, { caption: null })).toBe(false)
  })

  it('tests hashtags with or without their #, in any case', () => {
    expect(holds({ field: 'hashtag', op: 'has', value: '#summer' })).toBe(true)
    expect(holds({ field: 'hashtag', op: 'has', value: 'HIKING' })).toBe(true)
    expect(holds({ field: 'hashtag', op: 'has', value: 'sum' })).toBe(false)
    expect(holds({ field: 'hashtag', op: 'lacks', value: 'winter' })).toBe(true)
    expect(holds({ field: 'hashtag', op: 'lacks', value: 'summer' })).toBe(false)
  })

  it('tests tagged products and variants, and their brand, category, store, stock and price', () => {
    expect(holds({ field: 'product', op: 'has', value: 'p-tent' })).toBe(true)
    expect(holds({ field: 'product', op: 'has', value: 'var-1' })).toBe(true)
    expect(holds({ field: 'product', op: 'lacks', value: 'p-other' })).toBe(true)
    const facet = (
      facetName: 'brand' | 'category' | 'store',
      op: 'any_is' | 'none_is',
      value: string,
    ) => holds({ field: 'product_facet', facet: facetName, op, value })
    expect(facet('brand', 'any_is', 'acme')).toBe(true)
    expect(facet('brand', 'none_is', 'Acme')).toBe(false)
    expect(facet('category', 'any_is', 'tents')).toBe(true)
    expect(facet('store', 'any_is', 'st-outdoor')).toBe(true)
    expect(facet('store', 'any_is', 'ST-OUTDOOR')).toBe(false)
    expect(facet('store', 'none_is', 'st-elsewhere')).toBe(true)
    expect(holds({ field: 'product_stock', op: 'any_out' })).toBe(true)
    expect(holds({ field: 'product_stock', op: 'all_in' })).toBe(false)
    const allIn = { products: [video().products[0] as RuleVideo['products'][number]] }
    expect(holds({ field: 'product_stock', op: 'all_in' }, allIn)).toBe(true)
    // A video that tags nothing is not "all in stock".
    expect(holds({ field: 'product_stock', op: 'all_in' }, { products: [] })).toBe(false)
    expect(holds({ field: 'product_price', op: 'lt', value: 50 })).toBe(true)
    expect(holds({ field: 'product_price', op: 'gt', value: 50 })).toBe(false)
    expect(holds({ field: 'product_price', op: 'eq', value: 49.5 })).toBe(true)
  })

  it('compares counts and duration', () => {
    expect(holds({ field: 'product_count', op: 'eq', value: 2 })).toBe(true)
    expect(holds({ field: 'product_count', op: 'lt', value: 2 })).toBe(false)
    expect(holds({ field: 'poster_count', op: 'gte', value: 1 })).toBe(true)
    expect(holds({ field: 'poster_count', op: 'gt', value: 1 })).toBe(false)
    expect(holds({ field: 'duration', op: 'lte', value: 30 })).toBe(true)
    expect(holds({ field: 'duration', op: 'lte', value: 30 }, { duration: null })).toBe(false)
  })

  it('tests publication state and access', () => {
    const state = (
      value: 'draft' | 'scheduled' | 'live' | 'archived',
      facts?: Partial<RuleVideo>,
    ) => holds({ field: 'state', op: 'is', value }, facts)
    expect(state('live')).toBe(true)
    expect(state('draft', { published_at: null })).toBe(true)
    expect(state('scheduled', { published_at: '2025-06-20T00:00:00.000Z' })).toBe(true)
    expect(state('archived', { archived_at: '2025-06-14T00:00:00.000Z' })).toBe(true)
    expect(state('live', { archived_at: '2025-06-14T00:00:00.000Z' })).toBe(false)
    expect(holds({ field: 'state', op: 'is_not', value: 'draft' })).toBe(true)
    expect(holds({ field: 'access', op: 'is', value: 'public' })).toBe(true)
    expect(holds({ field: 'access', op: 'is_not', value: 'private' })).toBe(true)
  })

  it('tests dates: within the last days, before and after a day', () => {
    expect(holds({ field: 'published_at', op: 'within_days', value: 7 })).toBe(true)
    expect(holds({ field: 'published_at', op: 'within_days', value: 1 })).toBe(false)
    // A scheduled time is not "within the last" days.
    const scheduled = { published_at: '2025-06-16T00:00:00.000Z' }
    expect(holds({ field: 'published_at', op: 'within_days', value: 7 }, scheduled)).toBe(false)
    expect(holds({ field: 'created_at', op: 'before', value: '2025-06-02' })).toBe(true)
    expect(holds({ field: 'created_at', op: 'before', value: '2025-06-01' })).toBe(false)
    expect(holds({ field: 'created_at', op: 'after', value: '2025-05-31' })).toBe(true)
    expect(holds({ field: 'created_at', op: 'after', value: '2025-06-01' })).toBe(false)
    expect(
      holds({ field: 'created_at', op: 'after', value: '2020-01-01' }, { created_at: null }),
    ).toBe(false)
  })

  it('counts the AI suggestions waiting, at or above a score', () => {
    const waiting = (op: 'gte' | 'eq', value: number, min_score: number) =>
      holds({ field: 'pending_suggestions', op, value, min_score })
    expect(waiting('eq', 2, 0)).toBe(true)
    expect(waiting('eq', 1, 90)).toBe(true)
    expect(waiting('gte', 1, 95)).toBe(false)
  })
})

describe('a tree of conditions', () => {
  const tree: ConditionNode = {
    group: 'all',
    children: [
      { field: 'hashtag', op: 'has', value: 'summer' },
      {
        group: 'any',
        children: [
          { field: 'product_facet', facet: 'store', op: 'any_is', value: 'st-outdoor' },
          { field: 'product_price', op: 'lt', value: 10 },
        ],
      },
      { group: 'none', children: [{ field: 'state', op: 'is', value: 'archived' }] },
    ],
  }

  it('keeps each test and group with its path, words, value and result', () => {
    const { matched, conditions } = evaluateConditions(tree, video(), now)
    expect(matched).toBe(true)
    expect(conditions).toEqual([
      { path: '', description: 'all of these hold', value: 3, result: true },
      { path: '0', description: 'has #summer', value: ['Summer', '#hiking'], result: true },
      { path: '1', description: 'any of these holds', value: 1, result: true },
      {
        path: '1.0',
        description: 'a tagged product’s store is “st-outdoor”',
        value: ['st-outdoor', 'st-city'],
        result: true,
      },
      {
        path: '1.1',
        description: 'a tagged product costs under 10',
        value: [49.5, null],
        result: false,
      },
      { path: '2', description: 'none of these holds', value: 0, result: true },
      { path: '2.0', description: 'is archived', value: 'live', result: false },
    ])
  })

  it('does not match when a None group finds one, or an empty Any', () => {
    expect(evaluateConditions(tree, video({ archived_at: now.toISOString() }), now).matched).toBe(
      false,
    )
    expect(evaluateConditions({ group: 'any', children: [] }, video(), now).matched).toBe(false)
    expect(evaluateConditions({ group: 'all', children: [] }, video(), now).matched).toBe(true)
    expect(evaluateConditions({ group: 'none', children: [] }, video(), now).matched).toBe(true)
  })
})
