import { type Row, timing } from '../reference/figures.ts'
import type { Reference } from '../reference/scale.ts'
import type { FirstPageRun } from './first-page.ts'
import type { LongFrame, SessionEvents } from './library-page.ts'
import type { ScriptSize } from './library-scripts.ts'
import type { RevisitResult } from './revisit.ts'
import type { SearchSample } from './search-session.ts'
import { kib, max, ms, percentile } from './stats.ts'

/** A section that could not be measured: its error is printed and its goal counts as missed. */
export class Failed {
  constructor(readonly error: unknown) {}
  get message(): string {
    return this.error instanceof Error
      ? (this.error.message.split('\n')[0] ?? '')
      : String(this.error)
  }
}

export const numbers = (values: ReadonlyArray<number | null | undefined>) =>
  values.filter((value): value is number => typeof value === 'number' && !Number.isNaN(value))
export const titled = (word: string) => `${word.charAt(0).toUpperCase()}${word.slice(1)}`
const p50 = (values: number[]) => percentile(values, 0.5)
const p95 = (values: number[]) => percentile(values, 0.95)
export const failedRow = (figure: string, goal: string, failed: Failed, key?: string): Row => {
  console.log(`  could not measure: ${failed.message}`)
  return { figure, result: 'failed', goal, met: false, ...(key ? { key, value: null } : {}) }
}

export function reportFirstPage(
  first: FirstPageRun[] | Failed,
  runs: number,
  reference: Reference,
): Row[] {
  console.log(`\nFirst library page visible (${runs} fresh contexts, ms from navigation start)`)
  const figure = `First library page visible, p95 (${runs} contexts)`
  if (first instanceof Failed) return [failedRow(figure, '≤ 350 ms', first, 'firstPageP95Ms')]
  const cards = first.map((run) => run.firstCard)
  const thumbs = numbers(first.map((run) => run.firstThumb))
  console.log(`  first card, each run: ${cards.map((t) => Math.round(t)).join(' ')}`)
  console.log(
    `  first card       p50 ${ms(p50(cards))}  p95 ${ms(p95(cards))}  max ${ms(max(cards))}`,
  )
  console.log(
    `  first thumbnail  p50 ${ms(p50(thumbs))}  p95 ${ms(p95(thumbs))}  max ${ms(max(thumbs))}  (loaded in ${thumbs.length}/${first.length} runs within 5 s)`,
  )
  const lcp = numbers(first.map((run) => run.lcp))
  console.log(
    `  FCP p50 ${ms(p50(numbers(first.map((run) => run.fcp))))}  LCP p50 ${ms(p50(lcp))}  p95 ${ms(p95(lcp))}`,
  )
  const median = (pick: (run: FirstPageRun) => number | null | undefined) =>
    ms(p50(numbers(first.map(pick))))
  console.log(
    `  p50 waterfall: document ${median((r) => r.documentEnd)} → scripts ${median((r) => r.scriptsEnd)} · channels ${median((r) => r.channels?.start)}–${median((r) => r.channels?.end)} → videos ${median((r) => r.videos?.start)}–${median((r) => r.videos?.end)} → first card ${median((r) => r.firstCard)}`,
  )
  const longest = numbers(first.map((run) => max(run.longTasks.map((task) => task.duration))))
  const count = first.reduce((sum, run) => sum + run.longTasks.length, 0)
  console.log(
    `  long tasks during load: ${count} in ${first.length} runs; longest per run p50 ${ms(p50(longest))}, max ${ms(max(longest))}`,
  )
  printFrames(
    'longest frame during load',
    first.flatMap((run) => run.frames),
    1,
  )
  return [
    timing(reference, {
      figure: 'First library page visible, p50',
      measured: p50(cards),
      key: 'firstPageP50Ms',
    }),
    timing(reference, { figure, measured: p95(cards), atMost: 350, key: 'firstPageP95Ms' }),
    timing(reference, { figure: 'First library page visible, max', measured: max(cards) }),
    timing(reference, { figure: 'First thumbnail loaded, p95', measured: p95(thumbs) }),
  ]
}

export function reportSearch(
  samples: SearchSample[] | Failed,
  queries: number,
  reference: Reference,
): Row[] {
  console.log(
    `\nSearch keystroke to results rendered (${queries} queries; each keystroke searches)`,
  )
  const figure = `Search keystroke → results, p95 (${queries})`
  if (samples instanceof Failed) return [failedRow(figure, '≤ 100 ms', samples, 'searchP95Ms')]
  const latencies = numbers(samples.map((sample) => sample.latency))
  for (const sample of samples)
    console.log(`  ${sample.query.padEnd(11)} ${ms(sample.latency).padStart(7)}  ${sample.status}`)
  console.log(
    `  p50 ${ms(p50(latencies))}  p95 ${ms(p95(latencies))}  max ${ms(max(latencies))}  (${latencies.length}/${samples.length} completed)`,
  )
  return [
    timing(reference, { figure: 'Search keystroke → results, p50', measured: p50(latencies) }),
    timing(reference, {
      figure,
      measured: p95(latencies),
      atMost: 100,
      key: 'searchP95Ms',
      and: latencies.length === samples.length,
    }),
  ]
}

export function reportInteractions(
  sessions: SessionEvents[],
  expected: number,
  reference: Reference,
): Row[] {
  console.log(
    '\nInteractions (Event Timing: durationThreshold 16 ms, entries with an interactionId)',
  )
  const figure = 'Slowest interaction (Event Timing)'
  if (sessions.length === 0)
    return [failedRow(figure, '≤ 100 ms', new Failed('no session ran'), 'slowestInteractionMs')]
  // One interaction is several events (pointerdown, pointerup, click; keydown, keyup…) sharing an
  // interactionId; its latency is the longest of them, as INP counts it.
  const interactions = new Map<
    string,
    { duration: number; names: Set<string>; target: string; session: string; page: string }
  >()
  for (const session of sessions) {
    for (const entry of session.interactions) {
      const key = `${session.session}#${entry.interactionId}`
      const known = interactions.get(key) ?? {
        duration: 0,
        names: new Set<string>(),
        target: '',
        session: session.session,
        page: entry.page,
      }
      known.duration = Math.max(known.duration, entry.duration)
      known.names.add(entry.name)
      known.target ||= entry.target ?? ''
      interactions.set(key, known)
    }
  }
  const worst = [...interactions.values()].sort((a, b) => b.duration - a.duration)
  const slowest = worst[0]?.duration ?? 0
  console.log(
    `  sessions: ${sessions.map((session) => session.session).join(', ')}${sessions.length < expected ? ' (the others failed)' : ''}`,
  )
  console.log(
    `  ${worst.length} interactions of 16 ms or more; slowest ${worst.length ? ms(slowest) : 'under 16 ms'}`,
  )
  for (const item of worst.slice(0, 5))
    console.log(
      `  ${ms(item.duration).padStart(7)}  ${[...item.names].join('/')} on ${item.target} (${item.session}, ${item.page})`,
    )
  const tasks = sessions.flatMap((session) => session.longTasks)
  const longest = max(tasks.map((task) => task.duration))
  console.log(
    `  long tasks after the first load: ${tasks.length}${tasks.length ? `, longest ${ms(longest)}` : ''}`,
  )
  printFrames(
    'long frame after load',
    sessions.flatMap((session) => session.frames),
    3,
  )
  return [
    timing(reference, {
      figure,
      measured: worst.length ? slowest : 0,
      atMost: 100,
      key: 'slowestInteractionMs',
      and: sessions.length === expected,
    }),
    tasks.length
      ? timing(reference, { figure: 'Longest task after first load', measured: longest })
      : { figure: 'Longest task after first load', result: 'none ≥ 50 ms', goal: '', met: null },
  ]
}

export function reportRevisit(revisit: RevisitResult | Failed): Row[] {
  console.log('\nRevisit within the fresh time (/api/v1/videos requests after the first load)')
  const figure = 'List requests on revisit (nav link)'
  if (revisit instanceof Failed) return [failedRow(figure, '0', revisit)]
  console.log(`  via the nav link: ${revisit.viaNavLink}   via Back: ${revisit.viaBack}`)
  for (const requested of revisit.urls) console.log(`  ${requested}`)
  return [
    {
      figure,
      result: String(revisit.viaNavLink),
      goal: '0',
      met: revisit.viaNavLink === 0,
      key: 'revisitRequestsNavLink',
      value: revisit.viaNavLink,
    },
    {
      figure: 'List requests on revisit (Back)',
      result: String(revisit.viaBack),
      goal: '0',
      key: 'revisitRequestsBack',
      value: revisit.viaBack,
      met: revisit.viaBack === 0,
    },
  ]
}

export function reportScripts(scripts: ScriptSize[] | Failed): Row[] {
  console.log('\nJavaScript loaded for /videos (each body gzipped at level 9 here)')
  const figure = 'Library JavaScript, gzip'
  if (scripts instanceof Failed)
    return [failedRow(figure, '≤ 150 KiB', scripts, 'libraryJsGzipKiB')]
  const total = scripts.reduce((sum, script) => sum + script.gzip, 0)
  const raw = scripts.reduce((sum, script) => sum + script.bytes, 0)
  for (const script of scripts)
    console.log(
      `  ${kib(script.gzip).padStart(10)}  ${kib(script.bytes).padStart(10)} raw  ${new URL(script.url).pathname}`,
    )
  console.log(`  ${kib(total).padStart(10)}  ${kib(raw).padStart(10)} raw  total`)
  return [
    {
      figure: `${figure} (${scripts.length} files)`,
      result: kib(total),
      goal: '≤ 150 KiB',
      key: 'libraryJsGzipKiB',
      value: total / 1024,
      met: total <= 150 * 1024,
    },
  ]
}

function printFrames(label: string, frames: LongFrame[], count: number) {
  const sorted = [...frames].sort((a, b) => b.duration - a.duration).slice(0, count)
  for (const frame of sorted) {
    const scripts = [...frame.scripts]
      .sort((a, b) => b.duration - a.duration)
      .slice(0, 3)
      .map(
        (script) =>
          `${path(script.invoker) || script.sourceFunctionName || '?'} in ${path(script.sourceURL) || '?'} ${ms(script.duration)}`,
      )
    console.log(
      `  ${label}: ${ms(frame.duration)} (blocking ${ms(frame.blockingDuration)}) on ${frame.page} at ${ms(frame.startTime)}${scripts.length ? `; scripts: ${scripts.join('; ')}` : ''}`,
    )
  }
}

/** A URL's path (scripts are all the app's own), anything else as it is. */
function path(text: string): string {
  return URL.canParse(text) ? new URL(text).pathname : text
}
