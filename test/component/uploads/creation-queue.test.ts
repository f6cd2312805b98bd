import { expect, it } from 'vitest'
import { ServiceError } from '@/api/client'
import { createCreationQueue } from '@/features/uploads/uploader/creation-queue'

it('holds every creation for Retry-After after a 429, then creates them in order', async () => {
  let clock = 0
  const held: Array<number | null> = []
  const attempts: string[] = []
  let refusals = 1
  const queue = createCreationQueue<string, string>({
    create: async (name) => {
      attempts.push(name)
      if (name === 'b' && refusals-- > 0) throw new ServiceError('Rate limit exceeded', 429, 42)
      return `video of ${name}`
    },
    onHeld: (until) => held.push(until),
    now: () => clock,
    sleep: async (ms) => {
      clock += ms
    },
  })
  const results = await Promise.all(['a', 'b', 'c'].map((name) => queue.enqueue(name)))
  expect(results).toEqual(['video of a', 'video of b', 'video of c'])
  expect(attempts).toEqual(['a', 'b', 'b', 'c'])
  expect(held).toEqual([42_000, null])
})

it('fails only the refused video and carries on with the next', async () => {
  const queue = createCreationQueue<string, string>({
    create: async (name) => {
      if (name === 'bad') throw new ServiceError('File too small (min 25KB)', 400)
      return name
    },
  })
  const bad = queue.enqueue('bad')
  const good = queue.enqueue('good')
  await expect(bad).rejects.toThrow('File too small')
  await expect(good).resolves.toBe('good')
})
