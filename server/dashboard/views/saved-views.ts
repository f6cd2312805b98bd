import { randomBytes } from 'node:crypto'
import type { ExpressionBuilder } from 'kysely'
import type { Role } from '../../../src/api/roles.ts'
import type { SavedView, SavedViewSearch } from '../../../src/api/saved-views.ts'
import type { DashboardDb, DashboardTables } from '../db/database.ts'
import { serializable } from '../db/serializable.ts'
import type { SavedViewTable } from './tables.ts'
import { fullGroup } from './view-caps.ts'

/** Who asks: the signed-in account. */
export interface ViewUser {
  id: string
  role: Role
}

export interface ViewFields {
  name: string
  shared: boolean
  search: SavedViewSearch
}

/**
 * A duplicate says which name clashed where; a full group which group and its cap; both whether
 * the view is the user's own.
 */
export type Refused =
  | { refused: 'missing' | 'forbidden' }
  | { refused: 'duplicate'; name: string; shared: boolean; mine: boolean }
  | { refused: 'full'; shared: boolean; cap: number; mine: boolean }

const newId = () => randomBytes(12).toString('base64url')

// One order on every replica and database: PostgreSQL's collation and SQLite's bytes differ.
const byName = new Intl.Collator('en', { numeric: true }).compare

/** Anyone sees their own views and the shared ones; nobody else's own. */
const visible = (row: Pick<SavedViewTable, 'owner_id' | 'shared'>, user: ViewUser) =>
  row.owner_id === user.id || row.shared === 1

/** The owner changes and deletes a view; an admin also the team's shared ones. */
const mayChange = (row: Pick<SavedViewTable, 'owner_id' | 'shared'>, user: ViewUser) =>
  row.owner_id === user.id || (user.role === 'admin' && row.shared === 1)

/** `mayChange` as the write's own condition: the owner may stop sharing it meanwhile. */
const changeableBy = (user: ViewUser) => (eb: ExpressionBuilder<DashboardTables, 'saved_views'>) =>
  eb.or([eb('owner_id', '=', user.id), ...(user.role === 'admin' ? [eb('shared', '=', 1)] : [])])

// A partial unique index on the name refused the row: SQLite's and PostgreSQL's (23505) words.
function duplicateName(error: unknown): boolean {
  const { code, message, constraint } = error as {
    code?: unknown
    message?: unknown
    constraint?: unknown
  }
  if (code === 'SQLITE_CONSTRAINT_UNIQUE') return String(message).includes('saved_views.name')
  return code === '23505' && /^saved_views_(personal|shared)_name$/.test(String(constraint))
}

export function createSavedViews(db: DashboardDb, now: () => Date = () => new Date()) {
  const withOwner = () =>
    db
      .selectFrom('saved_views')
      .innerJoin('accounts', 'accounts.id', 'saved_views.owner_id')
      .selectAll('saved_views')
      .select('accounts.email as owner')

  const answer = (row: SavedViewTable & { owner: string }, user: ViewUser): SavedView => ({
    id: row.id,
    name: row.name,
    shared: row.shared === 1,
    search: JSON.parse(row.search) as SavedViewSearch,
    owner: row.owner,
    mine: row.owner_id === user.id,
    created_at: row.created_at,
    updated_at: row.updated_at,
  })

  const find = (id: string) => withOwner().where('saved_views.id', '=', id).executeTakeFirst()

  return {
    /** The user's own views and the team's shared ones: shared first, then each group by name. */
    async list(user: ViewUser): Promise<SavedView[]> {
      const rows = await withOwner()
        .where((eb) =>
          eb.or([eb('saved_views.owner_id', '=', user.id), eb('saved_views.shared', '=', 1)]),
        )
        .execute()
      return rows
        .sort((a, b) => b.shared - a.shared || byName(a.name, b.name) || a.id.localeCompare(b.id))
        .map((row) => answer(row, user))
    },

    async create(user: ViewUser, fields: ViewFields): Promise<{ view: SavedView } | Refused> {
      const at = now().toISOString()
      const row: SavedViewTable = {
        id: newId(),
        name: fields.name,
        owner_id: user.id,
        shared: fields.shared ? 1 : 0,
        search: JSON.stringify(fields.search),
        created_at: at,
        updated_at: at,
      }
      // The index decides a name, not a read before: two saves of one name at once leave one. The
      // count and the insert are one serializable transaction: two saves at once take one place.
      try {
        const full = await serializable(db, async (trx) => {
          const full = await fullGroup(trx, { shared: fields.shared, ownerId: user.id })
          if (!full) await trx.insertInto('saved_views').values(row).execute()
          return full
        })
        if (full) return { ...full, mine: true }
      } catch (error) {
        if (duplicateName(error))
          return { refused: 'duplicate', name: fields.name, shared: fields.shared, mine: true }
        throw error
      }
      const saved = await find(row.id)
      if (!saved) return { refused: 'missing' }
      return { view: answer(saved, user) }
    },

    async change(
      id: string,
      user: ViewUser,
      fields: Partial<ViewFields>,
    ): Promise<{ view: SavedView } | Refused> {
      const row = await find(id)
      if (!row || !visible(row, user)) return { refused: 'missing' }
      if (!mayChange(row, user)) return { refused: 'forbidden' }
      const shared = fields.shared ?? row.shared === 1
      const mine = row.owner_id === user.id
      try {
        const refused = await serializable(db, async (trx): Promise<Refused | null> => {
          // A view that moves to the other group takes a place there.
          const current = await trx
            .selectFrom('saved_views')
            .select('shared')
            .where('id', '=', id)
            .executeTakeFirst()
          if (current && current.shared !== (shared ? 1 : 0)) {
            const full = await fullGroup(trx, { shared, ownerId: row.owner_id })
            if (full) return { ...full, mine }
          }
          const result = await trx
            .updateTable('saved_views')
            .set({
              ...(fields.name === undefined ? {} : { name: fields.name }),
              ...(fields.search === undefined ? {} : { search: JSON.stringify(fields.search) }),
              shared: shared ? 1 : 0,
              updated_at: now().toISOString(),
            })
            .where('id', '=', id)
            .where(changeableBy(user))
            .executeTakeFirst()
          return Number(result.numUpdatedRows) === 0 ? { refused: 'missing' } : null
        })
        if (refused) return refused
      } catch (error) {
        if (duplicateName(error)) {
          const name = fields.name ?? row.name
          return { refused: 'duplicate', name, shared, mine }
        }
        throw error
      }
      // An admin who stopped sharing someone's view sees it this once, as it now is.
      const changed = await find(id)
      return changed ? { view: answer(changed, user) } : { refused: 'missing' }
    },

    async remove(id: string, user: ViewUser): Promise<{ removed: true } | Refused> {
      const row = await find(id)
      if (!row || !visible(row, user)) return { refused: 'missing' }
      if (!mayChange(row, user)) return { refused: 'forbidden' }
      const result = await db
        .deleteFrom('saved_views')
        .where('id', '=', id)
        .where(changeableBy(user))
        .executeTakeFirst()
      return Number(result.numDeletedRows) === 0 ? { refused: 'missing' } : { removed: true }
    },
  }
}

export type SavedViews = ReturnType<typeof createSavedViews>
