import {
  chmodSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { join } from 'node:path'

// BENCH_CPU_LIMIT=0.5 runs a benchmark as on a slower machine: each server that does timed work
// (the dashboard, the sandbox, a rules replica, the replicas' PostgreSQL and Redis), with all it
// starts, gets that fraction of one CPU in a cgroup v1 CPU quota of its own, and so does the
// benchmark's own process (the load it sends, its HTTP clients), unless the benchmark says its
// load is not the slower machine's (bench:auth's attacker and prober). Chromium is not put under a
// quota: its pages play the slower machine through its own throttle
// (bench/reference/chromium-host.ts).
// Separate quotas: in one shared group the benchmark's load would spend the measured process's
// share while that process's host index, measured while the load rests, reads the whole of it.
// The quota is the least the kernel takes (1 ms) and the period follows from the limit (2 ms for
// 0.5), so a request of a few milliseconds is slowed as on a slower CPU, not paused whole for
// most of a longer period.
const root = '/sys/fs/cgroup/cpu'
const quotaUs = 1_000
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
const ownerOf = (name: string) => Number(name.slice(prefix.length).split('-')[0])

/** Groups of benchmarks that ended before their processes did, now empty, go. */
function removeStale(): void {
  for (const name of readdirSync(root)) {
    if (!name.startsWith(prefix) || alive(ownerOf(name))) continue
    const procs = readFileSync(join(root, name, 'cgroup.procs'), 'utf8').trim()
    if (procs === '') rmdirSync(join(root, name))
  }
}

const made = new Set<string>()

/** The group `role` of this benchmark, made on first use; null without BENCH_CPU_LIMIT. */
function limitedGroup(role: string, benchmarkToo: boolean): string | null {
  const limit = cpuLimit()
  if (limit === null) return null
  const group = join(root, `${prefix}${process.pid}-${role}`)
  if (made.has(group)) return group
  if (!existsSync(join(root, 'cpu.cfs_quota_us')))
    throw new Error(`BENCH_CPU_LIMIT needs a cgroup v1 cpu controller at ${root}`)
  removeStale()
  mkdirSync(group, { recursive: true })
  // The period first: the kernel refuses a quota that the period in place makes over a second.
  writeFileSync(join(group, 'cpu.cfs_period_us'), String(Math.round(quotaUs / limit)))
  writeFileSync(join(group, 'cpu.cfs_quota_us'), String(quotaUs))
  made.add(group)
  if (made.size === 1) {
    process.once('exit', removeGroups)
    if (benchmarkToo) limitProcess(process.pid, 'benchmark')
  }
  return group
}

function removeGroups(): void {
  writeFileSync(join(root, 'cgroup.procs'), String(process.pid))
  for (const group of made) {
    try {
      rmdirSync(group)
    } catch {
      // A child not yet gone keeps its group; the next limited run removes it.
    }
  }
}

/** Process `pid` and every process it has started so far (a database's own workers). */
function withDescendants(pid: number): number[] {
  const children = new Map<number, number[]>()
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue
    let stat: string
    try {
      stat = readFileSync(`/proc/${name}/stat`, 'utf8')
    } catch {
      continue // ended meanwhile
    }
    // "pid (command) state ppid …": the command may hold spaces and parentheses.
    const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
    children.set(parent, [...(children.get(parent) ?? []), Number(name)])
  }
  const all = [pid]
  for (let index = 0; index < all.length; index++)
    all.push(...(children.get(all[index] as number) ?? []))
  return all
}

/**
 * Under BENCH_CPU_LIMIT, moves process `pid` (a server), with the processes it has started, and
 * so all it starts from then on, into a limited group of its own named `role`. The first call
 * limits the benchmark's own process too, unless `benchmarkToo` is false.
 */
export function limitProcess(
  pid: number | undefined,
  role: string,
  { benchmarkToo = true }: { benchmarkToo?: boolean } = {},
): void {
  const group = limitedGroup(role, benchmarkToo)
  if (group === null || pid === undefined) return
  for (const each of withDescendants(pid)) {
    try {
      writeFileSync(join(group, 'cgroup.procs'), String(each))
    } catch (error) {
      if (existsSync(`/proc/${each}`)) throw error
    }
  }
}

/**
 * The executable to start in place of `path` so that, under BENCH_CPU_LIMIT, it runs outside every
 * limited group: started by the benchmark, it would begin in the benchmark's own (Chromium plays
 * the slower machine with its throttle instead, bench/reference/chromium-host.ts). It joins the
 * root group before its first instruction, so the processes it forks are outside too; `path`
 * itself without BENCH_CPU_LIMIT.
 */
export function unlimitedExecutable(path: string, dir: string): string {
  if (cpuLimit() === null) return path
  const wrapper = join(dir, `${prefix}${process.pid}-unlimited.sh`)
  process.once('exit', () => rmSync(wrapper, { force: true }))
  writeFileSync(
    wrapper,
    `#!/bin/sh\necho $$ > '${join(root, 'cgroup.procs')}'\nexec '${path}' "$@"\n`,
  )
  chmodSync(wrapper, 0o755)
  return wrapper
}
