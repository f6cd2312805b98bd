import { act, renderHook } from '@testing-library/react'
import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import { ADDRESS_PAUSE_MS, useSearchDraft } from '@/lib/use-search-draft'

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

// The address is the test's own: `write` records each write and the next render carries it.
function typing(initial = '') {
  const writes: Array<{ q: string; refine: boolean }> = []
  const hook = renderHook(
    ({ address }) =>
      useSearchDraft(address, (q, refine) => {
        writes.push({ q, refine })
      }),
    { initialProps: { address: initial } },
  )
  const type = (text: string) => act(() => hook.result.current[1](text))
  const wait = (ms: number) => act(() => vi.advanceTimersByTime(ms))
  return { hook, writes, type, wait }
}

it('searches each keystroke at once and writes the address once typing pauses', () => {
  const { hook, writes, type, wait } = typing()
  type('d')
  type('dr')
  type('dre')
  expect(hook.result.current[0]).toBe('dre')
  wait(ADDRESS_PAUSE_MS - 1)
  expect(writes).toEqual([])
  wait(1)
  // The first search from an unfiltered view is a new history entry.
  expect(writes).toEqual([{ q: 'dre', refine: false }])
  hook.rerender({ address: 'dre' })
  type('dress')
  wait(ADDRESS_PAUSE_MS)
  expect(writes.at(-1)).toEqual({ q: 'dress', refine: true })
  hook.rerender({ address: 'dress' })
  expect(hook.result.current[0]).toBe('dress')
})

it('keeps typing that goes on while its address is being written', () => {
  const { hook, writes, type, wait } = typing()
  type('boo')
  wait(ADDRESS_PAUSE_MS)
  type('boot')
  // The address arrives with the earlier word after the next key was typed.
  hook.rerender({ address: 'boo' })
  expect(hook.result.current[0]).toBe('boot')
  wait(ADDRESS_PAUSE_MS)
  expect(writes.map((write) => write.q)).toEqual(['boo', 'boot'])
})

it('takes a change of the address from elsewhere over a search not yet written', () => {
  const { hook, writes, type, wait } = typing('mug')
  type('mugs')
  // Back, or a link, before the pause.
  hook.rerender({ address: '' })
  expect(hook.result.current[0]).toBe('')
  wait(ADDRESS_PAUSE_MS * 2)
  expect(writes).toEqual([])
})

it('writes nothing when the words typed come back to the address, or the screen is left', () => {
  const { hook, writes, type, wait } = typing('vest')
  type('ves')
  type('vest')
  wait(ADDRESS_PAUSE_MS)
  expect(writes).toEqual([])
  expect(hook.result.current[0]).toBe('vest')
  type('vests')
  hook.unmount()
  wait(ADDRESS_PAUSE_MS)
  expect(writes).toEqual([])
})
