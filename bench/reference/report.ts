import { writeFileSync } from 'node:fs'
import { cpus } from 'node:os'
import type { CoreSplit } from './cores.ts'
import { cpuLimit } from './cpu-limit.ts'
import { keyedFigures, type Row, rounded, table } from './figures.ts'
import { type HostSpeed, referenceIndex } from './host-index.ts'

/** The hosts a benchmark measured: the process its `hostIndex` is of first. */
export interface Hosts {
  speeds: HostSpeed[]
  /** The rate Chromium's measured pages were slowed by (1: not slowed). */
  throttleRate?: number
  /** Chromium's index in a page slowed by that rate: about 1,000 when the throttle works. */
  underThrottle?: number | null
  /** Chromium's own index, when its pages were slowed to play a slower machine (two speeds). */
  real?: number
  /** Later timed phases whose pages were slowed again from the host's index then. */
  phases?: Phase[]
  /** The server's CPUs and the others', when the benchmark split them; null when it could not. */
  cores?: CoreSplit | null
}

/** A timed phase that measured the host again and slowed its page from that (`rethrottle`). */
export interface Phase {
  name: string
  hostIndex: number
  rate: number
  underThrottle: number | null
}

/** A phase as the JSON line and docs/benchmarks.json keep it (`host.phases`). */
export interface PhaseFigures {
  name: string
  chromium: number | null
  throttleRate: number
  indexUnderThrottle: number | null
}

/** What a benchmark leaves for `npm run bench` (bench/all.ts) in BENCH_REPORT_FILE. */
export interface BenchReport {
  bench: string
  title: string
  date: string
  node: string
  /** The CPU's model and how many CPUs the machine has (`machine()`); absent in older records. */
  machine?: string
  /** The BENCH_* variables the run had (sizes, runs, CPU limit). */
  settings: Record<string, string>
  hostIndex: number | null
  host: Record<string, unknown>
  rows: Array<Omit<Row, 'reference'> & { basis?: string; hostIndex?: number }>
}

// The BENCH_* variables the run was started with, before a benchmark sets its own for its server.
const settings = Object.fromEntries(
  Object.entries(process.env).filter(
    (entry): entry is [string, string] =>
      entry[0].startsWith('BENCH_') && entry[0] !== 'BENCH_REPORT_FILE' && !!entry[1],
  ),
)

/**
 * The machine as its CPU names itself, and how many CPUs it has. Two machines of one index can
 * still give a benchmark different figures (decision 0044): this says which machine a record is of.
 */
export function machine(): string {
  const all = cpus()
  return `${all[0]?.model.trim() || 'an unnamed CPU'} × ${all.length}`
}

const whole = (value: number | undefined) => (value === undefined ? null : Math.round(value))

function hostFigures(hosts: Hosts): Record<string, unknown> {
  const host: Record<string, unknown> = {}
  for (const speed of hosts.speeds)
    host[speed.process] = { start: whole(speed.atStart), end: whole(speed.atEnd) }
  if (hosts.throttleRate !== undefined)
    host.throttleRate = Math.round(hosts.throttleRate * 100) / 100
  if (hosts.underThrottle != null) host.indexUnderThrottle = whole(hosts.underThrottle)
  if (hosts.real !== undefined) host.chromiumUnslowed = whole(hosts.real)
  if (hosts.phases?.length)
    host.phases = hosts.phases.map(
      (phase): PhaseFigures => ({
        name: phase.name,
        chromium: whole(phase.hostIndex),
        throttleRate: Math.round(phase.rate * 100) / 100,
        indexUnderThrottle: whole(phase.underThrottle ?? undefined),
      }),
    )
  if (hosts.cores) {
    host.serverCpus = hosts.cores.server
    host.otherCpus = hosts.cores.others
  }
  if (cpuLimit() !== null) host.cpuLimit = cpuLimit()
  return host
}

// The calibration keeps the rate whose page read closest to 1,000; a host that moved while it
// was measured can leave that far off, and the page then was not the reference device.
const missedReference = (underThrottle: number | null | undefined) =>
  underThrottle != null && Math.abs(underThrottle / referenceIndex - 1) > 0.1
    ? ' — more than 10% from the reference: the host moved while the throttle was set, so these figures are less comparable'
    : ''

function hostLines(hosts: Hosts): string[] {
  const lines = [`Machine: ${machine()} (CPU model × CPUs)`]
  lines.push(
    ...hosts.speeds.map(
      (speed) =>
        `Host index (Lighthouse's benchmarkIndex), ${speed.process}: ${whole(speed.atStart)} at the start, ${whole(speed.atEnd) ?? 'not measured'} at the end${speed.drifted ? ' — the host changed speed by more than 20% during the run: its figures are less comparable' : ''}`,
    ),
  )
  if (hosts.real !== undefined)
    lines.push(
      `Chromium played a slower machine: its own index ${whole(hosts.real)}, its pages slowed ${hosts.throttleRate?.toFixed(2)}× to read ${whole(hosts.underThrottle ?? undefined)}, their timings scaled to the reference`,
    )
  else if (hosts.throttleRate !== undefined)
    lines.push(
      hosts.throttleRate > 1
        ? `Measured pages slowed ${hosts.throttleRate.toFixed(2)}× (Emulation.setCPUThrottlingRate); the index in such a page: ${whole(hosts.underThrottle ?? undefined) ?? 'not measured'} (reference 1,000)${missedReference(hosts.underThrottle)}`
        : 'Measured pages not slowed: the host is slower than the reference, so their timings are scaled',
    )
  for (const phase of hosts.phases ?? [])
    lines.push(
      phase.rate > 1
        ? `Then ${phase.name}: host ${whole(phase.hostIndex)}, its page slowed ${phase.rate.toFixed(2)}× to read ${whole(phase.underThrottle ?? undefined) ?? 'not measured'}${missedReference(phase.underThrottle)}`
        : `Then ${phase.name}: host ${whole(phase.hostIndex)}, slower than the reference: its page not slowed, its timings scaled`,
    )
  if (hosts.cores)
    lines.push(
      `The dashboard server (and what times it) on CPU ${hosts.cores.server}; Chromium, the sandbox and the benchmark on CPU ${hosts.cores.others}`,
    )
  else if (hosts.cores === null)
    lines.push('The server shared every CPU with Chromium: one CPU, or no `taskset`, here')
  const limit = cpuLimit()
  if (limit !== null)
    lines.push(
      `Run under BENCH_CPU_LIMIT=${limit} (a cgroup CPU quota for each server and the benchmark)`,
    )
  return lines
}

/**
 * A benchmark's end: its table, its hosts, and as the last line one JSON object of its keyed
 * figures (reference figures under their keys, scaled ones' measured values beside them) with
 * `hostIndex`; the same, with every row, to BENCH_REPORT_FILE when set.
 */
export function printReport(bench: string, title: string, rows: readonly Row[], hosts: Hosts) {
  const hostIndex = hosts.speeds[0] ? Math.round(hosts.speeds[0].index) : null
  const host = hostFigures(hosts)
  console.log(`\n${title}\n`)
  console.log(table(rows))
  console.log('')
  for (const line of hostLines(hosts)) console.log(line)
  if (process.env.BENCH_REPORT_FILE) {
    const report: BenchReport = {
      bench,
      title,
      date: new Date().toISOString(),
      node: process.version,
      machine: machine(),
      settings,
      hostIndex,
      host,
      rows: rows.map(({ reference, ...row }) => ({
        ...row,
        value: rounded(row.value),
        measured: rounded(row.measured),
        ...(reference
          ? { basis: reference.basis, hostIndex: Math.round(reference.hostIndex) }
          : {}),
      })),
    }
    writeFileSync(process.env.BENCH_REPORT_FILE, `${JSON.stringify(report, null, 2)}\n`)
  }
  console.log(JSON.stringify({ ...keyedFigures(rows), hostIndex, host, machine: machine() }))
}
