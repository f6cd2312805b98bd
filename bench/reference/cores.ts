import { execFileSync } from 'node:child_process'

/**
 * Which CPUs the dashboard server runs on, and which everything else does, when a benchmark
 * times the server's own handling while a browser runs beside it (bench:live): in use the
 * server is not on the marketer's machine, so here it gets a core of its own
 * ([decision 0041](../../docs/decisions/0041-the-server-timed-on-a-core-of-its-own.md)).
 */
export interface CoreSplit {
  /** The server's core, and the probe's that times it. */
  server: string
  /** The benchmark, Chromium, the sandbox and every other child. */
  others: string
}

/** "0-2,5" → [0, 1, 2, 5]. */
export function cpuList(text: string): number[] {
  return text
    .trim()
    .split(',')
    .filter(Boolean)
    .flatMap((part) => {
      const [from, to] = part.split('-').map(Number)
      if (from === undefined || Number.isNaN(from)) throw new Error(`not a CPU list: ${text}`)
      const last = to ?? from
      return Array.from({ length: last - from + 1 }, (_, offset) => from + offset)
    })
}

/**
 * The first CPU this process may use for the server, the rest for the others; null where it may
 * use one CPU only or `taskset` (util-linux) is missing, and the processes then share them all.
 */
export function splitCores(): CoreSplit | null {
  let allowed: number[]
  try {
    const answer = execFileSync('taskset', ['-c', '-p', String(process.pid)], { encoding: 'utf8' })
    allowed = cpuList(answer.slice(answer.lastIndexOf(':') + 1))
  } catch {
    return null
  }
  const [server, ...others] = allowed
  if (server === undefined || others.length === 0) return null
  return { server: String(server), others: others.join(',') }
}

/** Moves process `pid`, every thread of it, to `cpus`; the threads it starts later follow. */
export function pinProcess(pid: number, cpus: string): void {
  execFileSync('taskset', ['-a', '-c', '-p', cpus, String(pid)], { stdio: 'ignore' })
}

/** `node args`, through `taskset -c cpus` when given: the same process, started on those CPUs. */
export function onCpus(cpus: string | undefined, args: string[]): [string, string[]] {
  return cpus === undefined
    ? [process.execPath, args]
    : ['taskset', ['-c', cpus, process.execPath, ...args]]
}
