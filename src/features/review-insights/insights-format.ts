import { formatCount, formatDate } from '@/lib/format'

/** 0.7534 as "75.3%"; nothing to show as "–". */
export function formatShare(share: number | null, digits = 1): string {
  if (share === null || Number.isNaN(share)) return '–'
  return `${(share * 100).toFixed(digits)}%`
}

/** A 10-point score band as people read it: 0 is "0–9", 9 is "90–100". */
export const bandLabel = (band: number) => (band === 9 ? '90–100' : `${band * 10}–${band * 10 + 9}`)

/** Where a band sits on the score axis. */
export const bandMidpoint = (band: number) => band * 10 + 5

/** "12,345 decisions", "1 decision". */
export const decisionCount = (n: number) =>
  `${formatCount(n)} ${n === 1 ? 'decision' : 'decisions'}`

const dayMs = 86_400_000

/** The span of some decisions in words: "2 Mar 2026 to 12 Mar 2026 (11 days)". */
export function periodWords(period: { first: string | null; last: string | null }) {
  if (!period.first || !period.last) return null
  const days =
    Math.round(
      (Date.parse(period.last.slice(0, 10)) - Date.parse(period.first.slice(0, 10))) / dayMs,
    ) + 1
  const span = `${days} ${days === 1 ? 'day' : 'days'}`
  return days === 1
    ? `${formatDate(period.first)} (1 day)`
    : `${formatDate(period.first)} to ${formatDate(period.last)} (${span})`
}

/** Minutes as people say them: "about 40 minutes", "about 3.5 hours". */
export function minutesWords(minutes: number) {
  if (minutes < 1) return 'under a minute'
  if (minutes < 90)
    return `about ${formatCount(minutes)} ${Math.round(minutes) === 1 ? 'minute' : 'minutes'}`
  return `about ${(minutes / 60).toFixed(1)} hours`
}

/**
 * What a κ means in plain words, on Landis and Koch's scale (1977), the one most reviews of
 * labelling quote.
 */
export function kappaWords(kappa: number | null) {
  if (kappa === null)
    return 'Not measurable yet: both reviewers gave the same single answer, or there are no pairs.'
  if (kappa < 0)
    return 'Less agreement than chance would give: the reviewers judge these differently.'
  if (kappa <= 0.2) return 'Slight agreement beyond chance.'
  if (kappa <= 0.4) return 'Fair agreement beyond chance.'
  if (kappa <= 0.6) return 'Moderate agreement beyond chance.'
  if (kappa <= 0.8) return 'Substantial agreement beyond chance.'
  return 'Almost perfect agreement beyond chance.'
}
