import type { RuleDryRun } from '../../src/api/rules.ts'
import { type Row, timing } from '../reference/figures.ts'
import type { Reference } from '../reference/scale.ts'
import { max, ms, percentile, seconds } from '../ui/stats.ts'
import type { BurstResult } from './burst.ts'
import type { Tally } from './tally.ts'
import type { TeeEvent } from './webhook-tee.ts'

const count = (value: number) => value.toLocaleString('en')
const plain = (figure: string, result: string, key?: string, value?: number): Row => ({
  figure,
  result,
  goal: '',
  met: null,
  ...(key ? { key, value } : {}),
})
const exactly = (figure: string, value: number, goal: number, key?: string): Row => ({
  figure,
  result: count(value),
  goal: count(goal),
  met: value === goal,
  ...(key ? { key, value } : {}),
})

const halves = (values: number[]) =>
  `${ms(percentile(values, 0.5))} / ${ms(percentile(values, 0.95))}`

/** The burst: what was changed and delivered, and what the rules did at the service. */
export function burstRows(
  setup: { videos: number; rules: number },
  burst: BurstResult,
  events: readonly TeeEvent[],
  tally: Tally,
): Row[] {
  const during = events.filter((event) => event.arrivedAt >= burst.startedAt)
  const deliveries = during.reduce((sum, event) => sum + event.accepted, 0)
  const held = during.filter((event) => event.held).length
  const waited = during.reduce((sum, event) => sum + event.retried, 0)
  const p95 = percentile(tally.delays, 0.95)
  const end = 'end to end, as measured'
  return [
    plain('Videos in the library', count(setup.videos), 'videos', setup.videos),
    plain('Rules switched on (through the rules API)', count(setup.rules), 'rules', setup.rules),
    plain(
      'Burst: videos created, updates made at the service',
      `${count(burst.made.created)}, ${count(burst.made.updated)} in ${((burst.endedAt - burst.startedAt) / 1000).toFixed(0)} s`,
    ),
    plain(
      'Webhooks sent by the service; deliveries accepted (each twice)',
      `${count(during.length)}; ${count(deliveries)}`,
    ),
    plain('Held back (reordered); told to wait and sent again', `${count(held)}; ${count(waited)}`),
    plain(
      'Replica killed (SIGKILL) into the burst',
      `${((burst.killedAt - burst.startedAt) / 1000).toFixed(1)} s`,
    ),
    plain(
      'Actions the rules had to take',
      count(tally.expected),
      'expectedActions',
      tally.expected,
    ),
    plain('Actions applied at the service', count(tally.applied), 'appliedActions', tally.applied),
    {
      ...plain('Webhook received → action applied, p50', ms(percentile(tally.delays, 0.5))),
      note: end,
    },
    {
      figure: `Webhook received → action applied, p95 (${count(tally.delays.length)})`,
      result: ms(p95),
      goal: '≤ 2,000 ms',
      met: p95 <= 2000,
      key: 'eventToActionP95Ms',
      value: p95,
      note: end,
    },
    { ...plain('Webhook received → action applied, max', ms(max(tally.delays))), note: end },
    {
      ...plain('Of which: webhook received → run claimed, p50 / p95', halves(tally.toClaim)),
      note: end,
    },
    {
      ...plain('Of which: run claimed → action applied, p50 / p95', halves(tally.toAction)),
      note: end,
    },
    exactly('Duplicate actions at the service', tally.duplicates, 0, 'duplicateActions'),
    exactly('Lost actions (never applied)', tally.lost, 0, 'lostActions'),
    plain(
      'Of which: webhook taken by the killed replica, no run ever claimed',
      count(tally.lostInKill),
    ),
    plain(
      'Lost actions by what the rule’s runs on the video were',
      [...tally.lostBy].map(([said, n]) => `${said}: ${n}`).join('; ') || 'none',
    ),
    plain(
      'Videos in a rule’s playlist that no rule should have put there',
      count(tally.unexpected),
    ),
    plain('Other writes to the rules’ playlists', count(tally.otherWrites)),
    plain(
      'Runs still running; runs that failed',
      `${count(tally.stillRunning)}; ${count(tally.failedRuns)}`,
    ),
  ]
}

/** How long the service took to answer the replicas' calls the runs make, during the burst. */
export function serviceRows(
  answers: ReadonlyMap<string, readonly { at: number; ms: number }[]>,
  since: number,
): Row[] {
  const kinds = [
    'GET /api/v1/videos/:id',
    'GET /api/v1/playlists/:id',
    'POST /api/v1/playlists/:id/videos',
  ]
  return kinds.map((kind) => {
    const times = (answers.get(kind) ?? [])
      .filter((each) => each.at >= since)
      .map((each) => each.ms)
    return {
      ...plain(
        `The service’s answers to ${kind}, p50 / p95 (${count(times.length)})`,
        halves(times),
      ),
      note: 'as measured at the proxy',
    }
  })
}

/** Seeing before doing: the editor's previews and the dry run, referred to the reference device. */
export function editingRows(
  reference: Reference,
  preview: { times: number[]; matches: number[] },
  dry: { seconds: number[]; last: RuleDryRun | null },
): Row[] {
  return [
    timing(reference, {
      figure: 'Preview while editing, p50',
      measured: percentile(preview.times, 0.5),
    }),
    timing(reference, {
      figure: `Preview while editing (count and list), p95 (${preview.times.length} edits)`,
      measured: percentile(preview.times, 0.95),
      atMost: 300,
      key: 'previewP95Ms',
    }),
    plain(
      'Videos the edits matched (fewest – most)',
      `${count(Math.min(...preview.matches))} – ${count(Math.max(...preview.matches))}`,
    ),
    timing(reference, {
      figure: `Dry run over the library, slowest of ${dry.seconds.length}`,
      measured: max(dry.seconds),
      atMost: 10,
      goal: '≤ 10 s',
      key: 'dryRunSeconds',
      format: seconds,
    }),
    plain(
      'Dry run: matches, changes',
      dry.last ? `${count(dry.last.matches)}, ${count(dry.last.changes)}` : 'n/a',
    ),
  ]
}

/** Explaining every action: traces of the actions applied, and "why is this here?". */
export function traceRows(tally: Tally): Row[] {
  const share = tally.applied ? tally.traced / tally.applied : Number.NaN
  const applied = tally.expected - tally.lost
  return [
    {
      figure: 'Applied actions whose run’s trace shows the call',
      result: `${count(tally.traced)} of ${count(tally.applied)}`,
      goal: 'all (1)',
      met: share === 1,
      key: 'tracedShare',
      value: share,
    },
    plain(
      'Placed videos whose “why is this here?” names the rule',
      `${count(tally.placed)} of ${count(applied)}`,
      'whyShare',
      applied ? tally.placed / applied : Number.NaN,
    ),
  ]
}
