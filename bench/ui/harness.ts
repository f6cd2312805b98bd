import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type Browser, type BrowserContext, chromium } from 'playwright-core'
import { chromiumFlags } from '../../test/e2e/support/browser.ts'
import { freePort } from '../../test/server/support/free-port.ts'
import { onCpus } from '../reference/cores.ts'
import { limitProcess, unlimitedExecutable } from '../reference/cpu-limit.ts'
import { serverIndex } from '../reference/host-index.ts'
import { freshSessionCookie, signInContext } from './account.ts'
import { exited, repoRoot, stopChild } from './children.ts'
import { startSandboxProcess } from './sandbox-process.ts'

export { repoRoot } from './children.ts'

/** Debian's Chromium where installed, as the e2e harness uses; otherwise Playwright's own. */
export const chromiumPath = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((path) =>
  existsSync(path),
)

/**
 * Headless Chromium as the e2e harness launches it, except that the benchmark's own signal
 * handlers, not Playwright's, decide when to close it (so the server and temp dir go too).
 */
export function launchBrowser(args: readonly string[] = []): Promise<Browser> {
  return chromium.launch({
    // Never under a CPU quota: with BENCH_CPU_LIMIT its pages play the slower machine instead
    // (bench/reference/chromium-host.ts).
    executablePath: unlimitedExecutable(chromiumPath ?? chromium.executablePath(), tmpdir()),
    headless: true,
    args: [...chromiumFlags, ...args],
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
  })
}

export function makeTempDir(): { dir: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'bench-ui-'))
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) }
}

/** Builds the app as it is now into `outDir`, leaving the repository's own `dist/` alone. */
export async function buildApp(outDir: string): Promise<void> {
  const vite = join(repoRoot, 'node_modules', '.bin', 'vite')
  // The browser's bundle, then the server render's beside it (`<outDir>-ssr`), as `npm run build`.
  const builds = [
    ['build', '--outDir', outDir],
    ['build', '--ssr', 'src/entry-server.tsx', '--outDir', `${outDir}-ssr`],
  ]
  for (const args of builds) {
    const child = spawn(vite, [...args, '--emptyOutDir', '--logLevel', 'error'], {
      cwd: repoRoot,
      stdio: ['ignore', 'ignore', 'inherit'],
    })
    const code = await exited(child)
    if (code !== 0) throw new Error(`vite ${args.join(' ')} failed (exit code ${code})`)
  }
}

export interface ServerProcess {
  /** The dashboard, which adds the service token to `/api/v1/*`. */
  url: string
  /** The sandbox (in its own process), whose built-in S3 store answers at `/storage`. */
  serviceUrl: string
  /** The dashboard server's process (the sandbox has its own), for memory and CPU accounting. */
  pid: number
  /** Lighthouse's CPU index measured in the server's process (over IPC). */
  hostIndex(): Promise<number>
  /** A signed-in admin's headers for calls from Node (cookie, origin, X-Dashboard-Request). */
  session: Record<string, string>
  /** Signs a browser context in as the benchmark's admin. */
  signIn(context: BrowserContext): Promise<void>
  stop(): Promise<void>
}

/**
 * Starts the sandbox in a process of its own (`sandbox-process.ts`), then the dashboard server
 * in another (see `server.ts`) pointed at it as at the real service, and waits until both answer
 * `/healthz`. With `videos` the sandbox is seeded with that demo library; without, only the two
 * businesses and their channels exist. The sandbox's webhooks go to the dashboard, signed with
 * SERVICE_WEBHOOK_SECRET (one is made when unset), unless SANDBOX_WEBHOOK_URL sends them elsewhere.
 * Under BENCH_CPU_LIMIT, each runs on that fraction of a CPU (bench/reference/cpu-limit.ts).
 */
export async function startServer(options: {
  distDir: string
  dataDir: string
  videos?: number
  /**
   * Runs the merchandising index, as `npm start` does (default): the benchmark starts once its
   * backfill is done, so what it measures is the server in its steady state.
   */
  index?: boolean
  /** The CPUs the dashboard server runs on (`taskset`), as bench/reference/cores.ts splits them. */
  serverCpus?: string
}): Promise<ServerProcess> {
  const port = await freePort()
  const secret =
    process.env.SERVICE_WEBHOOK_SECRET?.split(',')[0] ?? randomBytes(18).toString('base64url')
  const sandbox = await startSandboxProcess({
    dir: options.dataDir,
    videos: options.videos,
    webhookUrl: process.env.SANDBOX_WEBHOOK_URL ?? `http://127.0.0.1:${port}/webhooks/service`,
    secret: process.env.SANDBOX_WEBHOOK_URL
      ? (process.env.SANDBOX_WEBHOOK_SECRET ?? secret)
      : secret,
  })
  // --expose-gc: a benchmark that measures memory asks the server to collect first (SIGUSR2).
  const serverArgs = ['--expose-gc', '--import', 'tsx', join('bench', 'ui', 'server.ts')]
  const child = spawn(...onCpus(options.serverCpus, serverArgs), {
    cwd: repoRoot,
    env: {
      ...process.env,
      BENCH_UI_DIST: options.distDir,
      BENCH_UI_DATA_DIR: options.dataDir,
      BENCH_SERVICE_URL: sandbox.url,
      SERVICE_WEBHOOK_SECRET: process.env.SERVICE_WEBHOOK_SECRET ?? secret,
      BENCH_INDEX: options.index === false ? '0' : '1',
      PORT: String(port),
      // The AWS SDK's notice about future Node versions is not the benchmark's business.
      NODE_NO_WARNINGS: '1',
    },
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  })
  limitProcess(child.pid, 'server')
  const stop = async () => {
    await stopChild(child, 10_000)
    await sandbox.stop()
  }
  try {
    type Where = { url: string; serviceUrl: string }
    const where = await new Promise<Where>((resolve, reject) => {
      let buffered = ''
      const timer = setTimeout(
        () => reject(new Error('the dashboard server did not start within 5 minutes')),
        300_000,
      )
      child.stdout?.setEncoding('utf8')
      child.stdout?.on('data', (chunk: string) => {
        buffered += chunk
        const line = buffered.split('\n').find((text) => text.startsWith('{'))
        if (!line) return
        clearTimeout(timer)
        resolve(JSON.parse(line) as Where)
      })
      child.once('exit', (code) => {
        clearTimeout(timer)
        reject(new Error(`the dashboard server exited during start-up (exit code ${code})`))
      })
    })
    child.stdout?.resume()
    await waitForHealth(`${where.url}/healthz`)
    if (child.pid === undefined) throw new Error('the dashboard server has no process id')
    const cookie = await freshSessionCookie(where.url)
    if (options.index !== false) await waitForIndex(where.url, cookie)
    return {
      url: where.url,
      serviceUrl: where.serviceUrl,
      pid: child.pid,
      hostIndex: () => serverIndex(child),
      session: { cookie, origin: where.url, 'x-dashboard-request': '1' },
      signIn: (context) => signInContext(context, where.url),
      stop,
    }
  } catch (error) {
    await stop()
    throw error
  }
}

async function waitForIndex(url: string, cookie: string): Promise<void> {
  const deadline = Date.now() + 300_000
  for (;;) {
    const response = await fetch(`${url}/api/dashboard/index/status`, { headers: { cookie } })
    const status = (await response.json()) as { state: string }
    if (status.state === 'ready') return
    if (Date.now() > deadline) throw new Error('the index was not filled within 5 minutes')
    await new Promise((resolve) => setTimeout(resolve, 250))
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
