import { afterEach, describe, expect, it } from 'vitest'
import { createPasswordCheckQueue } from '../../../server/dashboard/auth/password-check-queue.ts'
import { verifyPassword } from '../../../server/dashboard/auth/passwords.ts'
import { addressKey } from '../../../server/dashboard/auth/sign-in-rules.ts'
import { send } from '../dashboard/http-client.ts'
import { testPassword } from '../support/accounts.ts'
import { sessionOf } from '../support/people.ts'
import { waitUntil } from '../wait-until.ts'
import {
  attempt,
  checkWithoutHashing,
  type SignInDashboard,
  startSignInDashboard,
} from './sign-in-dashboard.ts'

type Check = (password: string, stored: string | null) => Promise<boolean>

/** Password checks that wait until the test opens the gate. */
function gated(check: Check) {
  let open = false
  const waiting: Array<() => void> = []
  return {
    verifyPassword: async (password: string, stored: string | null) => {
      if (!open) await new Promise<void>((resolve) => waiting.push(resolve))
      return check(password, stored)
    },
    open() {
      open = true
      for (const resolve of waiting.splice(0)) resolve()
    },
  }
}

let dashboard: SignInDashboard | undefined
afterEach(async () => {
  await dashboard?.close()
  dashboard = undefined
})

describe('password checks', () => {
  it("check another address's sign-in before a flooding address's backlog", async () => {
    const queue = createPasswordCheckQueue({ concurrency: 1, maxWaitingPerAddress: 8 })
    const gate = gated(checkWithoutHashing)
    const running = await startSignInDashboard(['owner@example.com'], {
      queue,
      verifyPassword: gate.verifyPassword,
    })
    dashboard = running
    const flood = Array.from({ length: 4 }, (_, index) =>
      attempt(running.url, `flood${index}@example.com`, 'guess', { from: '127.0.0.2' }),
    )
    await waitUntil(() => queue.sizes().waiting === 3, 'the flood to queue behind its first check')
    const owner = attempt(running.url, 'owner@example.com', testPassword, { from: '127.0.0.3' })
    await waitUntil(() => queue.sizes().waiting === 4, "the owner's check to queue")
    gate.open()
    expect((await owner).status).toBe(204)
    expect((await Promise.all(flood)).map((response) => response.status)).toEqual([
      401, 401, 401, 401,
    ])
    // Started second: right after the check that was running when it came, before the flood's 3.
    expect(running.hashed.indexOf('owner@example.com')).toBe(1)
    expect(running.hashed).toHaveLength(5)
  })

  it('answer 503 with Retry-After beyond the queue, the same for any email', async () => {
    // The real scrypt check, the decoy's for these unknown emails.
    const gate = gated(verifyPassword)
    const running = await startSignInDashboard([], {
      queue: createPasswordCheckQueue({ concurrency: 1, maxWaitingPerAddress: 1 }),
      verifyPassword: gate.verifyPassword,
    })
    dashboard = running
    const sent = ['one', 'two', 'three'].map((name) =>
      attempt(running.url, `${name}@example.com`, 'guess', { from: '127.0.0.4' }),
    )
    // With the checks held, the only answer that can come is the refusal.
    const first = await Promise.race(sent)
    expect(first.status).toBe(503)
    expect(first.json().error).toBe(
      'Too many sign-ins are being checked right now. Try again in 5 seconds.',
    )
    expect(first.headers['retry-after']).toBe('5')
    gate.open()
    const statuses = (await Promise.all(sent)).map((response) => response.status).sort()
    expect(statuses).toEqual([401, 401, 503])
  })
  it('hash a password change in the same queue: beyond it 503, and the password stays', async () => {
    const queue = createPasswordCheckQueue({ concurrency: 1, maxWaitingPerAddress: 1 })
    const running = await startSignInDashboard(['owner@example.com'], { queue })
    dashboard = running
    const from = '127.0.0.6'
    const signedIn = await attempt(running.url, 'owner@example.com', testPassword, { from })
    const session = sessionOf(running.url, signedIn)
    const change = () =>
      send(running.url, '/auth/password', {
        method: 'POST',
        headers: session,
        body: JSON.stringify({ currentPassword: testPassword, newPassword: 'a new long password' }),
        localAddress: from,
      })
    // The address's turn is taken and its one waiting place filled.
    let release = () => {}
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    const taken = [queue.run(addressKey(from), () => held), queue.run(addressKey(from), () => held)]
    const refused = await change()
    expect(refused.status).toBe(503)
    expect(refused.json().error).toBe(
      'Too many passwords are being checked right now. Try again in 5 seconds.',
    )
    release()
    await Promise.all(taken)
    // Nothing was changed: the old password still signs in, and the change goes through now.
    expect((await attempt(running.url, 'owner@example.com', testPassword, { from })).status).toBe(
      204,
    )
    expect((await change()).status).toBe(204)
  })
})
