/**
 * Auto-accept's watch runs on one replica at a time, by a lease in the shared database: two
 * replicas running at once settle a finished job once, and when the one holding the lease stops,
 * the other takes over. On SQLite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bothDatabases } from '../support/both-databases.ts'
import { type AutoAcceptHarness, openAutoAcceptHarness } from './auto-accept-harness.ts'

describe.each(bothDatabases)('auto-accept replicas on $name', ({ start }) => {
  let database: Awaited<ReturnType<typeof start>>
  let h: AutoAcceptHarness
  beforeAll(async () => {
    database = await start()
    h = await openAutoAcceptHarness(database.location)
    await h.turnOn({ threshold: 70, floor: 30 })
  })
  afterAll(async () => {
    await h?.close()
    await database?.stop()
  })

  it('settles a job once whichever replicas run, and hands over when the holder stops', async () => {
    const first = h.engine({}, 'replica-1')
    const second = h.engine({}, 'replica-2')
    for (const id of ['v-1', 'v-2', 'v-3']) {
      await h.started(id)
      h.service.complete(id, [['p-1', 90]])
    }
    const runs = await Promise.all([first.tick(), second.tick(), first.tick(), second.tick()])
    const ran = runs.filter((run) => run.ran)
    expect(ran.length).toBeGreaterThan(0)
    // Only one replica's runs did anything.
    expect(
      new Set(runs.map((run, i) => (run.ran ? i % 2 : null)).filter((i) => i !== null)).size,
    ).toBe(1)
    expect(h.service.accepts.map((accept) => accept.videoId).sort()).toEqual(['v-1', 'v-2', 'v-3'])

    const holder = runs[0]?.ran ? first : second
    const other = holder === first ? second : first
    await h.started('v-4')
    h.service.complete('v-4', [['p-1', 90]])
    expect((await other.tick()).ran).toBe(false)
    await holder.stop()
    expect((await other.tick()).outcomes).toEqual([{ videoId: 'v-4', outcome: 'settle' }])
    expect(h.service.accepts).toHaveLength(4)
    await other.stop()
  })
})
