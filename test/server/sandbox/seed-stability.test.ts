/**
 * The demo data is deterministic: at a fixed clock and size, every table holds exactly the same
 * rows on every machine and every run. The recorded figures change only when the demo data is
 * changed on purpose (then `npx vitest run test/server/sandbox/seed-stability.test.ts -u`).
 */
import { createHash } from 'node:crypto'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Db } from '../../../server/sandbox/db/open.ts'
import { seeded } from './seeded-db.ts'

const clock = Date.UTC(2026, 0, 15, 12, 0, 0)

/** Rows per table and one sha256 over every row of every table, in primary-key order. */
function fingerprint(db: Db): { rows: Record<string, number>; sha256: string } {
  const tables = (
    db
      .prepare(
        `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name`,
      )
      .all() as Array<{ name: string }>
  ).map((row) => row.name)
  const hash = createHash('sha256')
  const rows: Record<string, number> = {}
  for (const table of tables) {
    const key = (
      db.prepare(`PRAGMA table_info(${table})`).all() as Array<{ name: string; pk: number }>
    )
      .filter((column) => column.pk > 0)
      .sort((a, b) => a.pk - b.pk)
      .map((column) => column.name)
    const all = db.prepare(`SELECT * FROM ${table} ORDER BY ${key.join(', ') || 'rowid'}`).all()
    rows[table] = all.length
    hash.update(`${table}\n${JSON.stringify(all)}\n`)
  }
  return { rows, sha256: hash.digest('hex') }
}

describe('the demo seed', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'], now: clock })
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('writes the same rows every time', async () => {
    const first = await seeded(300)
    const second = await seeded(300)
    expect(fingerprint(second)).toEqual(fingerprint(first))
    first.close()
    second.close()
  })

  it('writes the recorded demo data for 300 videos', async () => {
    const db = await seeded(300)
    expect(fingerprint(db)).toMatchInlineSnapshot(`
      {
        "rows": {
          "access_tokens": 0,
          "businesses": 2,
          "channels": 3,
          "demo_truth": 760,
          "imports": 0,
          "matching_jobs": 30,
          "oauth_clients": 3,
          "playlist_videos": 362,
          "playlists": 14,
          "product_images": 1003,
          "product_matches": 105,
          "product_units": 1193,
          "products": 500,
          "stores": 4,
          "subtitles": 33,
          "upload_keys": 0,
          "video_changes": 306,
          "video_posters": 195,
          "video_products": 533,
          "videos": 306,
        },
        "sha256": "1892b182bd182a0b996caaab961718bb12f4a906d7f1f28b8f5e468668b3fc98",
      }
    `)
    db.close()
  })
})
