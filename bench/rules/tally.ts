import type { Playlist } from '../../src/api/generated/types.gen.ts'
import {
  actionsAtService,
  pairKey,
  placedBy,
  runsOf,
  runsWithOutcome,
  tracedAdds,
} from './actions.ts'
import type { Expected } from './burst-plan.ts'
import type { BurstRule } from './rule-set.ts'
import type { ServiceCall } from './service-client.ts'
import type { ServiceProxy } from './service-proxy.ts'
import type { TeeEvent, WebhookTee } from './webhook-tee.ts'
import type { Session } from './world.ts'

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
/** With nothing left to deliver or run, this long without a new action ends the wait. */
const quietMs = 45_000

export interface Where {
  url: string
  session: Session
}

/**
 * Waits until every expected action is at the service, no delivery is still going and no run is
 * still running; or, with nothing going, until no action has come for 45 s; or the deadline.
 */
export async function settle(
  options: { tee: WebhookTee; proxy: ServiceProxy; rules: readonly BurstRule[] },
  where: Where,
  expected: readonly Expected[],
  deadline: number,
) {
  let seen = -1
  let lastChange = Date.now()
  for (;;) {
    const { adds } = actionsAtService(options.proxy.writes, options.rules)
    if (adds.size !== seen) [seen, lastChange] = [adds.size, Date.now()]
    const idle =
      options.tee.busy() === 0 &&
      (await runsWithOutcome(where.url, where.session, 'running', 1)) === 0
    const all = expected.every((each) => adds.has(pairKey(each.rule.playlistId, each.videoId)))
    if (idle && (all || Date.now() - lastChange > quietMs)) return
    if (Date.now() > deadline) return
    await sleep(500)
  }
}

const bare = (tag: string) => tag.replace(/^#/, '').toLowerCase()

/**
 * When the dashboard could first have known of the change that matches the rule: the first
 * delivery of an event of the rule's trigger for the video that carries the hashtag, or that was
 * delivered after the service had made the change (its read of the video then finds it).
 */
function receivedAt(events: readonly TeeEvent[], expected: Expected): number | null {
  const times = events
    .filter(
      (event) =>
        event.videoId === expected.videoId &&
        event.type === expected.rule.trigger &&
        event.firstSentAt !== null &&
        (event.firstSentAt >= expected.changedAt ||
          (event.data?.hashtags ?? []).map(bare).includes(expected.rule.hashtag)),
    )
    .map((event) => event.firstSentAt as number)
  return times.length ? Math.min(...times) : null
}

/**
 * What happened at the service against what the rules had to do: actions applied twice, lost
 * (not in the playlist at the end), each one's delay from its webhook's arrival, the share of
 * applied actions whose run's trace shows the call, and the placements that answer "why".
 */
export async function tally(
  options: {
    tee: WebhookTee
    proxy: ServiceProxy
    service: ServiceCall
    rules: readonly BurstRule[]
    killedUrl: string
  },
  where: Where,
  expected: readonly Expected[],
) {
  const { adds, other } = actionsAtService(options.proxy.writes, options.rules)
  const duplicates = [...adds.values()].reduce((sum, writes) => sum + writes.length - 1, 0)
  const members = new Map<string, Set<string>>()
  for (const rule of options.rules) {
    const playlist = await options.service<Playlist>('GET', `/playlists/${rule.playlistId}`)
    members.set(rule.playlistId, new Set(playlist.video_ids))
  }
  const wanted = new Set(expected.map((each) => pairKey(each.rule.playlistId, each.videoId)))
  const lost = expected.filter((each) => !members.get(each.rule.playlistId)?.has(each.videoId))
  const unexpected = [...members].reduce(
    (sum, [playlistId, ids]) =>
      sum + [...ids].filter((id) => !wanted.has(pairKey(playlistId, id))).length,
    0,
  )
  const delays: number[] = []
  let unreceived = 0
  for (const each of expected) {
    const writes = adds.get(pairKey(each.rule.playlistId, each.videoId))
    if (!writes) continue
    const received = receivedAt(options.tee.events, each)
    if (received === null) unreceived++
    else delays.push(Math.max(0, Math.min(...writes.map((w) => w.answeredAt)) - received))
  }
  const ruleOf = new Map(options.rules.map((rule) => [rule.playlistId, rule]))
  let applied = 0
  let traced = 0
  const claimedAt = new Map<string, number>()
  for (const [key, writes] of adds) {
    const [playlistId, videoId] = key.split('|') as [string, string]
    applied += writes.length
    const rule = ruleOf.get(playlistId) as BurstRule
    const found = await tracedAdds(where.url, where.session, rule, videoId)
    traced += Math.min(found.traced, writes.length)
    if (found.claimedAt !== null) claimedAt.set(key, found.claimedAt)
  }
  // Where the time went: up to the run's claim (the index's handling, the rules hearing), after.
  const toClaim: number[] = []
  const toAction: number[] = []
  for (const each of expected) {
    const key = pairKey(each.rule.playlistId, each.videoId)
    const [writes, claimed] = [adds.get(key), claimedAt.get(key)]
    const received = receivedAt(options.tee.events, each)
    if (!writes || claimed === undefined || received === null) continue
    toClaim.push(Math.max(0, claimed - received))
    toAction.push(Math.max(0, Math.min(...writes.map((w) => w.answeredAt)) - claimed))
  }
  // A lost action whose webhook the killed replica took first (answered 2xx) and for which no
  // run was ever claimed: it acknowledged the event and stopped before the rules heard of it.
  let lostInKill = 0
  const lostBy = new Map<string, number>()
  const examples: string[] = []
  for (const each of lost) {
    const takenByKilled = options.tee.events.some(
      (event) =>
        event.videoId === each.videoId &&
        event.type === each.rule.trigger &&
        event.acceptedBy[0] === options.killedUrl,
    )
    const runs = await runsOf(
      where.url,
      where.session,
      `rule_id=${each.rule.id}&video_id=${each.videoId}`,
    )
    if (takenByKilled && runs.length === 0) lostInKill++
    const said = runs.length
      ? [...new Set(runs.map((run) => `${run.cause.kind} ${run.outcome}`))].sort().join(' + ')
      : 'no run'
    lostBy.set(said, (lostBy.get(said) ?? 0) + 1)
    if (examples.length < 5)
      examples.push(
        `#${each.rule.hashtag} on ${each.videoId}: ${said}; its webhooks ${options.tee.events
          .filter((event) => event.videoId === each.videoId)
          .map(
            (event) =>
              `${event.type}${event.held ? ' (held)' : ''} [${(event.data?.hashtags ?? []).join(' ')}] ${event.firstSentAt ? event.firstSentAt - each.changedAt : '?'} ms after the change`,
          )
          .join(
            ', ',
          )}; ${runs.map((run) => JSON.stringify(run.conditions.map((c) => c.value))).join(' ')}`,
      )
  }
  let placed = 0
  for (const each of expected)
    if (!lost.includes(each) && (await placedBy(where.url, where.session, each))) placed++
  return {
    expected: expected.length,
    applied,
    duplicates,
    lost: lost.length,
    lostInKill,
    lostBy,
    lostExamples: examples,
    unexpected,
    otherWrites: other,
    delays,
    toClaim,
    toAction,
    unreceived,
    traced,
    placed,
    stillRunning: await runsWithOutcome(where.url, where.session, 'running'),
    failedRuns:
      (await runsWithOutcome(where.url, where.session, 'failed')) +
      (await runsWithOutcome(where.url, where.session, 'partly_failed')),
  }
}

export type Tally = Awaited<ReturnType<typeof tally>>
