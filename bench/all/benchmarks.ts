import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { BenchReport } from '../reference/report.ts'
import { repoRoot } from '../ui/harness.ts'

/** Every benchmark `npm run bench` runs, in its order: the servers' first, then the browsers'. */
export const benchmarks = {
  sandbox: 'bench/sandbox-list.ts',
  auth: 'bench/auth.ts',
  index: 'bench/index.ts',
  rules: 'bench/rules.ts',
  ui: 'bench/ui.ts',
  catalog: 'bench/catalog.ts',
  review: 'bench/review.ts',
  playlist: 'bench/playlist.ts',
  live: 'bench/live.ts',
  upload: 'bench/upload.ts',
} as const

export type BenchName = keyof typeof benchmarks

/** The benchmarks named on the command line (all when none), refusing a name it does not know. */
export function chosen(names: string[]): BenchName[] {
  const unknown = names.filter((name) => !(name in benchmarks))
  if (unknown.length > 0)
    throw new Error(
      `unknown benchmark(s): ${unknown.join(', ')}; known: ${Object.keys(benchmarks).join(', ')}`,
    )
  return names.length > 0 ? (names as BenchName[]) : (Object.keys(benchmarks) as BenchName[])
}

/** What one run left: its report, or why it has none. */
export type Outcome = { report: BenchReport; exitCode: number } | { failed: string }

/**
 * Runs one benchmark in its own process, its output passed through, with `env` added; its rows
 * come back through BENCH_REPORT_FILE rather than from its text.
 */
export async function runBenchmark(
  name: BenchName,
  env: Record<string, string> = {},
): Promise<Outcome> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-all-'))
  const file = join(dir, `${name}.json`)
  try {
    const child = spawn(process.execPath, ['--import', 'tsx', benchmarks[name]], {
      cwd: repoRoot,
      env: { ...process.env, ...env, BENCH_REPORT_FILE: file },
      stdio: 'inherit',
    })
    const stop = () => child.kill('SIGTERM')
    process.once('SIGINT', stop)
    process.once('SIGTERM', stop)
    const exitCode = await new Promise<number>((resolve, reject) => {
      child.once('error', reject)
      child.once('exit', (code, signal) => resolve(code ?? (signal ? 128 : 1)))
    })
    process.off('SIGINT', stop)
    process.off('SIGTERM', stop)
    let text: string
    try {
      text = readFileSync(file, 'utf8')
    } catch {
      return { failed: `bench:${name} ended (exit code ${exitCode}) without its figures` }
    }
    return { report: JSON.parse(text) as BenchReport, exitCode }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
