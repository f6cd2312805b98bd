import type { RuleRun, RuleRunPage } from '../../src/api/rules.ts'
import type { Expected } from './burst-plan.ts'
import type { BurstRule } from './rule-set.ts'
import type { ServiceWrite } from './service-proxy.ts'
import type { Session } from './world.ts'

const addPath = /^\/api\/v1\/playlists\/([^/]+)\/videos$/

export const pairKey = (playlistId: string, videoId: string) => `${playlistId}|${videoId}`

/**
 * The rules' actions as the service took them: each video added (2xx) to a rule's playlist, by
 * playlist and video, in the order the service answered; and any other write to those playlists.
 */
export function actionsAtService(writes: readonly ServiceWrite[], rules: readonly BurstRule[]) {
  const playlists = new Set(rules.map((rule) => rule.playlistId))
  const adds = new Map<string, ServiceWrite[]>()
  let other = 0
  for (const write of writes) {
    const playlistId = addPath.exec(write.path)?.[1] ?? write.path.split('/')[4]
    if (!playlistId || !playlists.has(decodeURIComponent(playlistId))) continue
    if (write.method !== 'POST' || !addPath.test(write.path)) {
      other++
      continue
    }
    if (write.status < 200 || write.status >= 300) continue
    const key = pairKey(decodeURIComponent(playlistId), String(write.body?.video_id ?? ''))
    adds.set(key, [...(adds.get(key) ?? []), write])
  }
  return { adds, other }
}

/** All the pages of runs a filter gives, from the runs API (as a viewer reads the traces). */
export async function runsOf(url: string, session: Session, query: string): Promise<RuleRun[]> {
  const runs: RuleRun[] = []
  let before = ''
  for (;;) {
    const response = await fetch(`${url}/api/dashboard/rules/runs?${query}&limit=100${before}`, {
      headers: session,
    })
    if (!response.ok) throw new Error(`the runs API answered ${response.status}`)
    const page = (await response.json()) as RuleRunPage
    runs.push(...page.runs)
    if (!page.next) return runs
    before = `&before=${page.next}`
  }
}

/**
 * How many of a rule's adds of a video its runs' traces show, call by call (in an applied step), and
 * when the first run that shows one was claimed (null if none does).
 */
export async function tracedAdds(
  url: string,
  session: Session,
  rule: BurstRule,
  videoId: string,
): Promise<{ traced: number; claimedAt: number | null }> {
  const runs = await runsOf(url, session, `rule_id=${rule.id}&video_id=${videoId}`)
  const path = `/api/v1/playlists/${encodeURIComponent(rule.playlistId)}/videos`
  const adds = (run: RuleRun) =>
    run.steps
      .flatMap((step) => (step.state === 'applied' ? step.calls : []))
      .filter(
        // 2xx, or sent by an attempt whose replica stopped before the answer came.
        (call) =>
          call.method === 'POST' &&
          call.path === path &&
          (call.status === null || (call.status >= 200 && call.status < 300)),
      ).length
  const adding = runs.filter((run) => adds(run) > 0)
  return {
    traced: adding.reduce((sum, run) => sum + adds(run), 0),
    claimedAt: adding.length ? Math.min(...adding.map((run) => Date.parse(run.started_at))) : null,
  }
}

/** Whether the dashboard answers "why is this here?" with the rule for a video it placed. */
export async function placedBy(url: string, session: Session, expected: Expected) {
  const query = `video_id=${expected.videoId}&playlist_id=${expected.rule.playlistId}`
  const response = await fetch(`${url}/api/dashboard/rules/why?${query}`, { headers: session })
  if (response.status === 404) return false
  if (!response.ok) throw new Error(`the why API answered ${response.status}`)
  return ((await response.json()) as { rule_id: string }).rule_id === expected.rule.id
}

/** Runs with this outcome now (up to `most`): those still going, those that failed. */
export async function runsWithOutcome(
  url: string,
  session: Session,
  outcome: string,
  most = 100,
): Promise<number> {
  const response = await fetch(`${url}/api/dashboard/rules/runs?outcome=${outcome}&limit=${most}`, {
    headers: session,
  })
  if (!response.ok) throw new Error(`the runs API answered ${response.status}`)
  return ((await response.json()) as RuleRunPage).runs.length
}
