import { existsSync, mkdirSync, readdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

// BENCH_CPU_LIMIT=0.5 runs a benchmark as on a slower machine: from `enterCpuLimit()` on, this
// process and every process it starts (server, Chromium) share half of one CPU, a cgroup v1 CPU
// quota. A short period (10 ms) spreads the pauses thinly, as a slower CPU would, rather than
// stopping everything for tens of milliseconds at a time.
const root = '/sys/fs/cgroup/cpu'
const periodUs = 10_000
const prefix = 'bench-limit-'

/** The fraction of one CPU asked for, or null for none. */
export function cpuLimit(): number | null {
  const text = process.env.BENCH_CPU_LIMIT
  if (!text) return null
  const limit = Number(text)
  if (!(limit > 0))
    throw new Error(`BENCH_CPU_LIMIT: ${JSON.stringify(text)} is not a fraction of a CPU`)
  return limit
}

const alive = (pid: number) => existsSync(`/proc/${pid}`)

/** Groups of benchmarks that ended before their processes did, now empty, go. */
function removeStale(): void {
  for (const name of readdirSync(root)) {
    if (!name.startsWith(prefix) || alive(Number(name.slice(prefix.length)))) continue
    const procs = readFileSync(join(root, name, 'cgroup.procs'), 'utf8').trim()
    if (procs === '') rmdirSync(join(root, name))
  }
}

/** Moves this process (and so everything it starts from now on) under BENCH_CPU_LIMIT, if set. */
export function enterCpuLimit(): void {
  const limit = cpuLimit()
  if (limit === null) return
  if (!existsSync(join(root, 'cpu.cfs_quota_us')))
    throw new Error(`BENCH_CPU_LIMIT needs a cgroup v1 cpu controller at ${root}`)
  removeStale()
  const group = join(root, `${prefix}${process.pid}`)
  mkdirSync(group, { recursive: true })
  writeFileSync(join(group, 'cpu.cfs_period_us'), String(periodUs))
  writeFileSync(
    join(group, 'cpu.cfs_quota_us'),
    String(Math.max(1000, Math.round(limit * periodUs))),
  )
  writeFileSync(join(group, 'cgroup.procs'), String(process.pid))
  process.once('exit', () => {
    try {
      writeFileSync(join(root, 'cgroup.procs'), String(process.pid))
      rmdirSync(group)
    } catch {
      // A child not yet gone keeps the group; the next limited run removes it.
    }
  })
}
