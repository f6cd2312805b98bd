import { readdirSync, readFileSync } from 'node:fs'

/** CPU time (ms) used so far by the server, by the browser, and by the whole machine, from /proc. */
export interface CpuSample {
  at: number
  serverMs: number
  /** Every process this benchmark started except the server: Chromium's, in practice. */
  browserMs: number
  machineBusyMs: number
  machineTotalMs: number
}

const TICK_MS = 10 // USER_HZ is 100 on Linux

interface ProcStat {
  ppid: number
  ms: number
}

function readStat(pid: number): ProcStat | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    // Fields after the command name (which may contain spaces) start at field 3 (state).
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return { ppid: Number(fields[1]), ms: (Number(fields[11]) + Number(fields[12])) * TICK_MS }
  } catch {
    return undefined // gone meanwhile
  }
}

/** CPU of `root` and its descendants, skipping the subtree of `skip`. */
function treeMs(root: number, skip: number): number {
  const stats = new Map<number, ProcStat>()
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue
    const stat = readStat(Number(name))
    if (stat) stats.set(Number(name), stat)
  }
  const children = new Map<number, number[]>()
  for (const [pid, stat] of stats)
    children.set(stat.ppid, [...(children.get(stat.ppid) ?? []), pid])
  let total = 0
  const stack = [...(children.get(root) ?? [])]
  while (stack.length > 0) {
    const pid = stack.pop() as number
    if (pid === skip) continue
    total += stats.get(pid)?.ms ?? 0
    stack.push(...(children.get(pid) ?? []))
  }
  return total
}

export function sampleCpu(serverPid: number): CpuSample {
  const cpu = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '')
    .split(/\s+/)
    .slice(1)
    .map(Number)
  const total = cpu.reduce((sum, value) => sum + value, 0)
  const idle = (cpu[3] ?? 0) + (cpu[4] ?? 0) // idle, iowait
  return {
    at: performance.now(),
    serverMs: readStat(serverPid)?.ms ?? 0,
    browserMs: treeMs(process.pid, serverPid),
    machineBusyMs: (total - idle) * TICK_MS,
    machineTotalMs: total * TICK_MS,
  }
}

export interface CpuUse {
  /** Cores busy on average (1 = one core all the time). */
  serverCores: number
  browserCores: number
  machineCores: number
  /** Cores the machine has. */
  cores: number
}

export function cpuBetween(from: CpuSample, to: CpuSample): CpuUse {
  const wall = to.at - from.at
  const machineShare =
    to.machineTotalMs > from.machineTotalMs
      ? (to.machineBusyMs - from.machineBusyMs) / (to.machineTotalMs - from.machineTotalMs)
      : 0
  const cores = cpuCount()
  return {
    serverCores: wall > 0 ? (to.serverMs - from.serverMs) / wall : 0,
    browserCores: wall > 0 ? (to.browserMs - from.browserMs) / wall : 0,
    machineCores: machineShare * cores,
    cores,
  }
}

function cpuCount(): number {
  return readFileSync('/proc/stat', 'utf8')
    .split('\n')
    .filter((line) => /^cpu\d+ /.test(line)).length
}
