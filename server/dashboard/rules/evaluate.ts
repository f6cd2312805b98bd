import type {
  Condition,
  ConditionNode,
  comparisons,
  TraceCondition,
  videoStates,
} from '../../../src/api/rules.ts'
import { sqlRegexp } from '../db/database.ts'
import { conditionInWords, groupInWords } from './condition-words.ts'
import type { RuleVideo } from './rule-facts.ts'
import { containsPattern, equalsPattern, startsPattern } from './rule-patterns.ts'

// A rule's conditions on one video, in JavaScript, keeping each one's value for the trace.
// compile-sql.ts asks the same of the index in SQL; the property test holds the two to one answer.

type Comparison = (typeof comparisons)[number]

export function compare(value: number, op: Comparison, against: number) {
  if (op === 'lt') return value < against
  if (op === 'lte') return value <= against
  if (op === 'eq') return value === against
  if (op === 'gte') return value >= against
  return value > against
}

const dayMs = 86_400_000

/** The first instant after `day` (YYYY-MM-DD), and the day's own first, as the index writes times. */
export const dayStart = (day: string) => `${day}T00:00:00.000Z`
export const dayAfter = (day: string) => new Date(Date.parse(dayStart(day)) + dayMs).toISOString()
export const daysBefore = (now: Date, days: number) =>
  new Date(now.getTime() - days * dayMs).toISOString()

/** Draft, scheduled, live or archived at `now`. */
export function stateOf(video: RuleVideo, now: Date): (typeof videoStates)[number] {
  if (video.archived_at !== null) return 'archived'
  if (video.published_at === null) return 'draft'
  return video.published_at > now.toISOString() ? 'scheduled' : 'live'
}

/** A hashtag as compared: without its leading `#`s, case-insensitive. */
export const bareTag = (tag: string) => tag.replace(/^#+/, '')

const textMatches = (pattern: string, text: string | null) => sqlRegexp(pattern, text) === 1

function textTest(condition: Condition & { field: 'caption' | 'description' }) {
  if (condition.op === 'contains') return containsPattern(condition.value)
  if (condition.op === 'starts_with') return startsPattern(condition.value)
  return condition.value
}

const cut = (text: string | null) =>
  text !== null && text.length > 200 ? `${text.slice(0, 199)}…` : text

/** One condition on the video: its value there, and whether it holds. */
export function testCondition(
  condition: Condition,
  video: RuleVideo,
  now: Date,
): { value: unknown; result: boolean } {
  switch (condition.field) {
    case 'caption':
    case 'description': {
      const text = video[condition.field]
      return { value: cut(text), result: textMatches(textTest(condition), text) }
    }
    case 'hashtag': {
      const wanted = equalsPattern(bareTag(condition.value))
      const has = video.hashtags.some((tag) => textMatches(wanted, bareTag(tag)))
      return { value: video.hashtags, result: has === (condition.op === 'has') }
    }
    case 'product': {
      const has = video.tags.includes(condition.value)
      return { value: video.tags, result: has === (condition.op === 'has') }
    }
    case 'product_facet': {
      const facet = condition.facet === 'store' ? 'store_id' : condition.facet
      const values = video.products.map((product) => product[facet])
      const wanted = equalsPattern(condition.value)
      const any = values.some((value) =>
        facet === 'store_id' ? value === condition.value : textMatches(wanted, value),
      )
      return { value: values, result: any === (condition.op === 'any_is') }
    }
    case 'product_stock': {
      const out = video.products.filter((product) => !product.in_stock).map((p) => p.id)
      const result =
        condition.op === 'any_out' ? out.length > 0 : video.products.length > 0 && out.length === 0
      return { value: { products: video.products.length, out_of_stock: out }, result }
    }
    case 'product_price': {
      const prices = video.products.map((product) => product.price_min)
      const result = prices.some(
        (price) => price !== null && compare(price, condition.op, condition.value),
      )
      return { value: prices, result }
    }
    case 'product_count':
    case 'poster_count': {
      const count = video[condition.field]
      return { value: count, result: compare(count, condition.op, condition.value) }
    }
    case 'duration': {
      const duration = video.duration
      const result = duration !== null && compare(duration, condition.op, condition.value)
      return { value: duration, result }
    }
    case 'state': {
      const state = stateOf(video, now)
      return { value: state, result: (state === condition.value) === (condition.op === 'is') }
    }
    case 'access': {
      const is = video.access === condition.value
      return { value: video.access, result: is === (condition.op === 'is') }
    }
    case 'created_at':
    case 'published_at': {
      const at = video[condition.field]
      return { value: at, result: at !== null && dateHolds(condition, at, now) }
    }
    case 'pending_suggestions': {
      const count = video.suggestions.filter((score) => score >= condition.min_score).length
      return { value: count, result: compare(count, condition.op, condition.value) }
    }
  }
}

function dateHolds(
  condition: Condition & { field: 'created_at' | 'published_at' },
  at: string,
  now: Date,
) {
  const { op, value } = condition
  if (op === 'within_days') return at >= daysBefore(now, Number(value)) && at <= now.toISOString()
  if (op === 'before') return at < dayStart(String(value))
  return at >= dayAfter(String(value))
}

/**
 * Whether the video meets the conditions at `now`, with every test and group on the way, each
 * with its path (child indexes from the top group, `""` being the top), words, value and result.
 */
export function evaluateConditions(
  tree: ConditionNode,
  video: RuleVideo,
  now: Date = new Date(),
): { matched: boolean; conditions: TraceCondition[] } {
  const conditions: TraceCondition[] = []
  const visit = (node: ConditionNode, path: string): boolean => {
    if ('group' in node) {
      const results = node.children.map((child, index) =>
        visit(child, path === '' ? String(index) : `${path}.${index}`),
      )
      const held = results.filter(Boolean).length
      const result =
        node.group === 'all'
          ? held === results.length
          : node.group === 'any'
            ? held > 0
            : held === 0
      conditions.push({ path, description: groupInWords(node), value: held, result })
      return result
    }
    const { value, result } = testCondition(node, video, now)
    conditions.push({ path, description: conditionInWords(node), value, result })
    return result
  }
  const matched = visit(tree, '')
  conditions.sort((a, b) => comparePaths(a.path, b.path))
  return { matched, conditions }
}

// The top group first, then its children in order, each group before what it holds.
function comparePaths(a: string, b: string) {
  const left = a === '' ? [] : a.split('.').map(Number)
  const right = b === '' ? [] : b.split('.').map(Number)
  for (let at = 0; at < Math.min(left.length, right.length); at++)
    if (left[at] !== right[at]) return (left[at] as number) - (right[at] as number)
  return left.length - right.length
}

/** Whether the video meets the conditions, without the trace. */
export const conditionsHold = (tree: ConditionNode, video: RuleVideo, now: Date = new Date()) =>
  evaluateConditions(tree, video, now).matched
