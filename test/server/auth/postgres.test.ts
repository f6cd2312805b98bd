import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { AccountExistsError, createAccounts } from '../../../server/dashboard/auth/accounts.ts'
import { createAuditLog } from '../../../server/dashboard/auth/audit-log.ts'
import { createInvites } from '../../../server/dashboard/auth/invites.ts'
import { verifyPassword } from '../../../server/dashboard/auth/passwords.ts'
import { type DashboardDb, openDashboardDb } from '../../../server/dashboard/db/database.ts'
import { bothDatabases } from '../support/both-databases.ts'

const minute = 60_000
const t0 = Date.parse('2030-05-01T09:00:00.000Z')

describe.each(bothDatabases)('accounts, invites and the audit log on $name', ({ start }) => {
  let database: Awaited<ReturnType<typeof start>>
  const opened: DashboardDb[] = []
  /** Another handle on the same database: another replica, with its own connections. */
  const open = async () => {
    const db = await openDashboardDb(database.location)
    opened.push(db)
    return db
  }
  let db: DashboardDb
  let clock = t0
  const now = () => new Date(clock)
  beforeAll(async () => {
    database = await start()
    db = await open()
  })
  afterAll(async () => {
    await Promise.all(opened.map((each) => each.destroy()))
    await database?.stop()
  })
  beforeEach(async () => {
    clock = t0
    for (const table of ['audit_log', 'invites', 'accounts'] as const)
      await db.deleteFrom(table).execute()
  })

  it('creates, finds and updates accounts, counting them as numbers', async () => {
    const accounts = createAccounts(db, now)
    expect(await accounts.count()).toBe(0)
    const sam = await accounts.create({
      email: ' Sam@Example.com ',
      role: 'editor',
      password: 'a long enough password',
    })
    expect(sam).toEqual({
      id: expect.any(String),
      email: 'sam@example.com',
      role: 'editor',
      oidc_subject: null,
      created_at: '2030-05-01T09:00:00.000Z',
      deactivated_at: null,
    })
    expect(await accounts.byId(sam.id)).toEqual(sam)
    const withHash = await accounts.byEmailWithHash('SAM@example.com')
    expect(await verifyPassword('a long enough password', withHash?.password_hash ?? null)).toBe(
      true,
    )
    await expect(accounts.create({ email: 'sam@EXAMPLE.com', role: 'viewer' })).rejects.toThrow(
      AccountExistsError,
    )

    clock += minute
    expect(await accounts.update(sam.id, { oidcSubject: 'sub-1' })).toMatchObject({
      oidc_subject: 'sub-1',
    })
    const changed = await accounts.changeAuthority(sam.id, { role: 'admin', deactivated: true })
    expect(changed).toEqual({
      account: {
        ...sam,
        role: 'admin',
        oidc_subject: 'sub-1',
        deactivated_at: '2030-05-01T09:01:00.000Z',
      },
    })
    expect({ account: await accounts.bySubject('sub-1') }).toEqual(changed)
    expect(await accounts.changeAuthority(sam.id, { deactivated: false })).toMatchObject({
      account: { deactivated_at: null },
    })
    expect(await accounts.changeAuthority('no-such-id', { role: 'viewer' })).toEqual({
      refused: 'missing',
    })
    expect(await accounts.byId('no-such-id')).toBeUndefined()
    expect(await accounts.count()).toBe(1)
  })

  it('counts the admins still able to sign in, as a number, and keeps the last one', async () => {
    const accounts = createAccounts(db, now)
    const [first, second] = [
      await accounts.create({ email: 'first@example.com', role: 'admin' }),
      await accounts.create({ email: 'second@example.com', role: 'admin' }),
    ]
    await accounts.create({ email: 'editor@example.com', role: 'editor' })
    expect(await accounts.activeAdmins()).toBe(2)
    expect(await accounts.changeAuthority(first.id, { deactivated: true })).toHaveProperty(
      'account',
    )
    expect(await accounts.activeAdmins()).toBe(1)
    for (const change of [{ role: 'viewer' as const }, { deactivated: true }])
      expect(await accounts.changeAuthority(second.id, change)).toEqual({ refused: 'last-admin' })
    // A deactivated admin is not one of them: its role may change.
    expect(await accounts.changeAuthority(first.id, { role: 'editor' })).toHaveProperty('account')
    expect(await accounts.activeAdmins()).toBe(1)
    expect(await accounts.count()).toBe(3)
  })

  it('lists accounts in the same order on either database, byte by byte', async () => {
    const accounts = createAccounts(db, now)
    for (const email of [
      'zoe@example.com',
      'éva@example.com',
      'a-b@example.com',
      'ab@example.com',
      'a.b@example.com',
    ])
      await accounts.create({ email, role: 'viewer' })
    expect((await accounts.list()).map((account) => account.email)).toEqual([
      'a-b@example.com',
      'a.b@example.com',
      'ab@example.com',
      'zoe@example.com',
      'éva@example.com',
    ])
  })

  it('makes one account of two creations at once for the same email, from two replicas', async () => {
    const [a, b] = [createAccounts(db, now), createAccounts(await open(), now)]
    const outcomes = await Promise.allSettled([
      a.create({ email: 'twice@example.com', role: 'viewer' }),
      b.create({ email: 'Twice@example.com', role: 'editor' }),
    ])
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1)
    const refused = outcomes.find((outcome) => outcome.status === 'rejected')
    expect(refused?.reason).toBeInstanceOf(AccountExistsError)
    expect(await a.count()).toBe(1)
  })

  /** The admin who makes the invitations: they work only while their maker is one. */
  const addInviter = () =>
    db
      .insertInto('accounts')
      .values({
        id: 'admin-id',
        email: 'admin@example.com',
        password_hash: null,
        role: 'admin',
        oidc_subject: null,
        created_at: now().toISOString(),
        deactivated_at: null,
      })
      .execute()

  it('uses an invite once, and not after it expires', async () => {
    await addInviter()
    const invites = createInvites(db, now)
    const { token, expiresAt } = await invites.create({
      email: 'kim@example.com',
      role: 'viewer',
      createdBy: 'admin-id',
    })
    expect(expiresAt).toBe('2030-05-08T09:00:00.000Z')
    expect(await invites.find(token)).toEqual({
      email: 'kim@example.com',
      role: 'viewer',
      expires_at: expiresAt,
    })
    expect(await invites.find(`${token}x`)).toBeUndefined()
    expect(await invites.use(token)).toBe(true)
    expect(await invites.use(token)).toBe(false)
    expect(await invites.find(token)).toBeUndefined()

    const late = await invites.create({
      email: 'lee@example.com',
      role: 'editor',
      createdBy: 'admin-id',
    })
    clock = Date.parse(late.expiresAt)
    expect(await invites.find(late.token)).toBeUndefined()
    expect(await invites.use(late.token)).toBe(false)
  })

  it('lets exactly one of several accepts at once use an invite, across replicas', async () => {
    await addInviter()
    const { token } = await createInvites(db, now).create({
      email: 'race@example.com',
      role: 'editor',
      createdBy: 'admin-id',
    })
    const [a, b] = [createInvites(db, now), createInvites(await open(), now)]
    const used = await Promise.all(
      Array.from({ length: 8 }, (_, index) => (index % 2 ? a : b).use(token)),
    )
    expect(used.filter(Boolean)).toHaveLength(1)
  })

  it('records the audit log and pages through it newest first with a numeric `before` cursor', async () => {
    const audit = createAuditLog(db, now)
    const entry = (operation: string, status: number, email = 'admin@example.com') => ({
      account_id: `id-${email}`,
      account_email: email,
      operation,
      method: 'POST',
      path: `/api/v1/${operation}`,
      status,
    })
    // Several in one millisecond: seq keeps the order they were written in.
    for (const [index, operation] of ['one', 'two', 'three', 'four', 'five'].entries()) {
      await audit.record(entry(operation, index === 3 ? 404 : 200))
      if (index % 2 === 1) clock += minute
    }
    const first = await audit.page({ limit: 2 })
    expect(first.entries.map((each) => each.operation)).toEqual(['five', 'four'])
    expect(first.entries[0]).toEqual({
      ...entry('five', 200),
      id: expect.any(String),
      at: '2030-05-01T09:02:00.000Z',
      seq: expect.any(Number),
      count: 1,
    })
    expect(typeof first.next).toBe('number')
    const second = await audit.page({ limit: 2, before: first.next ?? undefined })
    expect(second.entries.map((each) => each.operation)).toEqual(['three', 'two'])
    const last = await audit.page({ limit: 2, before: second.next ?? undefined })
    expect(last).toEqual({ entries: [expect.objectContaining({ operation: 'one' })], next: null })
    const all: string[] = []
    for await (const each of audit.all({})) all.push(each.operation)
    expect(all).toEqual(['five', 'four', 'three', 'two', 'one'])
  })

  it('filters the audit log by person, operation, outcome and time', async () => {
    const audit = createAuditLog(db, now)
    const record = (operation: string, status: number, email: string) =>
      audit.record({
        account_id: 'x',
        account_email: email,
        operation,
        method: 'PATCH',
        path: '/p',
        status,
      })
    await record('updateVideo', 200, 'sam@example.com')
    clock += minute
    await record('updateVideo', 403, 'kim@example.com')
    clock += minute
    await record('createPlaylist', 201, 'sam@example.com')
    const operations = async (filter: Parameters<typeof audit.page>[0]) =>
      (await audit.page(filter)).entries.map((each) => `${each.operation} ${each.status}`)
    expect(await operations({ account: 'SAM@example.com' })).toEqual([
      'createPlaylist 201',
      'updateVideo 200',
    ])
    expect(await operations({ operation: 'updateVideo' })).toEqual([
      'updateVideo 403',
      'updateVideo 200',
    ])
    expect(await operations({ outcome: 'failure' })).toEqual(['updateVideo 403'])
    expect(await operations({ outcome: 'success', operation: 'updateVideo' })).toEqual([
      'updateVideo 200',
    ])
    expect(await operations({ from: '2030-05-01T09:01', to: '2030-05-01T09:02' })).toEqual([
      'updateVideo 403',
    ])
    expect(await operations({ from: '2030-05-02' })).toEqual([])
  })
})
