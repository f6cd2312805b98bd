/** Cohen's κ for two raters who accept or reject, against textbook figures. */
import { expect, it } from 'vitest'
import type { ReviewDecision } from '@/api/review.ts'
import { agreementOf } from '../../../server/dashboard/review/reviewers-kappa.ts'

const pairs = (n: number, first: ReviewDecision, second: ReviewDecision) =>
  Array.from({ length: n }, () => ({ first, second }))

it('gives the textbook κ: 50 pairs, 20 both yes, 15 both no, 5 and 10 split, is 0.4 at 70%', () => {
  // Wikipedia, "Cohen's kappa", the first worked example: p_o = 0.7, p_e = 0.5, κ = 0.4.
  const agreement = agreementOf([
    ...pairs(20, 'accepted', 'accepted'),
    ...pairs(5, 'accepted', 'rejected'),
    ...pairs(10, 'rejected', 'accepted'),
    ...pairs(15, 'rejected', 'rejected'),
  ])
  expect(agreement.pairs).toBe(50)
  expect(agreement.percent).toBeCloseTo(70, 10)
  expect(agreement.kappa).toBeCloseTo(0.4, 10)
})

it('gives the second textbook example, 60% agreement at κ ≈ 0.1304', () => {
  // The same article's second example: 45/15/25/15, p_o = 0.6, p_e = 0.54.
  const agreement = agreementOf([
    ...pairs(45, 'accepted', 'accepted'),
    ...pairs(15, 'accepted', 'rejected'),
    ...pairs(25, 'rejected', 'accepted'),
    ...pairs(15, 'rejected', 'rejected'),
  ])
  expect(agreement.percent).toBeCloseTo(60, 10)
  expect(agreement.kappa).toBeCloseTo(0.06 / 0.46, 10)
})

it('is 1 for full agreement, below 0 when they agree less than chance would', () => {
  expect(
    agreementOf([...pairs(3, 'accepted', 'accepted'), ...pairs(2, 'rejected', 'rejected')]).kappa,
  ).toBe(1)
  const opposite = agreementOf([
    ...pairs(5, 'accepted', 'rejected'),
    ...pairs(5, 'rejected', 'accepted'),
  ])
  expect(opposite).toEqual({ pairs: 10, percent: 0, kappa: -1 })
})

it('has no κ without pairs, or when both always gave the same one answer', () => {
  expect(agreementOf([])).toEqual({ pairs: 0, percent: null, kappa: null })
  expect(agreementOf(pairs(8, 'accepted', 'accepted'))).toEqual({
    pairs: 8,
    percent: 100,
    kappa: null,
  })
})
