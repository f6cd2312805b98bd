import type { AutoAcceptSettings } from '@/api/review'
import { formatCount } from '@/lib/format'

/** 0.961 as "96.1%", 0.95 as "95%". */
export const percentWords = (share: number) => `${(share * 100).toFixed(1).replace(/\.0$/, '')}%`

/** A lower bound rounded down, so one just short of a target never reads as meeting it. */
export const lowerBoundWords = (share: number) => percentWords(Math.floor(share * 1000) / 1000)

/** The target typed as a percent ("95", "97.5"), as a share, or null if it is not 50 to 99.9. */
export function targetOf(typed: string): number | null {
  const text = typed.trim().replace(/%$/, '')
  if (!/^\d{1,2}(\.\d)?$/.test(text)) return null
  const percent = Number(text)
  return percent >= 50 && percent <= 99.9 ? Math.round(percent * 10) / 1000 : null
}

export const targetError = 'Type a precision from 50% to 99.9%, such as 95'

/** Whether the team's decisions support auto-accept at the picked threshold, in plain words. */
export function eligibilityWords(
  threshold: number,
  eligibility: AutoAcceptSettings['eligibility'],
) {
  if (!eligibility.eligible || eligibility.decisions === 0 || eligibility.lower_bound === null)
    return eligibility.reason ?? ''
  const share = eligibility.accepted / eligibility.decisions
  return `At ${threshold} and above the team accepted ${percentWords(share)} (lower bound ${lowerBoundWords(eligibility.lower_bound)}) of ${formatCount(eligibility.decisions)} decisions: auto-accept can be turned on.`
}

/** What auto-accept does now, as saved. */
export function stateWords(settings: AutoAcceptSettings) {
  if (!settings.enabled) return 'Auto-accept is off: every suggestion waits for a person.'
  const acts = `videos whose every suggestion scores ${settings.threshold} or more (accepted) or under ${settings.floor} (rejected) are settled without a person, for a precision of ${percentWords(settings.target)}`
  return settings.paused
    ? `Auto-accept is paused: while it was on, ${acts}. Every video now waits for a person.`
    : `Auto-accept is on: ${acts}.`
}

/** The blind audit's figures, in plain words. */
export function auditWords(audit: AutoAcceptSettings['audit'], target: number) {
  if (audit.decisions === 0)
    return 'The blind audit has no decisions yet: one video in 20 that auto-accept could settle goes to people instead, unmarked, and their decisions measure its precision.'
  const lower =
    audit.lower_bound === null ? '' : `, lower bound ${lowerBoundWords(audit.lower_bound)}`
  return `In the blind audit people accepted ${formatCount(audit.accepted)} of ${formatCount(audit.decisions)} suggestions auto-accept would have accepted (${percentWords(audit.accepted / audit.decisions)}${lower}). From 30 audited decisions on, it pauses itself when the lower bound falls below ${percentWords(target)}.`
}
