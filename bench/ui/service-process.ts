import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { createServer } from 'node:net'
import { join } from 'node:path'

/** The sandbox in a process of its own, as the real service runs apart from the dashboard. */
export interface ServiceProcess {
  url: string
  webhookSecret: string
  stop(): Promise<void>
}

/** A loopback port nobody listens on right now, for a server that must be known before it starts. */
export function freeLoopbackPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      probe.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      )
    })
  })
}

/**
 * Starts `server/sandbox/main.ts` (configured by the usual SANDBOX_* variables) on a loopback port,
 * sending its signed webhooks to `webhookUrl`, and resolves once it listens.
 */
export async function startServiceProcess(
  repoRoot: string,
  webhookUrl: string,
): Promise<ServiceProcess> {
  const webhookSecret = randomBytes(24).toString('base64url')
  const child = spawn(process.execPath, ['--import', 'tsx', join('server', 'sandbox', 'main.ts')], {
    cwd: repoRoot,
    env: {
      ...process.env,
      SANDBOX_HOST: '127.0.0.1',
      SANDBOX_PORT: '0',
      SANDBOX_WEBHOOK_URL: webhookUrl,
      SANDBOX_WEBHOOK_SECRET: webhookSecret,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const url = await new Promise<string>((resolve, reject) => {
    let buffered = ''
    child.stdout?.setEncoding('utf8')
    child.stdout?.on('data', (chunk: string) => {
      buffered += chunk
      const found = /listening at (\S+)/.exec(buffered)
      if (found?.[1]) resolve(found[1])
    })
    child.once('exit', (code) =>
      reject(new Error(`the sandbox exited during start-up (exit code ${code})`)),
    )
  })
  child.stdout?.resume()
  return { url, webhookSecret, stop: () => stopChild(child) }
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000)
    child.once('exit', () => {
      clearTimeout(timer)
      resolve()
    })
    child.kill('SIGTERM')
  })
}
