import { resolveConfig } from '../../../server/sandbox/config.ts'
import type { Sandbox } from '../../../server/sandbox/context.ts'
import { type Db, openDatabase } from '../../../server/sandbox/db/open.ts'
import { seedSandbox } from '../../../server/sandbox/seed/seed.ts'

/** Seeds a fresh in-memory database. Storage answers that every sample is already stored. */
export async function seeded(videos: number): Promise<Db> {
  const db = openDatabase(':memory:')
  const sandbox = {
    db,
    config: resolveConfig({ db: ':memory:', seed: 'demo', seedVideos: videos, log: () => {} }),
    storage: { head: async () => ({}), putObject: async () => {} },
  } as unknown as Sandbox
  await seedSandbox(sandbox)
  return db
}
