import type { DashboardDb } from '../db/database.ts'
import type { VideoNews } from './index-changes.ts'
import type { IndexedVideoTable } from './tables.ts'

type Correction = Extract<VideoNews, { kind: 'reconcile' }>

// What the index keeps only for itself, or what nothing acts on: not a change of the video.
const bookkeeping = new Set<keyof IndexedVideoTable>([
  'source_at',
  'confirmed_at',
  'partial',
  'sort_key',
  'status',
  'thumbnail_url',
])

const factsOf = (row: IndexedVideoTable) =>
  JSON.stringify(
    Object.entries(row)
      .filter(([column]) => !bookkeeping.has(column as keyof IndexedVideoTable))
      .sort(([a], [b]) => (a < b ? -1 : 1)),
  )

async function rowsOf(db: DashboardDb, ids: readonly string[]) {
  if (ids.length === 0) return new Map<string, IndexedVideoTable>()
  const rows = await db.selectFrom('indexed_videos').selectAll().where('id', 'in', ids).execute()
  return new Map(rows.map((row) => [row.id, row]))
}

/**
 * Runs `write` (a reconcile saving what it read) and says which of `ids` it changed: a video new
 * to the index or newly placed in a channel (`created`), or one whose facts differ. Webhooks that
 * announced a change were applied before, so what differs here is what no webhook announced.
 */
export async function withCorrections(
  db: DashboardDb,
  ids: readonly string[],
  write: () => Promise<unknown>,
): Promise<Correction[]> {
  const before = await rowsOf(db, ids)
  await write()
  const after = await rowsOf(db, ids)
  const corrections: Correction[] = []
  for (const [id, row] of after) {
    const was = before.get(id)
    if (!row.channel_id) continue
    const created = was === undefined || was.channel_id === ''
    if (created || factsOf(was) !== factsOf(row))
      corrections.push({ kind: 'reconcile', videoId: id, sourceAt: row.source_at, created })
  }
  return corrections
}
