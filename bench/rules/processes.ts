import { type ChildProcess, spawn } from 'node:child_process'
import { join } from 'node:path'
import { freePort } from '../../test/server/support/free-port.ts'
import { limitProcess } from '../reference/cpu-limit.ts'
import { serverIndex } from '../reference/host-index.ts'
import { repoRoot } from '../ui/harness.ts'

export function exited(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode)
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)))
}

async function stopChild(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return
  const done = exited(child)
  child.kill('SIGTERM')
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000)
  await done
  clearTimeout(timer)
}

async function answers(url: string, child: ChildProcess, what: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const ok = await fetch(url).then(
      (response) => response.ok,
      () => false,
    )
    if (ok) return
    if (child.exitCode !== null) throw new Error(`${what} exited during start-up`)
    if (Date.now() > deadline) throw new Error(`${what} did not answer ${url} in time`)
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}

/**
 * The service: the sandbox in its own process (bench/sandbox/server.ts), seeded with the demo
 * library of `videos`, its signed webhooks sent to `webhookUrl`. Its creation limit is the
 * service's (20 videos per 5 minutes per channel), which the burst keeps to.
 */
export async function startSandboxProcess(options: {
  dir: string
  videos: number
  webhookUrl: string
  secret: string
}) {
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join('bench', 'sandbox', 'server.ts')],
    {
      cwd: repoRoot,
      env: {
        ...process.env,
        SANDBOX_PORT: String(port),
        SANDBOX_HOST: '127.0.0.1',
        SANDBOX_DB: join(options.dir, 'sandbox.db'),
        SANDBOX_DATA_DIR: options.dir,
        SANDBOX_SEED: 'demo',
        SANDBOX_SEED_VIDEOS: String(options.videos),
        SANDBOX_PUBLIC_URL: url,
        SANDBOX_WEBHOOK_URL: options.webhookUrl,
        SANDBOX_WEBHOOK_SECRET: options.secret,
        NODE_NO_WARNINGS: '1',
      },
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    },
  )
  limitProcess(child.pid, 'sandbox')
  try {
    await answers(`${url}/healthz`, child, 'the sandbox', 600_000)
  } catch (error) {
    await stopChild(child)
    throw error
  }
  return { url, child, stop: () => stopChild(child) }
}

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
    await answers(`${url}/healthz`, child, `replica ${name}`, 60_000)
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
