import { describe, expect, it } from 'vitest'
import type { ProductMatch } from '@/api/generated/types.gen'
import { byScore, nextIndex, submitPlan } from '@/features/matches/review-model'

const match = (id: string, score: number, status: ProductMatch['status'] = 'pending') =>
  ({ id, status, matching_score: score, product: { id: `p-${id}` } }) as ProductMatch

describe('the review plan', () => {
  const matches = byScore([match('a', 40), match('b', 90), match('c', 70)])

  it('orders suggestions by score, highest first', () => {
    expect(matches.map((m) => m.id)).toEqual(['b', 'c', 'a'])
  })

  it('sends the accepted ones and counts every other, the undecided included, as rejected', () => {
    const plan = submitPlan(matches, { b: 'accepted', c: 'rejected' })
    expect(plan.accepted.map((m) => m.id)).toEqual(['b'])
    expect(plan.rejected.map((m) => m.id)).toEqual(['c'])
    expect(plan.undecided.map((m) => m.id)).toEqual(['a'])
  })

  it('starts a reopened video from what the service holds, the reviewer overriding it', () => {
    const reopened = [match('a', 90, 'accepted'), match('b', 50, 'rejected')]
    expect(submitPlan(reopened, {}).accepted.map((m) => m.id)).toEqual(['a'])
    const plan = submitPlan(reopened, { a: 'rejected', b: 'accepted' })
    expect(plan.accepted.map((m) => m.id)).toEqual(['b'])
    expect(plan.rejected.map((m) => m.id)).toEqual(['a'])
  })

  it('moves on to the next undecided suggestion, wrapping round, else to the next one', () => {
    expect(nextIndex(matches, { b: 'accepted' }, 0)).toBe(1)
    expect(nextIndex(matches, { b: 'accepted', c: 'accepted' }, 1)).toBe(2)
    expect(nextIndex(matches, { a: 'accepted', c: 'rejected' }, 2)).toBe(0)
    expect(nextIndex(matches, { a: 'accepted', b: 'accepted', c: 'rejected' }, 1)).toBe(2)
    expect(nextIndex(matches, { a: 'accepted', b: 'accepted', c: 'rejected' }, 2)).toBe(2)
  })
})
