import { randomUUID } from 'node:crypto'
import type { Selectable } from 'kysely'
import {
  type Rule,
  type RuleDefinition,
  type RuleVersion,
  ruleDefinitionSchema,
} from '../../../src/api/rules.ts'
import type { RulesDb, StoredRule } from './rules-deps.ts'
import type { RuleTable } from './tables.ts'

// Rules as kept: each change writes the rule's new state and a version beside it (who, when,
// what changed, the definition as it then was), in one transaction.

export type RuleRow = Selectable<RuleTable>

export interface Person {
  id: string
  email: string
}

const definitionOf = (row: { definition: string }): RuleDefinition =>
  ruleDefinitionSchema.parse(JSON.parse(row.definition))

export const storedRule = (row: RuleRow): StoredRule => ({
  id: row.id,
  version: row.version,
  enabled: row.enabled === 1,
  author_id: row.author_id,
  definition: definitionOf(row),
})

/** The rule unless deleted. */
export const findRule = (db: RulesDb, id: string) =>
  db
    .selectFrom('rules')
    .selectAll()
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst()

export async function loadRule(db: RulesDb, id: string): Promise<StoredRule | null> {
  const row = await findRule(db, id)
  return row ? storedRule(row) : null
}

/** A channel's rules that are on, but `except`, by priority. */
export async function enabledRules(db: RulesDb, channelId: string, except?: string) {
  const rows = await db
    .selectFrom('rules')
    .selectAll()
    .where('channel_id', '=', channelId)
    .where('enabled', '=', 1)
    .where('deleted_at', 'is', null)
    .$if(except !== undefined, (q) => q.where('id', '!=', except as string))
    .orderBy('priority')
    .orderBy('id')
    .execute()
  return rows.map(storedRule)
}

/** Rules as people read them: with their author's email and whether `reader` follows them. */
export async function ruleAnswers(db: RulesDb, rows: RuleRow[], reader: Person): Promise<Rule[]> {
  if (rows.length === 0) return []
  const ids = rows.map((row) => row.id)
  const [authors, followed] = await Promise.all([
    db
      .selectFrom('accounts')
      .select(['id', 'email'])
      .where('id', 'in', [...new Set(rows.map((row) => row.author_id))])
      .execute(),
    db
      .selectFrom('rule_followers')
      .select('rule_id')
      .where('account_id', '=', reader.id)
      .where('rule_id', 'in', ids)
      .execute(),
  ])
  const emails = new Map(authors.map((author) => [author.id, author.email]))
  const following = new Set(followed.map((row) => row.rule_id))
  return rows.map((row) => ({
    ...definitionOf(row),
    id: row.id,
    version: row.version,
    enabled: row.enabled === 1,
    paused: row.paused ? (JSON.parse(row.paused) as Rule['paused']) : null,
    author_id: row.author_id,
    author_email: emails.get(row.author_id) ?? '',
    updated_at: row.updated_at,
    updated_by: row.updated_by,
    following: following.has(row.id),
  }))
}

export function listRules(db: RulesDb, channelId: string) {
  return db
    .selectFrom('rules')
    .selectAll()
    .where('channel_id', '=', channelId)
    .where('deleted_at', 'is', null)
    .orderBy('priority')
    .orderBy('name')
    .orderBy('id')
    .execute()
}

/** A new rule, switched off, as version 1. */
export async function insertRule(db: RulesDb, definition: RuleDefinition, by: Person) {
  const at = new Date().toISOString()
  const row: RuleRow = {
    id: randomUUID(),
    channel_id: definition.channel_id,
    name: definition.name,
    definition: JSON.stringify(definition),
    trigger: definition.trigger.type,
    priority: definition.priority,
    enabled: 0,
    version: 1,
    paused: null,
    author_id: by.id,
    created_at: at,
    updated_at: at,
    updated_by: by.email,
    deleted_at: null,
  }
  await db.transaction().execute(async (tx) => {
    await tx.insertInto('rules').values(row).execute()
    await tx
      .insertInto('rule_versions')
      .values({
        rule_id: row.id,
        version: 1,
        definition: row.definition,
        enabled: 0,
        changes: JSON.stringify(['created']),
        changed_at: at,
        changed_by: by.email,
      })
      .execute()
  })
  return row
}

export interface RuleChange {
  definition?: RuleDefinition
  enabled?: boolean
  deleted?: boolean
  changes: string[]
}

/**
 * Writes the rule's next version: its new definition, state or deletion, with the changes in
 * words. Null when the rule is gone (deleted meanwhile).
 */
export async function writeVersion(db: RulesDb, id: string, change: RuleChange, by: Person) {
  const at = new Date().toISOString()
  const { definition } = change
  return db.transaction().execute(async (tx) => {
    const row = await tx
      .updateTable('rules')
      .set((eb) => ({
        version: eb('version', '+', 1),
        updated_at: at,
        updated_by: by.email,
        ...(definition
          ? {
              definition: JSON.stringify(definition),
              name: definition.name,
              channel_id: definition.channel_id,
              trigger: definition.trigger.type,
              priority: definition.priority,
            }
          : {}),
        ...(change.enabled === undefined ? {} : { enabled: change.enabled ? 1 : 0 }),
        // Switched on again, a rule that paused itself is no longer paused.
        ...(change.enabled ? { paused: null } : {}),
        ...(change.deleted ? { deleted_at: at, enabled: 0 } : {}),
      }))
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .returningAll()
      .executeTakeFirst()
    if (!row) return null
    await tx
      .insertInto('rule_versions')
      .values({
        rule_id: id,
        version: row.version,
        definition: row.definition,
        enabled: row.enabled,
        changes: JSON.stringify(change.changes),
        changed_at: at,
        changed_by: by.email,
      })
      .execute()
    return row
  })
}

/** Every version of a rule, newest first (a deleted rule's too). */
export async function listVersions(db: RulesDb, id: string): Promise<RuleVersion[]> {
  const rows = await db
    .selectFrom('rule_versions')
    .selectAll()
    .where('rule_id', '=', id)
    .orderBy('version', 'desc')
    .execute()
  return rows.map((row) => ({
    version: row.version,
    changed_at: row.changed_at,
    changed_by: row.changed_by,
    changes: JSON.parse(row.changes) as string[],
    definition: definitionOf(row),
    enabled: row.enabled === 1,
  }))
}

export async function setFollowing(db: RulesDb, ruleId: string, accountId: string, on: boolean) {
  if (on)
    await db
      .insertInto('rule_followers')
      .values({ rule_id: ruleId, account_id: accountId })
      .onConflict((conflict) => conflict.columns(['rule_id', 'account_id']).doNothing())
      .execute()
  else
    await db
      .deleteFrom('rule_followers')
      .where('rule_id', '=', ruleId)
      .where('account_id', '=', accountId)
      .execute()
}
