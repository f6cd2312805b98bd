import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { BenchReport } from '../reference/report.ts'
import { repoRoot } from '../ui/harness.ts'
import type { BenchName, Outcome } from './benchmarks.ts'
import { renderPage } from './markdown.ts'

/** A benchmark's last run: its report, or why it gave none. */
export type Entry = BenchReport | { bench: string; failed: string; date: string }

export interface TwoSpeeds {
  /** BENCH_CPU_LIMIT of the slower run. */
  limit: number
  full: Entry
  limited: Entry
}

/** What docs/benchmarks.md is written from, kept beside it so a run of some benchmarks keeps the others'. */
export interface Results {
  latest: Partial<Record<BenchName, Entry>>
  twoSpeeds: Partial<Record<BenchName, TwoSpeeds>>
  /** An earlier run on a host of another speed or CPU, beside `latest` (`recordLatest`). */
  otherHost?: Partial<Record<BenchName, BenchReport>>
}

export const failed = (entry: Entry): entry is Extract<Entry, { failed: string }> =>
  'failed' in entry

/**
 * How many times faster one host must read than the other for their runs to stand as two
 * machines: this machine's speed changes from one session to the next by up to eight times, so a
 * later run is often, unplanned, the second machine the reference figures must agree across.
 */
export const anotherSpeed = 1.4

function onAnotherHost(earlier: Entry | undefined, latest: BenchReport): earlier is BenchReport {
  if (!earlier || failed(earlier) || earlier.hostIndex === null || latest.hostIndex === null)
    return false
  // Runs with other sizes or a CPU limit measure something else.
  if (JSON.stringify(earlier.settings) !== JSON.stringify(latest.settings)) return false
  // Two CPUs of one index can still differ in what a benchmark reads (decision 0044).
  if (earlier.machine && latest.machine && earlier.machine !== latest.machine) return true
  const indexes = [earlier.hostIndex, latest.hostIndex]
  return Math.max(...indexes) >= Math.min(...indexes) * anotherSpeed
}

/**
 * Makes `entry` the benchmark's latest run. The run it replaces stays beside it as the other
 * host's when their speeds differ enough or their CPUs are not the same; otherwise the one kept
 * before does, while it still differs.
 */
export function recordLatest(results: Results, name: BenchName, entry: Entry): void {
  const replaced = results.latest[name]
  results.latest[name] = entry
  if (failed(entry)) return
  const kept = [replaced, results.otherHost?.[name]].find((earlier) =>
    onAnotherHost(earlier, entry),
  )
  const otherHost = { ...results.otherHost }
  if (kept) otherHost[name] = kept
  else delete otherHost[name]
  results.otherHost = otherHost
}

const dataFile = join(repoRoot, 'docs', 'benchmarks.json')
const pageFile = join(repoRoot, 'docs', 'benchmarks.md')

export function readResults(): Results {
  if (!existsSync(dataFile)) return { latest: {}, twoSpeeds: {} }
  return JSON.parse(readFileSync(dataFile, 'utf8')) as Results
}

export function entryOf(name: BenchName, outcome: Outcome): Entry {
  return 'report' in outcome
    ? outcome.report
    : { bench: name, failed: outcome.failed, date: new Date().toISOString() }
}

/** Saves the results and writes docs/benchmarks.md from them. */
export function writeResults(results: Results): void {
  writeFileSync(dataFile, `${JSON.stringify(results, null, 2)}\n`)
  writeFileSync(pageFile, renderPage(results))
}
