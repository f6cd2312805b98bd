import { describe, expect, it } from 'vitest'
import { blockFor, moveBlock, sameOrder } from '@/components/ui/sortable-list/move-block'

const order = ['a', 'b', 'c', 'd', 'e', 'f']

describe('moveBlock', () => {
  it('moves one item up, down, to the top and to the end', () => {
    expect(moveBlock(order, ['d'], 1)).toEqual(['a', 'd', 'b', 'c', 'e', 'f'])
    expect(moveBlock(order, ['b'], 3)).toEqual(['a', 'c', 'd', 'b', 'e', 'f'])
    expect(moveBlock(order, ['e'], 0)).toEqual(['e', 'a', 'b', 'c', 'd', 'f'])
    expect(moveBlock(order, ['a'], 5)).toEqual(['b', 'c', 'd', 'e', 'f', 'a'])
  })

  it('leaves the order alone when the block is already where it is sent, but returns a copy', () => {
    const result = moveBlock(order, ['c', 'd'], 2)
    expect(result).toEqual(order)
    expect(result).not.toBe(order)
  })

  it('moves a contiguous block down past itself, landing its first item at toIndex', () => {
    expect(moveBlock(order, ['b', 'c'], 3)).toEqual(['a', 'd', 'e', 'b', 'c', 'f'])
    expect(moveBlock(order, ['b', 'c'], 4)).toEqual(['a', 'd', 'e', 'f', 'b', 'c'])
  })

  it('gathers a non-contiguous selection at toIndex in list order, whatever order the ids come in', () => {
    expect(moveBlock(order, ['e', 'b'], 0)).toEqual(['b', 'e', 'a', 'c', 'd', 'f'])
    expect(moveBlock(order, ['f', 'a', 'c'], 1)).toEqual(['b', 'a', 'c', 'f', 'd', 'e'])
    expect(moveBlock(order, ['a', 'c', 'e'], 3)).toEqual(['b', 'd', 'f', 'a', 'c', 'e'])
  })

  it('clamps toIndex to where the whole block fits, so "to the end" needs no arithmetic', () => {
    expect(moveBlock(order, ['a', 'b'], 99)).toEqual(['c', 'd', 'e', 'f', 'a', 'b'])
    expect(moveBlock(order, ['a', 'b'], Number.POSITIVE_INFINITY)).toEqual([
      'c',
      'd',
      'e',
      'f',
      'a',
      'b',
    ])
    expect(moveBlock(order, ['e', 'f'], -3)).toEqual(['e', 'f', 'a', 'b', 'c', 'd'])
    expect(() => moveBlock(order, ['a'], Number.NaN)).toThrow(RangeError)
  })

  it('ignores ids that are not in the list, and handles an empty block and an empty list', () => {
    expect(moveBlock(order, ['zz', 'c'], 0)).toEqual(['c', 'a', 'b', 'd', 'e', 'f'])
    expect(moveBlock(order, [], 2)).toEqual(order)
    expect(moveBlock([], ['a'], 0)).toEqual([])
    expect(moveBlock(order, order, 3)).toEqual(order)
  })

  it('for every selection of a six-item list and every target, gives the only order that puts the block at toIndex', () => {
    let checked = 0
    for (let mask = 1; mask < 1 << order.length; mask++) {
      const moved = order.filter((_, index) => mask & (1 << index))
      const rest = order.filter((id) => !moved.includes(id))
      for (let toIndex = 0; toIndex <= rest.length; toIndex++) {
        const result = moveBlock(order, moved, toIndex)
        expect([...result].sort()).toEqual(order)
        expect(result.slice(toIndex, toIndex + moved.length)).toEqual(moved)
        expect(result.filter((id) => !moved.includes(id))).toEqual(rest)
        checked++
      }
    }
    // 63 selections; a block of k has 7 - k targets: the sum over k of C(6,k)·(7-k) is 249.
    expect(checked).toBe(249)
  })
})

describe('blockFor', () => {
  it('is the whole selection in list order when the row is selected, the row alone otherwise', () => {
    const selection = new Set(['e', 'b'])
    expect(blockFor(order, selection, 'e')).toEqual(['b', 'e'])
    expect(blockFor(order, selection, 'c')).toEqual(['c'])
    expect(blockFor(order, new Set<string>(), 'a')).toEqual(['a'])
  })
})

describe('sameOrder', () => {
  it('compares ids position by position', () => {
    expect(sameOrder(['a', 'b'], ['a', 'b'])).toBe(true)
    expect(sameOrder(['a', 'b'], ['b', 'a'])).toBe(false)
    expect(sameOrder(['a'], ['a', 'b'])).toBe(false)
  })
})
