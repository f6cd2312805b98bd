import * as z from 'zod'

// What a rule is made of: its conditions on a video, its actions and its trigger (decision 0024),
// re-exported by rules.ts, where the rest of the rules' schemas are.

const id = z.string().min(1).max(100)
const text = z.string().min(1).max(200)

/** What can be asked of a video, and how. */
export const textFields = ['caption', 'description'] as const
export const textOps = ['contains', 'starts_with', 'matches'] as const
export const productFacets = ['brand', 'category', 'store'] as const
export const videoStates = ['draft', 'scheduled', 'live', 'archived'] as const
export const accessValues = ['public', 'private', 'unlisted'] as const
export const comparisons = ['lt', 'lte', 'eq', 'gte', 'gt'] as const
export const dateFields = ['created_at', 'published_at'] as const

const comparison = z.enum(comparisons)

/** One test of a video; `not` turns it around. */
export const conditionSchema = z.discriminatedUnion('field', [
  // Words in the caption or description: case-insensitive; `matches` is a regular expression of
  // at most 200 characters without back-references or nested quantifiers (so it runs in time).
  z.object({ field: z.enum(textFields), op: z.enum(textOps), value: text }),
  z.object({ field: z.literal('hashtag'), op: z.enum(['has', 'lacks']), value: text }),
  // A tagged product (or variant) by id.
  z.object({ field: z.literal('product'), op: z.enum(['has', 'lacks']), value: id }),
  // Some tagged product's brand, category or store is (or none is) the value.
  z.object({
    field: z.literal('product_facet'),
    facet: z.enum(productFacets),
    op: z.enum(['any_is', 'none_is']),
    value: text,
  }),
  // Some tagged product is out of stock, or every tagged product is in stock.
  z.object({ field: z.literal('product_stock'), op: z.enum(['any_out', 'all_in']) }),
  // Some tagged product's price (its lowest) compares with the value, in its store's currency.
  z.object({ field: z.literal('product_price'), op: comparison, value: z.number().min(0) }),
  z.object({
    field: z.enum(['product_count', 'poster_count']),
    op: comparison,
    value: z.number().int().min(0).max(10_000),
  }),
  z.object({ field: z.literal('duration'), op: comparison, value: z.number().min(0) }),
  z.object({ field: z.literal('state'), op: z.enum(['is', 'is_not']), value: z.enum(videoStates) }),
  z.object({
    field: z.literal('access'),
    op: z.enum(['is', 'is_not']),
    value: z.enum(accessValues),
  }),
  // A date within the last n days, or before or after a day (YYYY-MM-DD, UTC).
  z
    .object({
      field: z.enum(dateFields),
      op: z.enum(['within_days', 'before', 'after']),
      value: z.union([z.number().int().min(1).max(3650), z.iso.date()]),
    })
    .refine((test) => (test.op === 'within_days') === (typeof test.value === 'number'), {
      message: 'within_days takes a number of days; before and after take a day (YYYY-MM-DD)',
      path: ['value'],
    }),
  // AI suggestions waiting for review, at or above a score.
  z.object({
    field: z.literal('pending_suggestions'),
    op: comparison,
    value: z.number().int().min(0).max(100),
    min_score: z.number().int().min(0).max(100).default(0),
  }),
])
export type Condition = z.infer<typeof conditionSchema>

export type ConditionGroup = { group: 'all' | 'any' | 'none'; children: ConditionNode[] }
export type ConditionNode = ConditionGroup | Condition

/** All / Any / None groups, nested at most 4 deep, at most 50 tests in all. */
export const conditionGroupSchema: z.ZodType<ConditionGroup> = z.lazy(() =>
  z.object({
    group: z.enum(['all', 'any', 'none']),
    children: z.array(z.union([conditionGroupSchema, conditionSchema])).max(50),
  }),
)

export const playlistPositions = ['top', 'bottom'] as const

export const actionSchema = z.discriminatedUnion('type', [
  // Pinned items are never moved; `position` is 0-based, or the top or the bottom.
  z.object({
    type: z.literal('playlist_add'),
    playlist_id: id,
    position: z.union([z.enum(playlistPositions), z.number().int().min(0).max(10_000)]),
  }),
  z.object({ type: z.literal('playlist_remove'), playlist_id: id }),
  z.object({ type: z.enum(['tag', 'untag']), product_ids: z.array(id).min(1).max(50) }),
  // Tag the products the AI suggested at or above a score (and accept those suggestions).
  z.object({ type: z.literal('tag_suggestions'), min_score: z.number().int().min(0).max(100) }),
  z.object({ type: z.literal('start_matching') }),
  z.object({ type: z.enum(['publish', 'unpublish', 'archive']) }),
  // Scheduled this many hours after the rule runs (the service allows up to 28 days ahead).
  z.object({ type: z.literal('schedule'), after_hours: z.number().int().min(1).max(672) }),
  z.object({ type: z.literal('notify'), message: z.string().min(1).max(500) }),
])
export type RuleAction = z.infer<typeof actionSchema>

export const triggerSchema = z.discriminatedUnion('type', [
  z.object({ type: z.enum(['video_created', 'video_updated']) }),
  // Over the whole library, every n minutes (at least 15; 1,440 is daily).
  z.object({ type: z.literal('schedule'), every_minutes: z.number().int().min(15).max(10_080) }),
  // Only when someone runs it now over the library.
  z.object({ type: z.literal('manual') }),
])
export type RuleTrigger = z.infer<typeof triggerSchema>
