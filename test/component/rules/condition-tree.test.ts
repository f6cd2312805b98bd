import { expect, it } from 'vitest'
import type { ConditionGroup } from '@/api/rules'
import { append, moveNode, moveTarget, removeAt } from '@/features/rules/editor/condition-tree'

const summer = { field: 'hashtag', op: 'has', value: 'summer' } as const
const outdoor = {
  field: 'product_facet',
  facet: 'store',
  op: 'any_is',
  value: 'st_Outdoor',
} as const
const live = { field: 'state', op: 'is', value: 'live' } as const

const tree = (): ConditionGroup => ({
  group: 'all',
  children: [summer, { group: 'any', children: [outdoor] }, live],
})

it('moves a condition up and down within its group, and refuses past either end', () => {
  const down = moveNode(tree(), [0], 'down')
  expect(down?.root.children[1]).toBe(summer)
  expect(down?.path).toEqual([1])
  expect(moveTarget(tree(), [0], 'up')).toBeNull()
  expect(moveTarget(tree(), [2], 'down')).toBeNull()
})

it('moves a condition into the group above it, and out again after that group', () => {
  const into = moveNode(tree(), [2], 'into_previous')
  expect(into?.path).toEqual([1, 1])
  expect(into?.root.children).toHaveLength(2)
  expect(into?.root.children[1]).toEqual({ group: 'any', children: [outdoor, live] })
  const out = moveNode(into?.root as ConditionGroup, [1, 0], 'out')
  expect(out?.path).toEqual([2])
  expect(out?.root.children).toEqual([summer, { group: 'any', children: [live] }, outdoor])
  // The outer group's tests have no group to leave, and the first has none above it.
  expect(moveTarget(tree(), [0], 'out')).toBeNull()
  expect(moveTarget(tree(), [0], 'into_previous')).toBeNull()
})

it('refuses to nest a group more than four deep, the outer group being the first', () => {
  const deep: ConditionGroup = {
    group: 'all',
    children: [
      {
        group: 'any',
        children: [
          {
            group: 'all',
            children: [{ group: 'none', children: [] }, { group: 'any', children: [summer] }, live],
          },
        ],
      },
    ],
  }
  // Into the fourth level, a group would make a fifth; a test may go there.
  expect(moveTarget(deep, [0, 0, 1], 'into_previous')).toBeNull()
  const test = moveNode(deep, [0, 0, 1], 'down')
  expect(moveTarget(test?.root as ConditionGroup, [0, 0, 1], 'into_previous')).toEqual([0, 0, 0, 0])
})

it('adds at the end of a group and removes without touching the others', () => {
  const added = append(tree(), [1], live)
  expect(added.path).toEqual([1, 1])
  expect(removeAt(added.root, [0]).children).toEqual([
    { group: 'any', children: [outdoor, live] },
    live,
  ])
})
