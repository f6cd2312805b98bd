import { type ChildProcess, spawn } from 'node:child_process'
import { join } from 'node:path'
import { repoRoot } from '../ui/harness.ts'

export interface UploadServer {
  /** The dashboard, which adds the service token to `/api/v1/*`. */
  url: string
  /** The embedded sandbox, whose built-in S3 store answers at `/storage`. */
  serviceUrl: string
  /** The server process (dashboard and sandbox share it), for CPU accounting. */
  pid: number
  stop(): Promise<void>
}

/**
 * The dashboard with its embedded sandbox (only the two businesses and their channels: the
 * benchmark needs no library) in a child process, as `npm run bench:ui` runs it: the same
 * `bench/ui/server.ts`, on free loopback ports, waited for until `/healthz` answers.
 */
export async function startUploadServer(options: {
  distDir: string
  dataDir: string
}): Promise<UploadServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', join('bench', 'ui', 'server.ts')], {
    cwd: repoRoot,
    env: {
      ...process.env,
      BENCH_UI_DIST: options.distDir,
      SANDBOX_DB: join(options.dataDir, 'sandbox.db'),
      SANDBOX_DATA_DIR: options.dataDir,
      SANDBOX_SEED: 'none',
      PORT: '0',
      SANDBOX_PORT: '0',
      NODE_NO_WARNINGS: '1',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return
    const done = exited(child)
    child.kill('SIGTERM')
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000)
    await done
    clearTimeout(timer)
  }
  try {
    const where = await new Promise<{ url: string; serviceUrl: string }>((resolve, reject) => {
      let buffered = ''
      const timer = setTimeout(
        () => reject(new Error('the dashboard server did not start within 2 minutes')),
        120_000,
      )
      child.stdout?.setEncoding('utf8')
      child.stdout?.on('data', (chunk: string) => {
        buffered += chunk
        const line = buffered.split('\n').find((text) => text.startsWith('{'))
        if (!line) return
        clearTimeout(timer)
        resolve(JSON.parse(line) as { url: string; serviceUrl: string })
      })
      child.once('exit', (code) => {
        clearTimeout(timer)
        reject(new Error(`the dashboard server exited during start-up (exit code ${code})`))
      })
    })
    child.stdout?.resume()
    await waitForHealth(`${where.url}/healthz`)
    if (child.pid === undefined) throw new Error('the dashboard server has no process id')
    return { ...where, pid: child.pid, stop }
  } catch (error) {
    await stop()
    throw error
  }
}

async function waitForHealth(url: string): Promise<void> {
  for (let attempt = 0; attempt < 300; attempt++) {
    const ok = await fetch(url).then(
      (response) => response.ok,
      () => false,
    )
    if (ok) return
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`${url} did not answer 200 within 30 s`)
}

function exited(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode)
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => resolve(code))
    child.once('error', reject)
  })
}
