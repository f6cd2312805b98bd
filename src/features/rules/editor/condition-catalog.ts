import type { Condition } from '@/api/rules'

// What the condition builder offers: each kind of test a person picks from one list (a product's
// brand, category and store are kinds of their own, as are the two counts and the two dates),
// with its operators in words and the test it starts as.

export type ConditionKind =
  | 'caption'
  | 'description'
  | 'hashtag'
  | 'product'
  | 'product_brand'
  | 'product_category'
  | 'product_store'
  | 'product_stock'
  | 'product_price'
  | 'product_count'
  | 'poster_count'
  | 'duration'
  | 'state'
  | 'access'
  | 'created_at'
  | 'published_at'
  | 'pending_suggestions'

interface KindEntry {
  label: string
  group: 'Words' | 'Products' | 'The video'
  start: Condition
}

export const conditionKinds: Record<ConditionKind, KindEntry> = {
  caption: {
    label: 'Caption',
    group: 'Words',
    start: { field: 'caption', op: 'contains', value: '' },
  },
  description: {
    label: 'Description',
    group: 'Words',
    start: { field: 'description', op: 'contains', value: '' },
  },
  hashtag: { label: 'Hashtag', group: 'Words', start: { field: 'hashtag', op: 'has', value: '' } },
  product: {
    label: 'Tagged product',
    group: 'Products',
    start: { field: 'product', op: 'has', value: '' },
  },
  product_brand: {
    label: 'Brand of a tagged product',
    group: 'Products',
    start: { field: 'product_facet', facet: 'brand', op: 'any_is', value: '' },
  },
  product_category: {
    label: 'Category of a tagged product',
    group: 'Products',
    start: { field: 'product_facet', facet: 'category', op: 'any_is', value: '' },
  },
  product_store: {
    label: 'Store of a tagged product',
    group: 'Products',
    start: { field: 'product_facet', facet: 'store', op: 'any_is', value: '' },
  },
  product_stock: {
    label: 'Stock of tagged products',
    group: 'Products',
    start: { field: 'product_stock', op: 'any_out' },
  },
  product_price: {
    label: 'Price of a tagged product',
    group: 'Products',
    start: { field: 'product_price', op: 'gte', value: 0 },
  },
  product_count: {
    label: 'Number of tagged products',
    group: 'Products',
    start: { field: 'product_count', op: 'gte', value: 1 },
  },
  poster_count: {
    label: 'Number of posters',
    group: 'The video',
    start: { field: 'poster_count', op: 'gte', value: 1 },
  },
  duration: {
    label: 'Duration (seconds)',
    group: 'The video',
    start: { field: 'duration', op: 'lte', value: 60 },
  },
  state: {
    label: 'Publication or archive state',
    group: 'The video',
    start: { field: 'state', op: 'is', value: 'live' },
  },
  access: {
    label: 'Access',
    group: 'The video',
    start: { field: 'access', op: 'is', value: 'public' },
  },
  created_at: {
    label: 'Date created',
    group: 'The video',
    start: { field: 'created_at', op: 'within_days', value: 7 },
  },
  published_at: {
    label: 'Date published',
    group: 'The video',
    start: { field: 'published_at', op: 'within_days', value: 7 },
  },
  pending_suggestions: {
    label: 'AI suggestions waiting for review',
    group: 'Products',
    start: { field: 'pending_suggestions', op: 'gte', value: 1, min_score: 0 },
  },
}

export const kindGroups = ['Words', 'Products', 'The video'] as const

export function kindOf(condition: Condition): ConditionKind {
  if (condition.field === 'product_facet') return `product_${condition.facet}`
  return condition.field
}

type OpChoice = readonly (readonly [value: string, label: string])[]

const comparisonOps: OpChoice = [
  ['lt', 'under'],
  ['lte', 'at most'],
  ['eq', 'exactly'],
  ['gte', 'at least'],
  ['gt', 'over'],
]
const textOps: OpChoice = [
  ['contains', 'contains'],
  ['starts_with', 'starts with'],
  ['matches', 'matches the pattern'],
]
const hasOps: OpChoice = [
  ['has', 'is there'],
  ['lacks', 'is not there'],
]
const facetOps: OpChoice = [
  ['any_is', 'some product is'],
  ['none_is', 'no product is'],
]
const isOps: OpChoice = [
  ['is', 'is'],
  ['is_not', 'is not'],
]
const dateOps: OpChoice = [
  ['within_days', 'in the last (days)'],
  ['before', 'before'],
  ['after', 'after'],
]

/** The operators a test offers, as (value, words) pairs. */
export function opsOf(condition: Condition): OpChoice {
  switch (condition.field) {
    case 'caption':
    case 'description':
      return textOps
    case 'hashtag':
    case 'product':
      return hasOps
    case 'product_facet':
      return facetOps
    case 'product_stock':
      return [
        ['any_out', 'some is out of stock'],
        ['all_in', 'every one is in stock'],
      ]
    case 'state':
    case 'access':
      return isOps
    case 'created_at':
    case 'published_at':
      return dateOps
    default:
      return comparisonOps
  }
}
