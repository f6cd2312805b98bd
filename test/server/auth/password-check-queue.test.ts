import { describe, expect, it } from 'vitest'
import { createPasswordCheckQueue } from '../../../server/dashboard/auth/password-check-queue.ts'
import { waitUntil } from '../wait-until.ts'

/** Checks that start when the queue runs them and end when the test says. */
function heldChecks() {
  const started: string[] = []
  const finishers = new Map<string, () => void>()
  return {
    started,
    check: (name: string) => () =>
      new Promise<string>((resolve) => {
        started.push(name)
        finishers.set(name, () => resolve(name))
      }),
    async finish(name: string) {
      await waitUntil(() => finishers.has(name), `${name} to start`)
      finishers.get(name)?.()
    },
  }
}

describe('the password check queue', () => {
  it("serves another address before a flooding address's backlog", async () => {
    const queue = createPasswordCheckQueue({ concurrency: 1, maxWaitingPerAddress: 8 })
    const held = heldChecks()
    const flood = ['a1', 'a2', 'a3', 'a4'].map((name) => queue.run('10.0.0.1', held.check(name)))
    const other = queue.run('10.0.0.2', held.check('b1'))
    const third = queue.run('10.0.0.3', held.check('c1'))
    expect(held.started).toEqual(['a1'])
    for (const name of ['a1', 'b1', 'c1', 'a2', 'a3', 'a4']) await held.finish(name)
    expect(held.started).toEqual(['a1', 'b1', 'c1', 'a2', 'a3', 'a4'])
    expect(await Promise.all([...flood, other, third])).toEqual([
      'a1',
      'a2',
      'a3',
      'a4',
      'b1',
      'c1',
    ])
  })

  it('takes turns between two addresses that both keep sending', async () => {
    const queue = createPasswordCheckQueue({ concurrency: 1, maxWaitingPerAddress: 8 })
    const held = heldChecks()
    for (const name of ['a1', 'a2', 'a3']) queue.run('10.0.0.1', held.check(name))
    for (const name of ['b1', 'b2', 'b3']) queue.run('10.0.0.2', held.check(name))
    for (const name of ['a1', 'b1', 'a2', 'b2', 'a3', 'b3']) await held.finish(name)
    expect(held.started).toEqual(['a1', 'b1', 'a2', 'b2', 'a3', 'b3'])
  })

  it('runs one check per address at a time, so another address starts at once beside it', async () => {
    const queue = createPasswordCheckQueue({ concurrency: 2, maxWaitingPerAddress: 8 })
    const held = heldChecks()
    for (const name of ['a1', 'a2', 'a3']) queue.run('10.0.0.1', held.check(name))
    expect(held.started).toEqual(['a1'])
    queue.run('10.0.0.2', held.check('b1'))
    expect(held.started).toEqual(['a1', 'b1'])
    expect(queue.sizes()).toEqual({ running: 2, waiting: 2 })
    queue.run('10.0.0.3', held.check('c1'))
    expect(held.started).toEqual(['a1', 'b1'])
    await held.finish('b1')
    await waitUntil(() => held.started.length === 3, 'the next check to start')
    expect(held.started).toEqual(['a1', 'b1', 'c1'])
  })

  it('refuses beyond its bounds, per address and in all, and takes more once they drain', async () => {
    const queue = createPasswordCheckQueue({
      concurrency: 1,
      maxWaitingPerAddress: 2,
      maxWaiting: 3,
    })
    const held = heldChecks()
    const accepted = ['a1', 'a2', 'a3'].map((name) => queue.run('10.0.0.1', held.check(name)))
    expect(accepted.every((run) => run !== null)).toBe(true)
    expect(queue.run('10.0.0.1', held.check('a4'))).toBeNull()
    expect(queue.run('10.0.0.2', held.check('b1'))).not.toBeNull()
    expect(queue.run('10.0.0.3', held.check('c1'))).toBeNull()
    expect(queue.sizes()).toEqual({ running: 1, waiting: 3 })
    await held.finish('a1')
    await waitUntil(() => queue.sizes().waiting === 2, 'a waiting check to start')
    expect(queue.run('10.0.0.3', held.check('c2'))).not.toBeNull()
  })

  it('frees the slot of a check that fails', async () => {
    const queue = createPasswordCheckQueue({ concurrency: 1 })
    const failed = queue.run('10.0.0.1', () => Promise.reject(new Error('scrypt failed')))
    const next = queue.run('10.0.0.1', async () => 'checked')
    await expect(failed).rejects.toThrow('scrypt failed')
    expect(await next).toBe('checked')
    expect(queue.sizes()).toEqual({ running: 0, waiting: 0 })
  })
})
