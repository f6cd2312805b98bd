// npm run bench:two-speeds [name…] — the check that figures compare across machines: each
// benchmark (all, or those named) runs twice on this machine, first as it is, then with itself and
// each server it starts held to BENCH_CPU_LIMIT of one CPU (default 0.5; a cgroup v1 CPU quota, see
// bench/reference/cpu-limit.ts), which their host index reads as a slower machine, and Chromium's
// pages slowed to that share of its index (bench/reference/chromium-host.ts). docs/benchmarks.md
// gets both runs' reference figures side by side, and whether they agree within 20%. Needs write
// access to /sys/fs/cgroup/cpu (root).
import { chosen, runBenchmark } from './all/benchmarks.ts'
import { entryOf, readResults, writeResults } from './all/results.ts'
import { cpuLimit } from './reference/cpu-limit.ts'

const limit = cpuLimit() ?? 0.5
const names = chosen(process.argv.slice(2))
const results = readResults()
for (const name of names) {
  console.log(`\n=== bench:${name}, as it is ===\n`)
  const full = entryOf(name, await runBenchmark(name, { BENCH_CPU_LIMIT: '' }))
  console.log(`\n=== bench:${name}, under BENCH_CPU_LIMIT=${limit} ===\n`)
  const limited = entryOf(name, await runBenchmark(name, { BENCH_CPU_LIMIT: String(limit) }))
  results.twoSpeeds[name] = { limit, full, limited }
  writeResults(results)
}
console.log('\ndocs/benchmarks.md written: the two speeds compared')
