import { spawn } from 'node:child_process'
import { join } from 'node:path'
import { freePort } from '../../test/server/support/free-port.ts'
import { limitProcess } from '../reference/cpu-limit.ts'
import { answering, repoRoot, stopChild } from './children.ts'

/**
 * The service: the sandbox in its own process (bench/sandbox/server.ts), as a deployment has the
 * service apart from the dashboard, so the dashboard's figures are never the sandbox's work
 * (drawing product pictures, seeding, building its answers). Seeded with the demo library of
 * `videos` (none: only the businesses, channels, stores and clients); its signed webhooks go to
 * `webhookUrl`. Other SANDBOX_* variables pass through from this process.
 */
export async function startSandboxProcess(options: {
  dir: string
  videos: number | undefined
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
        SANDBOX_SEED: options.videos === undefined ? 'none' : 'demo',
        SANDBOX_SEED_VIDEOS: String(options.videos ?? 0),
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
    await answering(`${url}/healthz`, child, 'the sandbox', 600_000)
  } catch (error) {
    await stopChild(child)
    throw error
  }
  return { url, child, stop: () => stopChild(child) }
}
