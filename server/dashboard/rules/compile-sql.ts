import {
  type AliasableExpression,
  type Expression,
  type ExpressionBuilder,
  type RawBuilder,
  type SqlBool,
  sql,
} from 'kysely'
import type { Condition, ConditionNode } from '../../../src/api/rules.ts'
import type { DashboardTables } from '../db/database.ts'
import type { IndexedVideoTable } from '../index/tables.ts'
import { bareTag, dayAfter, dayStart, daysBefore } from './evaluate.ts'
import { containsPattern, equalsPattern, postgresPattern, startsPattern } from './rule-patterns.ts'

// A rule's conditions as one SQL condition over the index's videos (`v`), asking what
// evaluate.ts asks of one video, so a channel's matches are counted and listed in one query.
// Every part is true or false, never null, so that None (`not`) turns it round as JavaScript does.

export type VideoRows = ExpressionBuilder<DashboardTables & { v: IndexedVideoTable }, 'v'>

export interface SqlContext {
  postgres: boolean
  now: Date
  /** The AI's suggestions waiting for a person (video_id, score), as a subquery. */
  suggestions: AliasableExpression<{ video_id: string; score: number }>
}

type Bool = Expression<SqlBool>

const always = sql<SqlBool>`1 = 1`
const never = sql<SqlBool>`1 = 0`

const operators = { lt: '<', lte: '<=', eq: '=', gte: '>=', gt: '>' } as const

// Printable ASCII: JavaScript's case-insensitive match folds these alone, as SQLite's LIKE does.
const plainAscii = /^[\x20-\x7e]*$/
const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`)

/**
 * Whether `column` (text, maybe null) matches `pattern` case-insensitively; `like` is the same
 * test as a LIKE pattern, which SQLite runs natively, for text of plain ASCII.
 */
function textMatch(
  ctx: SqlContext,
  column: RawBuilder<unknown> | Expression<unknown>,
  pattern: string,
  like: string | null,
): Bool {
  // On PostgreSQL a LIKE over the lowered text costs a third of `~*` or ILIKE, which fold case
  // character by character: over a channel's every caption that was most of a rule's preview.
  if (ctx.postgres && like !== null)
    return sql<SqlBool>`(${column} is not null and lower(${column}) like ${like.toLowerCase()} escape '\\')`
  if (ctx.postgres)
    return sql<SqlBool>`(${column} is not null and ${column} ~* ${postgresPattern(pattern)})`
  if (like !== null)
    return sql<SqlBool>`(${column} is not null and ${column} like ${like} escape '\\')`
  return sql<SqlBool>`(${column} is not null and ${column} regexp ${pattern})`
}

const asLike = (value: string, shape: (escaped: string) => string) =>
  plainAscii.test(value) ? shape(likeEscaped(value)) : null

function textCondition(
  eb: VideoRows,
  ctx: SqlContext,
  condition: Condition & { field: 'caption' | 'description' },
): Bool {
  const column = eb.ref(`v.${condition.field}`)
  const { value } = condition
  if (condition.op === 'contains')
    return textMatch(
      ctx,
      column,
      containsPattern(value),
      asLike(value, (v) => `%${v}%`),
    )
  if (condition.op === 'starts_with')
    return textMatch(
      ctx,
      column,
      startsPattern(value),
      asLike(value, (v) => `${v}%`),
    )
  return textMatch(ctx, column, value, null)
}

function hashtagCondition(eb: VideoRows, ctx: SqlContext, value: string): Bool {
  const wanted = bareTag(value)
  const like = asLike(wanted, (v) => v)
  const some = ctx.postgres
    ? sql<SqlBool>`exists (select 1 from jsonb_array_elements_text(${eb.ref('v.hashtags')}::jsonb) as h(tag) where ${textMatch(ctx, sql`ltrim(h.tag, '#')`, equalsPattern(wanted), like)})`
    : sql<SqlBool>`exists (select 1 from json_each(${eb.ref('v.hashtags')}) as h where ${textMatch(ctx, sql`ltrim(h.value, '#')`, equalsPattern(wanted), like)})`
  // The list as JSON holds the tag's text as typed when it is plain ASCII without `"` or `\`:
  // a LIKE over it (case-insensitive, as SQLite's is for ASCII) leaves out at once most videos
  // that cannot have it, before their lists are read.
  if (like === null || /["\\]/.test(wanted)) return some
  const anywhere = `%${like}%`
  return eb.and([
    ctx.postgres
      ? sql<SqlBool>`lower(${eb.ref('v.hashtags')}) like ${anywhere.toLowerCase()} escape '\\'`
      : sql<SqlBool>`${eb.ref('v.hashtags')} like ${anywhere} escape '\\'`,
    some,
  ])
}

type Products = ExpressionBuilder<DashboardTables & { p: DashboardTables['indexed_products'] }, 'p'>

// Each test of tagged products is one set of videos, read once (not once per video).
const videosTagging = (eb: VideoRows) =>
  eb.selectFrom('indexed_video_tags as t').select('t.video_id').where('t.kind', '=', 'product')

/** Some product (not variant) the video tags, known to the index, meets `test`. */
const someProduct = (eb: VideoRows, test: (p: Products) => Bool) =>
  eb(
    'v.id',
    'in',
    videosTagging(eb)
      .innerJoin('indexed_products as p', 'p.id', 't.tag_id')
      .where((inner) => test(inner as never)),
  )

/** Some product the video tags is unknown, gone from its store, or out of stock. */
const someOutOfStock = (eb: VideoRows) =>
  eb(
    'v.id',
    'in',
    videosTagging(eb)
      .leftJoin('indexed_products as p', 'p.id', 't.tag_id')
      .where((inner) =>
        inner.or([
          inner('p.id', 'is', null),
          inner('p.gone_at', 'is not', null),
          inner('p.in_stock', '<>', 1),
        ]),
      ),
  )

// The count the index keeps: reading every product tag for it was a fifth of a preview.
const someProductTag = (eb: VideoRows) => eb('v.product_count', '>', 0)

/** Videos with at least `count` suggestions waiting at or above `minScore`. */
function waitingAtLeast(eb: VideoRows, ctx: SqlContext, count: number, minScore: number): Bool {
  if (count <= 0) return always
  const videos = eb
    .selectFrom(ctx.suggestions.as('s'))
    .select('s.video_id')
    .where('s.score', '>=', minScore)
    .groupBy('s.video_id')
    .having((h) => h.fn.countAll(), '>=', count)
  return eb('v.id', 'in', videos)
}

/** The count of waiting suggestions compared with `value`, as sets of videos. */
function waitingCompared(
  eb: VideoRows,
  ctx: SqlContext,
  condition: Condition & { field: 'pending_suggestions' },
): Bool {
  const { op, value, min_score: min } = condition
  const atLeast = (count: number) => waitingAtLeast(eb, ctx, count, min)
  if (op === 'gte') return atLeast(value)
  if (op === 'gt') return atLeast(value + 1)
  if (op === 'lt') return eb.not(atLeast(value))
  if (op === 'lte') return eb.not(atLeast(value + 1))
  return eb.and([atLeast(value), eb.not(atLeast(value + 1))])
}

const turned = (eb: VideoRows, holds: Bool, yes: boolean) => (yes ? holds : eb.not(holds))

function stateIs(eb: VideoRows, state: string, now: string): Bool {
  if (state === 'archived') return eb('v.archived_at', 'is not', null)
  const unarchived = eb('v.archived_at', 'is', null)
  if (state === 'draft') return eb.and([unarchived, eb('v.published_at', 'is', null)])
  const published = eb('v.published_at', 'is not', null)
  const when = eb('v.published_at', state === 'scheduled' ? '>' : '<=', now)
  return eb.and([unarchived, published, when])
}

function dateCondition(
  eb: VideoRows,
  ctx: SqlContext,
  condition: Condition & { field: 'created_at' | 'published_at' },
): Bool {
  const column = `v.${condition.field}` as const
  const known = eb(column, 'is not', null)
  const { op, value } = condition
  if (op === 'within_days')
    return eb.and([
      known,
      eb(column, '>=', daysBefore(ctx.now, Number(value))),
      eb(column, '<=', ctx.now.toISOString()),
    ])
  if (op === 'before') return eb.and([known, eb(column, '<', dayStart(String(value)))])
  return eb.and([known, eb(column, '>=', dayAfter(String(value)))])
}

export function conditionSql(eb: VideoRows, ctx: SqlContext, condition: Condition): Bool {
  switch (condition.field) {
    case 'caption':
    case 'description':
      return textCondition(eb, ctx, condition)
    case 'hashtag':
      return turned(eb, hashtagCondition(eb, ctx, condition.value), condition.op === 'has')
    case 'product': {
      const tagged = eb(
        'v.id',
        'in',
        eb
          .selectFrom('indexed_video_tags as t')
          .select('t.video_id')
          .where('t.tag_id', '=', condition.value),
      )
      return turned(eb, tagged, condition.op === 'has')
    }
    case 'product_facet': {
      const { facet, value } = condition
      const any = someProduct(eb, (p) =>
        facet === 'store'
          ? p('p.store_id', '=', value)
          : textMatch(
              ctx,
              p.ref(`p.${facet}`),
              equalsPattern(value),
              asLike(value, (v) => v),
            ),
      )
      return turned(eb, any, condition.op === 'any_is')
    }
    case 'product_stock':
      return condition.op === 'any_out'
        ? someOutOfStock(eb)
        : eb.and([someProductTag(eb), eb.not(someOutOfStock(eb))])
    case 'product_price':
      return someProduct(eb, (p) =>
        p.and([
          p('p.price_min', 'is not', null),
          p('p.price_min', operators[condition.op], condition.value),
        ]),
      )
    case 'product_count':
    case 'poster_count':
      return eb(`v.${condition.field}`, operators[condition.op], condition.value)
    case 'duration':
      return eb.and([
        eb('v.duration', 'is not', null),
        eb('v.duration', operators[condition.op], condition.value),
      ])
    case 'state':
      return turned(eb, stateIs(eb, condition.value, ctx.now.toISOString()), condition.op === 'is')
    case 'access':
      return turned(
        eb,
        eb.and([eb('v.access', 'is not', null), eb('v.access', '=', condition.value)]),
        condition.op === 'is',
      )
    case 'created_at':
    case 'published_at':
      return dateCondition(eb, ctx, condition)
    case 'pending_suggestions':
      return waitingCompared(eb, ctx, condition)
  }
}

/** The whole tree as one condition over `v`. */
export function conditionsSql(eb: VideoRows, ctx: SqlContext, node: ConditionNode): Bool {
  if (!('group' in node)) return conditionSql(eb, ctx, node)
  const parts = node.children.map((child) => conditionsSql(eb, ctx, child))
  if (node.group === 'all') return parts.length ? eb.and(parts) : always
  const any = parts.length ? eb.or(parts) : never
  return node.group === 'any' ? any : eb.not(any)
}
