// npm run bench [name…] — runs every benchmark (or those named: sandbox, auth, index, rules, ui,
// catalog, review, playlist, live, upload) one after another, each in its own process, then writes
// docs/benchmarks.md: one table of each figure (the reference device's), its goal, met or missed,
// the host index and the date, then the same figures beside the last run on a host of another
// speed. Each benchmark hands its rows over in a file (BENCH_REPORT_FILE), not through its text;
// docs/benchmarks.json keeps them, so running some keeps the others' rows.
// The BENCH_* variables of each benchmark (sizes, runs) pass through.
import { chosen, runBenchmark } from './all/benchmarks.ts'
import { entryOf, readResults, recordLatest, writeResults } from './all/results.ts'

const names = chosen(process.argv.slice(2))
const results = readResults()
const failures: string[] = []
for (const name of names) {
  console.log(`\n=== bench:${name} ===\n`)
  const outcome = await runBenchmark(name)
  if (!('report' in outcome) || outcome.exitCode !== 0) failures.push(name)
  recordLatest(results, name, entryOf(name, outcome))
  // After each, so an interrupted run keeps what it finished.
  writeResults(results)
}
console.log(
  `\ndocs/benchmarks.md written: ${names.length} benchmark(s)${failures.length ? `; could not measure: ${failures.join(', ')}` : ''}`,
)
if (failures.length > 0) process.exitCode = 1
