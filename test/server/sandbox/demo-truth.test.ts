/**
 * The demo seed's ground truth (issue 36): which catalog products each seeded video shows. Tests
 * and benchmarks judge AI matching against it through seed/truth.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../../server/sandbox/db/open.ts'
import { isTrue, readTruth } from '../../../server/sandbox/seed/truth.ts'
import { seeded } from './seeded-db.ts'

describe('the demo truth', () => {
  let db: Db
  beforeAll(async () => {
    db = await seeded(300)
  })
  afterAll(() => db.close())

  it('is the same for the same seed', async () => {
    const again = await seeded(300)
    expect(readTruth(again)).toEqual(readTruth(db))
    again.close()
  })

  it("says for every seeded video which 1 to 4 of its business's products it shows, its tagged products among them", () => {
    const videos = db
      .prepare('SELECT id, public_id AS publicId, business_id AS business FROM videos')
      .all() as Array<{ id: number; publicId: string; business: number }>
    const truth = readTruth(db)
    expect(truth.size).toBe(videos.length)
    const productsOf = db.prepare(
      `SELECT p.public_id AS id, s.business_id AS business FROM products p JOIN stores s ON s.id = p.store_id`,
    )
    const business = new Map(
      (productsOf.all() as Array<{ id: string; business: number }>).map((p) => [p.id, p.business]),
    )
    const tagged = db.prepare(
      `SELECT DISTINCT p.public_id AS id FROM video_products vp JOIN products p ON p.id = vp.product_id WHERE vp.video_id = ?`,
    )
    for (const video of videos) {
      const shown = [...(truth.get(video.publicId) ?? [])]
      expect(shown.length).toBeGreaterThanOrEqual(1)
      expect(shown.length).toBeLessThanOrEqual(4)
      for (const product of shown) expect(business.get(product)).toBe(video.business)
      for (const { id } of tagged.all(video.id) as Array<{ id: string }>)
        expect(shown).toContain(id)
    }
  })

  it('leaves some shown products untagged, for matching to find', () => {
    const { shown, untagged } = db
      .prepare(
        `SELECT count(*) AS shown, sum(NOT EXISTS (SELECT 1 FROM video_products vp
           WHERE vp.video_id = t.video_id AND vp.product_id = t.product_id)) AS untagged
         FROM demo_truth t`,
      )
      .get() as { shown: number; untagged: number }
    expect(untagged / shown).toBeGreaterThan(0.25)
    expect(untagged / shown).toBeLessThan(0.6)
  })

  it('answers whether a video shows a product by the ids the API gives them', () => {
    const [videoId, shown] = [...readTruth(db)][0] ?? []
    const [product] = [...(shown ?? [])]
    const other = (
      db.prepare('SELECT public_id AS id FROM products ORDER BY id').all() as Array<{ id: string }>
    ).find((p) => !shown?.has(p.id))
    expect(isTrue(db, videoId ?? '', product ?? '')).toBe(true)
    expect(isTrue(db, videoId ?? '', other?.id ?? '')).toBe(false)
    expect(isTrue(db, 'no-such-video', product ?? '')).toBe(false)
  })
})
