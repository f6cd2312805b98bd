/**
 * What `npm start`'s process prints: anywhere but a terminal (a container, a service manager, a
 * pipe to a log shipper) one JSON log line a line, its address a field and the demo admin's
 * password in no line; on a terminal, text a person reads.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { createTempDist } from '../dashboard/temp-dist.ts'
import { signIn } from '../support/accounts.ts'
import { waitUntil } from '../wait-until.ts'
import { type LogEntry, parseLogLines } from './log-lines.ts'

const cleanups: (() => unknown)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

/** The process with its embedded sandbox on an empty account database, and all it printed. */
async function startProcess(onTerminal: boolean) {
  const dir = mkdtempSync(join(tmpdir(), 'process-output-'))
  const dist = await createTempDist()
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }), dist.remove)
  const env = {
    ...process.env,
    PORT: '0',
    DASHBOARD_DB: join(dir, 'dashboard.db'),
    SANDBOX_PORT: '0',
    SANDBOX_DB: ':memory:',
    SANDBOX_DATA_DIR: dir,
    SANDBOX_SEED_VIDEOS: '3',
    SANDBOX_SEED_PRODUCTS: '3',
    TEST_DIST_DIR: dist.dir,
  }
  const node = [process.execPath, '--import', 'tsx', 'test/server/ops/dashboard-process.ts']
  // `script` gives the process a terminal of its own (util-linux).
  const child = onTerminal
    ? spawn('script', ['-qec', node.join(' '), '/dev/null'], {
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
      })
    : spawn(node[0] as string, node.slice(1), { env, stdio: ['ignore', 'pipe', 'pipe'] })
  cleanups.push(() => stop(child))
  const output = { stdout: '', stderr: '' }
  child.stdout?.on('data', (chunk: Buffer) => (output.stdout += chunk))
  child.stderr?.on('data', (chunk: Buffer) => (output.stderr += chunk))
  return { child, dir, output }
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill('SIGTERM')
  await exited
}

const lines = (text: string) => text.split(/\r?\n/).filter((line) => line !== '')

describe('not on a terminal', () => {
  it('prints only JSON log lines: its address as a field, the demo password in a file of its own', async () => {
    const { child, dir, output } = await startProcess(false)
    const entries = () => parseLogLines(lines(output.stdout))
    const banner = (): LogEntry | undefined =>
      entries().find((entry) => entry.msg === 'the dashboard is serving')
    await waitUntil(() => banner() !== undefined, 'the line with its address', {
      timeoutMs: 30_000,
    })
    expect(banner()).toMatchObject({
      level: 30,
      url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/),
    })

    const told = entries().find((entry) => entry.passwordFile)
    expect(told).toMatchObject({
      email: 'admin@example.com',
      passwordFile: join(dir, 'demo-admin-password'),
    })
    const file = String(told?.passwordFile)
    expect(statSync(file).mode & 0o777).toBe(0o600)
    const password = readFileSync(file, 'utf8').trim()
    await signIn(String(banner()?.url), { email: 'admin@example.com', password, role: 'admin' })

    await stop(child)
    expect(child.exitCode).toBe(0)
    expect(entries().map((entry) => entry.msg)).toContain(
      'shutting down: no new connections; requests in flight may finish',
    )
    expect(lines(output.stderr)).toEqual([])
    expect(`${output.stdout}${output.stderr}`).not.toContain(password)
  })
})

describe('on a terminal', () => {
  it('prints its address and the demo password as text, and its log lines readable', async () => {
    const { output } = await startProcess(true)
    // The service's line is written after the dashboard's, and a terminal may pass it on apart.
    await waitUntil(() => /^\w+ service: http:\S+\r?$/m.test(output.stdout), 'its addresses', {
      timeoutMs: 30_000,
    })
    const printed = lines(output.stdout)
    expect(printed).toContainEqual(expect.stringMatching(/^Dashboard: http:\S+$/))
    expect(printed).toContainEqual(
      expect.stringMatching(/^Sandbox service: http:\/\/127\.0\.0\.1:\d+$/),
    )
    expect(printed).toContainEqual(expect.stringMatching(/^ {2}password: [\w-]{20}$/))
    expect(printed).toContainEqual(
      expect.stringMatching(/^\d\d:\d\d:\d\d INFO +the dashboard is listening .*url=http:/),
    )
    expect(printed.filter((line) => line.startsWith('{'))).toEqual([])
  })
})
