import { type Kysely, type MigrationProvider, sql } from 'kysely'

/** The migrations the database has run, by name (none before the first). */
export async function migrationsRun<Tables>(db: Kysely<Tables>): Promise<string[]> {
  const tables = await db.introspection.getTables({ withInternalKyselyTables: true })
  if (!tables.some((table) => table.name === 'kysely_migration')) return []
  const rows = await sql<{ name: string }>`select name from kysely_migration`.execute(db)
  return rows.rows.map((row) => row.name)
}

/**
 * An opener that does not load every area (`npm run user:add` after the server ran) meets their
 * migrations already run: they stand as run, so the opener neither refuses the database nor
 * touches the areas' tables.
 */
export function keepingOthers(
  provider: MigrationProvider,
  run: readonly string[],
): MigrationProvider {
  return {
    async getMigrations() {
      const known = await provider.getMigrations()
      const others = run.filter((name) => !(name in known))
      return { ...known, ...Object.fromEntries(others.map((name) => [name, { async up() {} }])) }
    },
  }
}
