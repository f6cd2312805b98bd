import { type ChildProcess, spawn } from 'node:child_process'
import { join } from 'node:path'
import { limitProcess } from '../reference/cpu-limit.ts'
import { serverIndex } from '../reference/host-index.ts'
import { answering, exited, repoRoot, stopChild } from '../ui/children.ts'

export interface Replica {
  name: string
  url: string
  child: ChildProcess
  /** Lighthouse's CPU index measured in the replica's own process. */
  hostIndex(): Promise<number>
  /** Stopped at once, as a crashed machine or an OOM kill stops it: nothing is finished. */
  kill(): Promise<void>
  stop(): Promise<void>
}

/** A dashboard replica (bench/rules/replica.ts) with these settings; resolves once it listens. */
export async function startReplica(name: string, env: Record<string, string>): Promise<Replica> {
  // BENCH_RULES_CPU_PROF=<dir>: each replica writes a CPU profile there as it exits (not the
  // killed one: SIGKILL leaves nothing).
  const profile = process.env.BENCH_RULES_CPU_PROF
  const flags = profile ? ['--cpu-prof', '--cpu-prof-dir', profile] : []
  const child = spawn(
    process.execPath,
    [...flags, '--import', 'tsx', join('bench', 'rules', 'replica.ts')],
    {
      cwd: repoRoot,
      env: { ...process.env, ...env, BENCH_RULES_REPLICA: name, NODE_NO_WARNINGS: '1' },
      stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
    },
  )
  // Each replica on its share of a CPU under BENCH_CPU_LIMIT, as on a slower machine.
  limitProcess(child.pid, `replica-${name}`)
  try {
    const url = await new Promise<string>((resolve, reject) => {
      let buffered = ''
      const timer = setTimeout(
        () => reject(new Error(`replica ${name} did not start within 2 minutes`)),
        120_000,
      )
      child.stdout?.setEncoding('utf8')
      child.stdout?.on('data', (chunk: string) => {
        buffered += chunk
        const line = buffered.split('\n').find((text) => text.startsWith('{'))
        if (!line) return
        clearTimeout(timer)
        resolve((JSON.parse(line) as { url: string }).url)
      })
      child.once('exit', (code) => {
        clearTimeout(timer)
        reject(new Error(`replica ${name} exited during start-up (exit code ${code})`))
      })
    })
    child.stdout?.resume()
    await answering(`${url}/healthz`, child, `replica ${name}`, 60_000)
    return {
      name,
      url,
      child,
      hostIndex: () => serverIndex(child),
      async kill() {
        const done = exited(child)
        child.kill('SIGKILL')
        await done
      },
      stop: () => stopChild(child),
    }
  } catch (error) {
    await stopChild(child)
    throw error
  }
}
