import Database from 'better-sqlite3'
import type { Db } from '../db/open.ts'

/**
 * What each seeded demo video really shows, for tests and benchmarks that judge the dashboard's
 * trust in AI matching. Keyed by public ids, as the API names videos and products. Nothing the
 * dashboard or any sandbox route runs may call this: an answer that knew the truth would make
 * every measurement of trust meaningless.
 */
export function readTruth(db: Db): Map<string, Set<string>> {
  const rows = db
    .prepare(
      `SELECT v.public_id AS video, p.public_id AS product FROM demo_truth t
       JOIN videos v ON v.id = t.video_id JOIN products p ON p.id = t.product_id`,
    )
    .all() as Array<{ video: string; product: string }>
  const truth = new Map<string, Set<string>>()
  for (const { video, product } of rows) {
    const shown = truth.get(video) ?? new Set<string>()
    shown.add(product)
    truth.set(video, shown)
  }
  return truth
}

/** Whether the seeded video (public id) shows the product (public id). */
export function isTrue(db: Db, videoId: string, productId: string): boolean {
  return (
    db
      .prepare(
        `SELECT 1 FROM demo_truth t JOIN videos v ON v.id = t.video_id JOIN products p ON p.id = t.product_id
         WHERE v.public_id = ? AND p.public_id = ?`,
      )
      .get(videoId, productId) !== undefined
  )
}

/**
 * The truth of a sandbox running in another process (its SANDBOX_DB file), opened read-only so
 * a benchmark cannot change what it measures. Close it when done.
 */
export function openTruth(file: string) {
  const db = new Database(file, { readonly: true, fileMustExist: true })
  return {
    readTruth: () => readTruth(db),
    isTrue: (videoId: string, productId: string) => isTrue(db, videoId, productId),
    close: () => db.close(),
  }
}
