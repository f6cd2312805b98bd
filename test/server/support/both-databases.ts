import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startPostgresServer } from './postgres-server.ts'

/** Where a dashboard keeps its data: a SQLite file, or PostgreSQL when `databaseUrl` is set. */
export type DatabaseLocation = { sqlitePath: string; databaseUrl?: string }

/**
 * The dashboard's two databases, for `describe.each`: a fresh SQLite file, or a PostgreSQL server
 * of its own. Each test file that depends on what the database enforces runs on both.
 */
export const bothDatabases: Array<{
  name: string
  start(): Promise<{ location: DatabaseLocation; stop(): Promise<void> }>
}> = [
  {
    name: 'SQLite',
    async start() {
      const dir = mkdtempSync(join(tmpdir(), 'dashboard-db-'))
      return {
        location: { sqlitePath: join(dir, 'dashboard.db') },
        stop: async () => rmSync(dir, { recursive: true, force: true }),
      }
    },
  },
  {
    name: 'PostgreSQL',
    async start() {
      const server = await startPostgresServer()
      return { location: { sqlitePath: ':memory:', databaseUrl: server.url }, stop: server.stop }
    },
  },
]
