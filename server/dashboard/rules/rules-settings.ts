import type { Role } from '../../../src/api/roles.ts'
import { type RulesSettings, rulesSettingsChangeSchema } from '../../../src/api/rules.ts'
import type { RulesDb } from './rules-deps.ts'

const settingName = 'rules'

/** Until an admin says otherwise, only admins switch rules on. */
export async function readRulesSettings(db: RulesDb): Promise<RulesSettings> {
  const row = await db
    .selectFrom('team_settings')
    .select(['value', 'updated_at', 'updated_by'])
    .where('name', '=', settingName)
    .executeTakeFirst()
  const parsed = row ? rulesSettingsChangeSchema.safeParse(JSON.parse(row.value)) : null
  if (!row || !parsed?.success)
    return { editors_may_enable: false, updated_at: null, updated_by: null }
  return { ...parsed.data, updated_at: row.updated_at, updated_by: row.updated_by }
}

export async function saveRulesSettings(
  db: RulesDb,
  change: { editors_may_enable: boolean },
  by: string,
) {
  const row = {
    name: settingName,
    value: JSON.stringify(change),
    updated_at: new Date().toISOString(),
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

/** Whether `role` may switch a rule on (and change or revert one that is on). */
export async function maySwitchOn(db: RulesDb, role: Role) {
  if (role === 'admin') return true
  return role === 'editor' && (await readRulesSettings(db)).editors_may_enable
}

export const switchRefusal =
  'Admins switch rules on (or editors, when an admin allows it in the rules’ settings)'
