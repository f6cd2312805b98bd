import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Account, createAccounts } from '../../../server/dashboard/auth/accounts.ts'
import { type DashboardDb, openDashboardDb } from '../../../server/dashboard/db/database.ts'
import { type RunningDashboard, startDashboard } from '../../../server/dashboard/start.ts'
import { type FakeService, fakeClient, startFakeService } from '../dashboard/fake-service.ts'
import { send } from '../dashboard/http-client.ts'
import { createTempDist } from '../dashboard/temp-dist.ts'
import { createTestAccount, signIn, testPassword } from '../support/accounts.ts'
import { bothDatabases } from '../support/both-databases.ts'

const rounds = 25

describe.each(bothDatabases)(
  'the last admin, with two admins changing each other at once, on $name',
  ({ start }) => {
    let database: Awaited<ReturnType<typeof start>>
    let db: DashboardDb
    let service: FakeService
    let dist: Awaited<ReturnType<typeof createTempDist>>
    let dashboard: RunningDashboard
    const admins: Record<'ana' | 'bo', Account & { session: Record<string, string> }> = {} as never

    beforeAll(async () => {
      database = await start()
      db = await openDashboardDb(database.location)
      service = await startFakeService()
      dist = await createTempDist()
      dashboard = await startDashboard({
        port: 0,
        mode: 'production',
        distDir: dist.dir,
        dashboardDb: database.location.sqlitePath,
        ...(database.location.databaseUrl ? { databaseUrl: database.location.databaseUrl } : {}),
        service: { baseUrl: service.url, ...fakeClient },
        log: () => {},
      })
      for (const name of ['ana', 'bo'] as const) {
        const email = `${name}@example.com`
        const account = await createTestAccount(db, { email, role: 'admin' })
        const session = await signIn(dashboard.url, {
          email,
          password: testPassword,
          role: 'admin',
        })
        admins[name] = { ...account, session }
      }
    })

    afterAll(async () => {
      await dashboard?.close()
      await db?.destroy()
      await service?.close()
      await dist?.remove()
      await database?.stop()
    })

    const change = (by: 'ana' | 'bo', of: 'ana' | 'bo', body: object) =>
      send(dashboard.url, `/auth/accounts/${admins[of].id}`, {
        method: 'PATCH',
        headers: { ...admins[by].session, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
    const bothAdminsAgain = () =>
      db
        .updateTable('accounts')
        .set({ role: 'admin', deactivated_at: null })
        .where('id', 'in', [admins.ana.id, admins.bo.id])
        .execute()
    const activeAdmins = () => createAccounts(db).activeAdmins()

    it('lets exactly one of two demotions through, round after round', async () => {
      for (let round = 1; round <= rounds; round++) {
        await bothAdminsAgain()
        const answers = await Promise.all([
          change('ana', 'bo', { role: 'editor' }),
          change('bo', 'ana', { role: 'viewer' }),
        ])
        const statuses = answers.map((answer) => answer.status)
        expect(
          statuses.filter((status) => status === 200),
          `round ${round}: ${statuses}`,
        ).toHaveLength(1)
        expect(await activeAdmins(), `round ${round}`).toBe(1)
      }
    })

    it('lets exactly one of a deactivation and a demotion through', async () => {
      for (let round = 1; round <= 4; round++) {
        await bothAdminsAgain()
        const answers = await Promise.all([
          change('ana', 'bo', { deactivated: true }),
          change('bo', 'ana', { role: 'editor' }),
        ])
        const statuses = answers.map((answer) => answer.status)
        expect(
          statuses.filter((status) => status === 200),
          `round ${round}: ${statuses}`,
        ).toHaveLength(1)
        expect(await activeAdmins(), `round ${round}`).toBe(1)
        // A deactivation ends the account's sessions: Bo signs in again for the next round.
        if (answers[0]?.status === 200) {
          await bothAdminsAgain()
          admins.bo.session = await signIn(dashboard.url, {
            email: admins.bo.email,
            password: testPassword,
            role: 'admin',
          })
        }
      }
    })
  },
)
