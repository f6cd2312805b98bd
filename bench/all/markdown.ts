import type { BenchReport, PhaseFigures } from '../reference/report.ts'
import { benchmarks } from './benchmarks.ts'
import { anotherSpeed, type Entry, failed, type Results } from './results.ts'

type ReportRow = BenchReport['rows'][number]

const cell = (text: string) => text.replaceAll('|', '\\|')
const day = (iso: string) => iso.slice(0, 10)
const whole = (value: number | null | undefined) =>
  value == null ? 'n/a' : Math.round(value).toLocaleString('en')

const intro = `# Benchmarks

<!-- Written by \`npm run bench\` (bench/all.ts) and \`npm run bench:two-speeds\` (bench/two-speeds.ts) from docs/benchmarks.json; run them rather than editing this page. -->

Every timing here is the **reference device's**: a machine whose Lighthouse CPU benchmark
(\`benchmarkIndex\`) reads 1,000 ("desktop-class, Core i3" on Lighthouse's scale; DevTools
calibrates its mid-tier CPU preset to the same figure), whatever machine ran the benchmark. Each
benchmark measures its host with Lighthouse's own function, in the process that does the timed
work (Chromium for a page, Node for a server), at the start and at the end of that work, and
prints it as \`hostIndex\` in its JSON line. It is read as Lighthouse reads it, one run in a page
(or, in Node, an isolate) that has run nothing yet (the median of three:
[decision 0036](decisions/0036-the-host-index-read-cold-as-lighthouse-reads-it.md)). Each timing
is then referred to the reference device:

- **CPU slowed**: a browser-side timing measured with Chromium's CPU throttled to the reference
  on a host faster than it (\`Emulation.setCPUThrottlingRate\`, from hostIndex / 1000 at the
  start, corrected until a slowed page reads an index of about 1,000: the throttle slows more than
  asked, [decision 0026](decisions/0026-throttle-calibrated-to-the-reference.md); measured and set
  again before a later timed phase, [a host that changes speed](benchmarking.md#a-host-that-changes-speed));
  the figure is as measured.
- **scaled (× factor)**: a server-side timing, or a browser-side one on a host slower than the
  reference: measured, then multiplied by hostIndex / 1000 (the mean of start and end). The
  measured figure is shown beside it, and in the JSON line under its key with \`Measured\`
  (\`serverP95Ms\` is the reference figure, \`serverP95MeasuredMs\` the measured one).
- Lighthouse: its simulated CPU slowdown (\`cpuSlowdownMultiplier\`) is hostIndex / 500 for the
  mobile preset (its default 4× emulates a phone on a desktop of index 2,000) and hostIndex /
  1000 for desktop, at least 1; a score from a host too slow for that is marked _not slowed_.

Counts, sizes, scores and throughputs are as measured. A run in which a request of a measured
page was answered 401 or 5xx fails instead of reporting figures of another page.
`

/** A table with its columns padded to one width, as a Markdown formatter leaves it. */
function table(header: string[], right: boolean[], rows: string[][]): string[] {
  const all = [header, ...rows].map((cells) => cells.map(cell))
  const widths = header.map((_, i) => Math.max(3, ...all.map((cells) => (cells[i] ?? '').length)))
  const pad = (text: string, i: number) =>
    right[i] ? text.padStart(widths[i] ?? 0) : text.padEnd(widths[i] ?? 0)
  const line = (cells: string[]) => `| ${cells.map(pad).join(' | ')} |`
  const rule = widths.map((width, i) =>
    right[i] ? `${'-'.repeat(width - 1)}:` : '-'.repeat(width),
  )
  return [line(all[0] ?? []), `| ${rule.join(' | ')} |`, ...all.slice(1).map(line)]
}

// A later phase slowed anew from the host's index then (bench/reference/chromium-host.ts).
const phaseSummary = (phase: PhaseFigures) =>
  `then ${phase.name}: chromium ${whole(phase.chromium)}, throttleRate ${phase.throttleRate}, indexUnderThrottle ${whole(phase.indexUnderThrottle)}`

function hostSummary(report: BenchReport): string {
  const parts = Object.entries(report.host).map(([name, value]) =>
    name === 'phases' && Array.isArray(value)
      ? (value as PhaseFigures[]).map(phaseSummary).join(', ')
      : typeof value === 'object' && value !== null
        ? `${name} ${whole((value as { start?: number }).start)} → ${whole((value as { end?: number }).end)}`
        : `${name} ${String(value)}`,
  )
  const settings = Object.entries(report.settings ?? {})
    .map(([name, value]) => `${name}=${value}`)
    .sort()
  const on = report.machine ? `, ${report.machine}` : ''
  return `- **bench:${report.bench}** (${day(report.date)}, Node ${report.node}${on}): host index ${parts.join(', ')}${settings.length ? `; ${settings.join(' ')}` : ''}`
}

/** The rows worth a line: those with a goal or a JSON key. */
const shown = (row: ReportRow) => row.goal !== '' || row.key !== undefined
const mark = (row: ReportRow) => (row.met === null ? '' : row.met ? 'met' : '**missed**')

/** The benchmarks' entries in the order `npm run bench` runs them. */
function inOrder<T>(entries: Partial<Record<string, T>>): T[] {
  return Object.keys(benchmarks).flatMap((name) => {
    const entry = entries[name]
    return entry ? [entry] : []
  })
}

function latestSection(results: Results): string[] {
  const entries = inOrder(results.latest)
  const rows = entries.flatMap((entry) =>
    failed(entry)
      ? [[`bench:${entry.bench}`, entry.failed, 'failed', '', '', '', '', day(entry.date)]]
      : entry.rows
          .filter(shown)
          .map((row) => [
            `bench:${entry.bench}`,
            row.figure,
            row.result,
            row.goal,
            mark(row),
            row.note ?? 'as measured',
            whole(row.hostIndex ?? entry.hostIndex),
            day(entry.date),
          ]),
  )
  return [
    '## Latest run',
    '',
    ...table(
      ['Benchmark', 'Figure', 'Result', 'Goal', 'Met', 'How referred', 'Host index', 'Date'],
      [false, false, true, false, false, false, true, false],
      rows,
    ),
    '',
    'Hosts and sizes of these runs:',
    '',
    ...entries.flatMap((entry) => (failed(entry) ? [] : [hostSummary(entry)])),
  ]
}

/** The timings two runs referred to the reference device, by key: a row each, `date` last. */
function compared(first: Entry, second: Entry, date: string): string[][] {
  if (failed(first) || failed(second)) {
    const why = failed(first) ? first.failed : (second as { failed: string }).failed
    return [[`bench:${first.bench}`, why, '', '', '', '', date]]
  }
  const seconds = new Map(second.rows.map((row) => [row.key, row]))
  return first.rows.flatMap((row) => {
    const other = row.key ? seconds.get(row.key) : undefined
    if (!row.key || !row.basis || !other || row.value == null || other.value == null) return []
    // Two zeros (no layout shift at either speed) agree; a percentage of zero would not.
    const difference = other.value === row.value ? 0 : (other.value - row.value) / row.value
    return [
      [
        `bench:${first.bench}`,
        `${row.key} (${row.figure})`,
        `${row.result} (host ${whole(row.hostIndex)}, ${row.basis})`,
        `${other.result} (host ${whole(other.hostIndex)}, ${other.basis})`,
        `${difference >= 0 ? '+' : ''}${(difference * 100).toFixed(0)}%`,
        Math.abs(difference) <= 0.2 ? 'yes' : '**no**',
        date,
      ],
    ]
  })
}

function otherHostSection(results: Results): string[] {
  const pairs = Object.keys(benchmarks).flatMap((name) => {
    const earlier = results.otherHost?.[name as keyof typeof benchmarks]
    const latest = results.latest[name as keyof typeof benchmarks]
    if (!earlier || !latest || failed(latest)) return []
    const slowerFirst = (earlier.hostIndex ?? 0) <= (latest.hostIndex ?? 0)
    return [slowerFirst ? ([earlier, latest] as const) : ([latest, earlier] as const)]
  })
  if (pairs.length === 0) return []
  const rows = pairs.map(([slower, faster]) =>
    compared(slower, faster, `${day(slower.date)}, ${day(faster.date)}`),
  )
  return [
    '## The same figures on two hosts',
    '',
    "This machine's speed, and its CPU, change from one session to the next. When a benchmark's",
    `latest run had a host at least ${anotherSpeed} times faster or slower than the run before it, or`,
    'another CPU, that run stays here beside it: the same benchmark on two machines, each as it is,',
    'with no CPU limit. Their reference figures should agree within 20%. The code may have changed',
    "between the two dates (git's history of this page's data says what each run measured):",
    '[Benchmarking](benchmarking.md#two-hosts).',
    '',
    ...table(
      ['Benchmark', 'Figure', 'Slower host', 'Faster host', 'Difference', 'Within 20%', 'Dates'],
      [false, false, true, true, true, false, false],
      rows.flat(),
    ),
    ...machines(pairs.filter((_, index) => (rows[index]?.length ?? 0) > 0)),
  ]
}

/** The CPUs of the pairs, slower host first, where their records name them. */
function machines(pairs: ReadonlyArray<readonly [BenchReport, BenchReport]>): string[] {
  const named = pairs.filter(([slower, faster]) => slower.machine || faster.machine)
  if (named.length === 0) return []
  const name = (report: BenchReport) => report.machine ?? 'not named'
  return [
    '',
    `CPUs (slower host, faster host): ${named.map(([slower, faster]) => `bench:${slower.bench} ${name(slower)}, ${name(faster)}`).join('; ')}.`,
  ]
}

function twoSpeedsSection(results: Results): string[] {
  const pairs = inOrder(results.twoSpeeds)
  if (pairs.length === 0) return []
  return [
    '## The same figures at two speeds',
    '',
    'Each benchmark run twice on one machine: as it is, and as a slower one (`BENCH_CPU_LIMIT`):',
    'each server that does its timed work (dashboard, sandbox) and the benchmark itself (not',
    "bench:auth's, whose load is not the server's work) held to a fraction of one CPU (a cgroup v1",
    'CPU quota of their own, 1 ms per period), which their host index reads as a slower machine, and',
    "Chromium's pages slowed to that fraction of its index (still throttled to the reference when",
    'that is faster than it). The reference figures should agree within 20%; why some do not:',
    '[Benchmarking](benchmarking.md#two-speeds).',
    '',
    ...table(
      ['Benchmark', 'Figure', 'As it is', 'Under the limit', 'Difference', 'Within 20%', 'Date'],
      [false, false, true, true, true, false, false],
      pairs.flatMap((pair) => compared(pair.full, pair.limited, day(pair.limited.date))),
    ),
    '',
    `CPU limits: ${pairs.map((pair) => `bench:${pair.full.bench} ${pair.limit}`).join(', ')}.`,
  ]
}

export function renderPage(results: Results): string {
  const sections = [latestSection(results), otherHostSection(results), twoSpeedsSection(results)]
  const body = sections.filter((lines) => lines.length > 0).flatMap((lines) => ['', ...lines])
  return `${[intro, ...body.slice(1)].join('\n').trimEnd()}\n`
}
