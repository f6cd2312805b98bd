import { randomUUID } from 'node:crypto'
import Database from 'better-sqlite3'
import type { Insertable } from 'kysely'
import type { ReviewDecisionTable } from '../../server/dashboard/review/tables.ts'
import { suggestFromTruth, type TruthCandidate } from '../../server/sandbox/matching/truth-model.ts'
import { createRandom } from '../../server/sandbox/seed/random.ts'
import { bandOf } from '../../src/api/review.ts'

type Row = Insertable<ReviewDecisionTable>

interface CatalogProduct extends TruthCandidate {
  publicId: string
  storeId: string
  category: string | null
}

const dayMs = 86_400_000

/** The business's catalog and the products its seeded videos really show, from the sandbox. */
function readSandbox(sandboxDb: string, channelId: string) {
  const db = new Database(sandboxDb, { readonly: true, fileMustExist: true })
  try {
    const business = (
      db.prepare('SELECT business_id FROM channels WHERE public_id = ?').get(channelId) as
        | { business_id: number }
        | undefined
    )?.business_id
    if (business === undefined) throw new Error(`no business owns the channel ${channelId}`)
    const catalog = db
      .prepare(
        `SELECT p.id AS productId, s.uid AS store, p.public_id AS publicId, s.public_id AS storeId,
         p.category FROM products p JOIN stores s ON s.id = p.store_id
         WHERE s.business_id = ? AND s.deleted_at IS NULL ORDER BY p.id`,
      )
      .all(business) as CatalogProduct[]
    const truth = db
      .prepare(
        `SELECT t.video_id AS video, t.product_id AS product FROM demo_truth t
         JOIN videos v ON v.id = t.video_id WHERE v.business_id = ? ORDER BY t.video_id, t.product_id`,
      )
      .all(business) as Array<{ video: number; product: number }>
    const shown = new Map<number, number[]>()
    for (const { video, product } of truth) shown.set(video, [...(shown.get(video) ?? []), product])
    return { catalog, shownSets: [...shown.values()] }
  } finally {
    db.close()
  }
}

/**
 * A team's past review: `count` decisions by six people over the last 90 days, on videos that
 * show what the seeded videos show (their products, stores and categories), each suggested and
 * scored by the sandbox's truth model under an id of its own, and decided from the truth with
 * `errorRate` of them wrong, as the scripted reviewer decides.
 */
export function historyRows(
  sandboxDb: string,
  options: { count: number; channelIds: readonly string[]; errorRate: number; seed: number },
): Row[] {
  const { catalog, shownSets } = readSandbox(sandboxDb, options.channelIds[0] as string)
  if (shownSets.length === 0) throw new Error('the sandbox holds no seeded truth to follow')
  const byId = new Map(catalog.map((product) => [product.productId, product]))
  const random = createRandom(options.seed)
  const normal = () =>
    Math.sqrt(-2 * Math.log(1 - random.next())) * Math.cos(2 * Math.PI * random.next())
  const reviewers = Array.from({ length: 6 }, (_, n) => ({
    id: `history-reviewer-${n + 1}`,
    email: `reviewer${n + 1}@history.example`,
  }))
  const end = Date.now() - 3_600_000
  const start = end - 90 * dayMs
  const rows: Row[] = []
  for (let video = 0; rows.length < options.count; video++) {
    const shown = new Set(shownSets[video % shownSets.length])
    const candidates = [...shown].flatMap((id) => byId.get(id) ?? [])
    const suggestions = suggestFromTruth(10_000_000 + video, candidates, catalog)
    const reviewer = random.pick(reviewers)
    const channel = options.channelIds[random.chance(0.7) ? 0 : 1] ?? options.channelIds[0]
    const batch = randomUUID()
    const decided = Math.round(start + (rows.length / options.count) * (end - start))
    suggestions.forEach((suggestion, index) => {
      const product = byId.get(suggestion.productId)
      if (!product || rows.length >= options.count) return
      const truth = shown.has(suggestion.productId)
      const accepted = truth !== random.chance(options.errorRate)
      const at = decided + index * 2_000
      rows.push({
        id: randomUUID(),
        batch_id: batch,
        video_id: `history-video-${video + 1}`,
        channel_id: channel ?? null,
        match_id: `history-match-${rows.length + 1}`,
        product_id: product.publicId,
        store_id: product.storeId,
        category: product.category,
        score: suggestion.score,
        band: bandOf(suggestion.score),
        rank: index + 1,
        decision: accepted ? 'accepted' : 'rejected',
        source: 'person',
        seen: 1,
        reviewer_id: reviewer.id,
        reviewer_email: reviewer.email,
        ms_taken: Math.round(Math.exp(Math.log(2_500) + 0.6 * normal())),
        decided_at: new Date(at).toISOString(),
        decided_ms: at,
        undone_at: null,
        undone_by: null,
      })
    })
  }
  return rows
}

/**
 * Writes the rows into the dashboard's ledger (its SQLite file) while it runs, a thousand rows a
 * transaction, so that the server's own writes (auto-accept's watch) are never held for long.
 */
export function seedLedger(dashboardDb: string, rows: readonly Row[]) {
  const first = rows[0]
  if (!first) return
  const columns = Object.keys(first)
  const db = new Database(dashboardDb, { fileMustExist: true })
  try {
    db.pragma('busy_timeout = 10000')
    const insert = db.prepare(
      `INSERT INTO review_decisions (${columns.join(', ')}) VALUES (${columns.map((c) => `@${c}`).join(', ')})`,
    )
    const some = db.transaction((chunk: readonly Row[]) => {
      for (const row of chunk) insert.run(row)
    })
    for (let start = 0; start < rows.length; start += 1000) some(rows.slice(start, start + 1000))
  } finally {
    db.close()
  }
}
