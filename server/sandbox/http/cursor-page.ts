import type { Db } from '../db/open.ts'
import { badRequest } from './api-error.ts'
import { decodeCursor, encodeCursor, parsePageSize, withQuery } from './cursor.ts'

interface CursorPageOptions {
  query: Record<string, string>
  path: string
  keep: string[]
  from: string
  where: string
  params: Record<string, unknown>
  select?: string
  idColumn?: string
}

// Newest first by id: `before` walks older rows (the next page), `after` walks newer rows oldest
// first. The two are mutually exclusive.
export function cursorPage<T extends { id: number }>(db: Db, options: CursorPageOptions) {
  const { query } = options
  const after = query.after ?? query.since_id
  const before = query.before ?? query.before_id
  if (after !== undefined && before !== undefined)
    throw badRequest('after and before are mutually exclusive')
  const pageSize = parsePageSize(query.page_size)
  const id = options.idColumn ?? 'id'
  const params: Record<string, unknown> = { ...options.params }
  let where = options.where
  if (after !== undefined) {
    params.cursor = decodeCursor(after, 'after')
    where += ` AND ${id} > @cursor`
  } else if (before !== undefined) {
    params.cursor = decodeCursor(before, 'before')
    where += ` AND ${id} < @cursor`
  }
  const rows = db
    .prepare(
      `SELECT ${options.select ?? '*'} FROM ${options.from} WHERE ${where} ORDER BY ${id} ${after !== undefined ? 'ASC' : 'DESC'} LIMIT ${pageSize + 1}`,
    )
    .all(params) as T[]
  const hasMore = rows.length > pageSize
  const page = rows.slice(0, pageSize)
  const last = page.at(-1)
  const cursor = hasMore && last ? encodeCursor(last.id) : null
  const kept = Object.fromEntries(options.keep.map((key) => [key, query[key]]))
  const next = cursor
    ? withQuery(options.path, {
        ...kept,
        page_size: pageSize,
        [after !== undefined ? 'after' : 'before']: cursor,
      })
    : null
  return { rows: page, hasMore, cursor, next }
}
