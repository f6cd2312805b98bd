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
