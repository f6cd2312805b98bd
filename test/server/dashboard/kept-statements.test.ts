import Database from 'better-sqlite3'
import { Kysely, SqliteDialect } from 'kysely'
import { afterEach, describe, expect, it } from 'vitest'
import { withStatementCache } from '../../../server/dashboard/db/connections.ts'
import { openDatabase } from '../../../server/sandbox/db/open.ts'

interface Tables {
  notes: { id: number; text: string }
}

const closing: Array<() => unknown> = []
afterEach(async () => {
  for (const close of closing.splice(0)) await close()
})

describe('statements kept between queries', () => {
  it('gives the dashboard the same answers on every run of a query, streamed or not', async () => {
    const db = new Kysely<Tables>({
      dialect: new SqliteDialect({ database: withStatementCache(new Database(':memory:')) }),
    })
    closing.push(() => db.destroy())
    await db.schema
      .createTable('notes')
      .addColumn('id', 'integer')
      .addColumn('text', 'text')
      .execute()
    for (const id of [1, 2, 3])
      await db
        .insertInto('notes')
        .values({ id, text: `note ${id}` })
        .execute()
    const all = () => db.selectFrom('notes').selectAll().orderBy('id').execute()
    const streamed: number[] = []
    for await (const row of db.selectFrom('notes').selectAll().orderBy('id').stream())
      streamed.push(row.id)
    expect(streamed).toEqual([1, 2, 3])
    expect((await all()).map((note) => note.id)).toEqual([1, 2, 3])
    await db.updateTable('notes').set({ text: 'changed' }).where('id', '=', 2).execute()
    expect((await all()).map((note) => note.text)).toEqual(['note 1', 'changed', 'note 3'])
  })

  it('gives the sandbox one compiled statement per query, and another while one is iterated', () => {
    const db = openDatabase(':memory:')
    closing.push(() => db.close())
    const sql = 'SELECT value FROM json_each(?) ORDER BY value'
    expect(db.prepare(sql)).toBe(db.prepare(sql))
    const seen: number[] = []
    for (const row of db.prepare(sql).iterate('[1,2]') as Iterable<{ value: number }>) {
      seen.push(row.value)
      expect(db.prepare(sql).all('[3]')).toEqual([{ value: 3 }])
    }
    expect(seen).toEqual([1, 2])
  })
})
