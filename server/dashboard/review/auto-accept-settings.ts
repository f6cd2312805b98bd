import * as z from 'zod/mini'
import { type AutoAcceptChange, autoAcceptChangeSchema } from '../../../src/api/review.ts'
import type { ReviewDb } from './review-context.ts'

const settingName = 'auto_accept'

/**
 * Off until an admin turns it on. The threshold starts high (80) so that a team that turns it on
 * before picking one on the calibration page settles only what the matcher is surest of; the
 * floor starts at 30, the lowest score a lexical matcher bothers to suggest, so by default almost
 * nothing is rejected unseen.
 */
export const autoAcceptDefaults: AutoAcceptChange = {
  enabled: false,
  target: 0.95,
  threshold: 80,
  floor: 30,
}

const pausedSchema = z.nullable(z.object({ at: z.string(), reason: z.string() }))

const storedSchema = z.object({
  ...autoAcceptChangeSchema.shape,
  paused: z._default(pausedSchema, null),
  /**
   * When it was last turned on, or its threshold or target changed (ms): the blind audit measures
   * the machine since then, so an admin who turns it on again after a pause starts a fresh count.
   */
  since: z._default(z.number(), 0),
})
export type AutoAcceptStored = z.infer<typeof storedSchema>

export interface AutoAcceptState extends AutoAcceptStored {
  updated_at: string | null
  updated_by: string | null
}

/** The setting as kept, with who last changed it; the defaults until an admin does. */
export async function readAutoAcceptState(db: ReviewDb): Promise<AutoAcceptState> {
  const row = await db
    .selectFrom('team_settings')
    .select(['value', 'updated_at', 'updated_by'])
    .where('name', '=', settingName)
    .executeTakeFirst()
  const parsed = row ? storedSchema.safeParse(JSON.parse(row.value)) : null
  if (!row || !parsed?.success)
    return { ...autoAcceptDefaults, paused: null, since: 0, updated_at: null, updated_by: null }
  return { ...parsed.data, updated_at: row.updated_at, updated_by: row.updated_by }
}

/**
 * What the queue and the engine need: the scores above which the machine accepts and below which
 * it rejects, and whether it acts now (on and not paused).
 */
export async function readAutoAcceptSettings(db: ReviewDb) {
  const { enabled, paused, threshold, floor, target } = await readAutoAcceptState(db)
  return { active: enabled && !paused, enabled, paused, threshold, floor, target }
}

/** Keeps an admin's change; the pause ends with any change an admin makes. */
export async function saveAutoAccept(
  db: ReviewDb,
  change: AutoAcceptChange,
  by: string,
  now = new Date(),
) {
  const before = await readAutoAcceptState(db)
  const restart =
    change.enabled &&
    (!before.enabled ||
      before.paused !== null ||
      before.threshold !== change.threshold ||
      before.target !== change.target)
  const stored: AutoAcceptStored = {
    ...change,
    paused: null,
    since: restart ? now.getTime() : before.since,
  }
  const row = {
    name: settingName,
    value: JSON.stringify(stored),
    updated_at: now.toISOString(),
    updated_by: by,
  }
  await db
    .insertInto('team_settings')
    .values(row)
    .onConflict((conflict) =>
      conflict
        .column('name')
        .doUpdateSet({ value: row.value, updated_at: row.updated_at, updated_by: row.updated_by }),
    )
    .execute()
}

/**
 * Pauses it, keeping who last changed it. Only a setting still on and unpaused, as last read, is
 * paused: an admin's change in between wins (its own audit starts afresh).
 */
export async function pauseAutoAccept(db: ReviewDb, reason: string, now = new Date()) {
  return db.transaction().execute(async (trx) => {
    const current = await readAutoAcceptState(trx)
    if (!current.enabled || current.paused) return false
    const { updated_at: _at, updated_by: _by, ...stored } = current
    const value = JSON.stringify({ ...stored, paused: { at: now.toISOString(), reason } })
    const changed = await trx
      .updateTable('team_settings')
      .set({ value })
      .where('name', '=', settingName)
      .where('updated_at', '=', current.updated_at ?? '')
      .executeTakeFirst()
    return Number(changed.numUpdatedRows) > 0
  })
}
