import {
  type Condition,
  type ConditionNode,
  comparisons,
  conditionGroupSchema,
} from '@/api/rules.ts'
import {
  brands,
  categories,
  hashtags,
  productIds,
  type Random,
  stores,
  unknownProducts,
  variantIds,
  words,
} from './seeded-index.ts'

/** Expressions a merchandiser might write, each accepted by the checks of `matches`. */
export const patterns = [
  'sum+er',
  '^trail',
  'pack$',
  '\\bsale\\b',
  '[0-9]{2}%',
  'caf.',
  'é',
  '(hike|trail)s?',
  'x.y',
  'summer.trail',
  '\\d+',
  '^\\w+$',
  '[^a-z ]',
  'a\\.b',
  '\\(new\\)',
  'ÜNÏ',
  '^$',
  '(?:sale|hike) ?\\w*',
  '^.+$',
  'r.t',
] as const

const days = ['2025-01-01', '2025-05-31', '2025-06-15', '2025-07-01', '2024-06-01']

function condition(random: Random): Condition {
  const op = () => random.pick(comparisons)
  switch (random.int(14)) {
    case 0:
    case 1: {
      const field = random.pick(['caption', 'description'] as const)
      const how = random.pick(['contains', 'starts_with', 'matches'] as const)
      const value = how === 'matches' ? random.pick(patterns) : random.pick(words)
      return { field, op: how, value }
    }
    case 2:
      return {
        field: 'hashtag',
        op: random.pick(['has', 'lacks'] as const),
        value: random.pick([...hashtags, 'SALE', '#Outdoor', 'missing']),
      }
    case 3:
      return {
        field: 'product',
        op: random.pick(['has', 'lacks'] as const),
        value: random.pick([...productIds, ...unknownProducts, ...variantIds]),
      }
    case 4: {
      const facet = random.pick(['brand', 'category', 'store'] as const)
      const values = facet === 'brand' ? brands : facet === 'category' ? categories : stores
      return {
        field: 'product_facet',
        facet,
        op: random.pick(['any_is', 'none_is'] as const),
        value: random.pick([...values, 'björk', 'BAGS', 'nothing']),
      }
    }
    case 5:
      return { field: 'product_stock', op: random.pick(['any_out', 'all_in'] as const) }
    case 6:
      return { field: 'product_price', op: op(), value: random.pick([0, 9.99, 20, 50, 200]) }
    case 7:
      return {
        field: random.pick(['product_count', 'poster_count'] as const),
        op: op(),
        value: random.int(4),
      }
    case 8:
      return { field: 'duration', op: op(), value: random.pick([0, 15, 30.5, 100]) }
    case 9:
      return {
        field: 'state',
        op: random.pick(['is', 'is_not'] as const),
        value: random.pick(['draft', 'scheduled', 'live', 'archived'] as const),
      }
    case 10:
      return {
        field: 'access',
        op: random.pick(['is', 'is_not'] as const),
        value: random.pick(['public', 'private', 'unlisted'] as const),
      }
    case 11:
    case 12: {
      const field = random.pick(['created_at', 'published_at'] as const)
      return random.chance(0.4)
        ? { field, op: 'within_days', value: random.pick([1, 7, 30, 365]) }
        : { field, op: random.pick(['before', 'after'] as const), value: random.pick(days) }
    }
    default:
      return {
        field: 'pending_suggestions',
        op: op(),
        value: random.int(3),
        min_score: random.pick([0, 50, 80]),
      }
  }
}

/** A random tree of All / Any / None groups, at most `depth` deep, valid by the schema. */
export function randomTree(random: Random, depth = 3): ConditionNode {
  const node = (level: number): ConditionNode => {
    if (level >= depth || random.chance(0.45)) return condition(random)
    return {
      group: random.pick(['all', 'any', 'none'] as const),
      children: Array.from({ length: random.int(4) }, () => node(level + 1)),
    }
  }
  const top = node(1)
  return conditionGroupSchema.parse('group' in top ? top : { group: 'all', children: [top] })
}
