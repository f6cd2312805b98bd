/**
 * The blind audit's verdict: once 30 audited decisions on suggestions auto-accept would have
 * accepted exist and their lower bound falls below the target, auto-accept pauses itself, records
 * why in the setting and the audit log, tells every admin, and settles nothing more until an
 * admin turns it on again.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { readAutoAcceptState } from '../../../server/dashboard/review/auto-accept-settings.ts'
import { type AutoAcceptHarness, openAutoAcceptHarness } from './auto-accept-harness.ts'
import { many, record } from './calibration-ledger.ts'

let dir: string
let h: AutoAcceptHarness
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'auto-accept-pause-'))
  h = await openAutoAcceptHarness({ sqlitePath: join(dir, 'dashboard.db') })
  await h.turnOn({ threshold: 70, target: 0.95 })
})
afterAll(async () => {
  await h?.close()
  rmSync(dir, { recursive: true, force: true })
})

const audited = (n: number, accepted: number, score = 80) =>
  many(n, accepted, { score, source: 'audit', decided_ms: Date.now() })

it('pauses when the audit lower bound falls below the target, tells admins and records it', async () => {
  const engine = h.engine()
  // Below the threshold, audited decisions say nothing of what auto-accept accepts.
  await record(h.db, [...audited(29, 20), ...audited(40, 0, 65)])
  await engine.tick()
  expect((await readAutoAcceptState(h.db)).paused).toBeNull()

  await record(h.db, audited(1, 1))
  await engine.tick()
  const reason =
    'In the blind audit people accepted 70% (lower bound 52.1%) of 30 suggestions at 70 and above that auto-accept would have accepted, short of the target of 95%.'
  expect((await readAutoAcceptState(h.db)).paused).toEqual({ at: expect.any(String), reason })
  expect(await h.auditEntries('review.autoAcceptPaused')).toMatchObject([
    { account_email: 'auto-accept', path: '/api/dashboard/review/settings', status: 200 },
  ])
  const notices = await h.adminNotices()
  expect(notices.unread).toBe(1)
  expect(notices.notices[0]).toMatchObject({
    kind: 'auto_accept.paused',
    title: 'Auto-accept paused itself',
    body: expect.stringContaining(reason),
    link: '/review/calibration',
  })
  // Told once, however many runs follow.
  await engine.tick()
  expect((await h.adminNotices()).unread).toBe(1)

  // Paused, a sure video waits for a person like any other.
  await h.started('v-after-pause')
  h.service.complete('v-after-pause', [['p-1', 99]])
  const outcomes = (await engine.tick()).outcomes
  expect(outcomes).toEqual([{ videoId: 'v-after-pause', outcome: 'wait' }])
  expect(h.service.accepts).toEqual([])
  expect(await h.reviewVideo('v-after-pause')).toEqual({
    state: 'waiting',
    audit: 0,
    premarks: null,
  })
})

it('starts a fresh audit when an admin turns it on again', async () => {
  await h.turnOn({ threshold: 70, target: 0.95 })
  await h.engine().tick()
  expect((await readAutoAcceptState(h.db)).paused).toBeNull()
})
