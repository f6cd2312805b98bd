import {
  brokenTagProblems,
  type Readiness,
  type ReadinessCheck,
  type ReadinessSettings,
  readinessSettingsSchema,
} from '../../../src/api/merch-index.ts'
import type { DashboardDb } from '../db/database.ts'
import type { SubtitleChecks } from './subtitle-checks.ts'
import { brokenTags } from './tag-health.ts'

const settingName = 'readiness'
/** Until the team says otherwise: everything but subtitles, which many channels do without. */
const defaultRequired: ReadinessCheck[] = ['caption', 'product', 'broken_tag', 'poster']

export async function readinessSettings(db: DashboardDb): Promise<ReadinessSettings> {
  const row = await db
    .selectFrom('team_settings')
    .select('value')
    .where('name', '=', settingName)
    .executeTakeFirst()
  const parsed = row ? readinessSettingsSchema.safeParse(JSON.parse(row.value)) : null
  return parsed?.success ? parsed.data : { required: defaultRequired }
}

export async function saveReadinessSettings(
  db: DashboardDb,
  settings: ReadinessSettings,
  by: string,
) {
  const row = {
    name: settingName,
    value: JSON.stringify({ required: [...new Set(settings.required)] }),
    updated_at: new Date().toISOString(),
    updated_by: by,
  }
  await db
    .insertInto('team_settings')
    .values(row)
    .onConflict((conflict) =>
      conflict.column('name').doUpdateSet({
        value: row.value,
        updated_at: row.updated_at,
        updated_by: row.updated_by,
      }),
    )
    .execute()
}

/**
 * What the team's required checks find missing or wrong on each video, from the index (and, for
 * subtitles, which the index does not keep, from the service). A video the index has not placed
 * yet is said to be unchecked rather than ready.
 */
export async function readinessOf(
  db: DashboardDb,
  subtitles: SubtitleChecks,
  videoIds: string[],
): Promise<Readiness> {
  const { required } = await readinessSettings(db)
  const wants = new Set(required)
  const rows = new Map(
    (
      await db
        .selectFrom('indexed_videos')
        .select(['id', 'caption', 'product_count', 'poster_count'])
        .where('id', 'in', videoIds.length ? videoIds : [''])
        .execute()
    ).map((row) => [row.id, row]),
  )
  const videos = await Promise.all(
    videoIds.map(async (videoId) => {
      const row = rows.get(videoId)
      const problems: Readiness['videos'][number]['problems'] = []
      const note = (check: ReadinessCheck, message: string) => {
        if (wants.has(check)) problems.push({ check, message })
      }
      if (!row) return { video_id: videoId, problems }
      if (!row.caption?.trim()) note('caption', 'It has no caption.')
      if (row.product_count === 0) note('product', 'No product is tagged: it sells nothing.')
      if (wants.has('broken_tag'))
        for (const tag of await brokenTags(db, null, { videoId }))
          note(
            'broken_tag',
            `${tag.product?.name ?? 'A tagged product'} is ${brokenTagProblems[tag.problem]}.`,
          )
      if (row.poster_count === 0) note('poster', 'It has no poster.')
      if (wants.has('subtitles')) {
        if (!(await subtitles.has(videoId))) note('subtitles', 'It has no subtitles.')
      }
      return { video_id: videoId, problems }
    }),
  )
  return { required, videos }
}
