import type { AuditRecord } from '../auth/audit-log.ts'
import { auditFigures, leastAudited, lowerPercent, percent } from './auto-accept-eligibility.ts'
import { type AutoAcceptState, pauseAutoAccept } from './auto-accept-settings.ts'
import { autoAcceptActor } from './auto-accept-video.ts'
import type { ReviewDb } from './review-context.ts'

/** Where admins read the calibration and turn auto-accept on again. */
export const calibrationPage = '/review/calibration'

/** A notice to every admin (the notices area's, handed in by the composition root). */
export type NotifyAdmins = (notice: {
  to: 'admins'
  kind: string
  title: string
  body: string
  link: string
}) => Promise<void>

export interface PauseDeps {
  db: ReviewDb
  audit: (entry: AuditRecord) => Promise<void>
  notify: NotifyAdmins
}

/**
 * The blind audit's verdict: once at least 30 audited decisions on suggestions auto-accept would
 * have accepted exist (since it was last turned on) and the Wilson lower bound of their accepted
 * share is below the target, auto-accept pauses itself, says why in the audit log, and tells
 * every admin. Answers whether it paused now.
 */
export async function pauseIfAuditSlipped(deps: PauseDeps, state: AutoAcceptState) {
  if (!state.enabled || state.paused) return false
  const audit = await auditFigures(deps.db, state.threshold, state.since)
  if (audit.decisions < leastAudited || audit.lower_bound === null) return false
  if (audit.lower_bound >= state.target) return false
  const reason = `In the blind audit people accepted ${percent(audit.accepted / audit.decisions)} (lower bound ${lowerPercent(audit.lower_bound)}) of ${audit.decisions} suggestions at ${state.threshold} and above that auto-accept would have accepted, short of the target of ${percent(state.target)}.`
  if (!(await pauseAutoAccept(deps.db, reason))) return false
  await deps.audit({
    ...autoAcceptActor,
    operation: 'review.autoAcceptPaused',
    method: 'PUT',
    path: '/api/dashboard/review/settings',
    status: 200,
  })
  await deps.notify({
    to: 'admins',
    kind: 'auto_accept.paused',
    title: 'Auto-accept paused itself',
    body: `${reason} Every video waits for a person until an admin turns auto-accept on again, at a threshold and target the team's decisions support.`,
    link: calibrationPage,
  })
  return true
}
