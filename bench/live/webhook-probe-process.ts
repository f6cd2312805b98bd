import { spawn } from 'node:child_process'
import { join } from 'node:path'
import { onCpus } from '../reference/cores.ts'
import { limitProcess } from '../reference/cpu-limit.ts'
import { repoRoot } from '../ui/harness.ts'

export interface WebhookProbe {
  /** Posts a signed `video_updated` for `videoId`; when it was sent (wall clock, ms) and how long its SSE frame took. */
  send(videoId: string): Promise<{ sentAt: number; ms: number }>
  stop(): void
}

type Answer = { ready: true } | { sentAt: number; ms: number } | { error: string }

/** Starts bench/live/webhook-probe.ts and opens its SSE stream as the benchmark's admin. */
export async function startWebhookProbe(target: {
  url: string
  headers: Record<string, string>
  secret: string
  /** The server's CPUs: the probe's stamps then never wait for the browser's core. */
  cpus?: string
}): Promise<WebhookProbe> {
  const child = spawn(
    ...onCpus(target.cpus, ['--import', 'tsx', join('bench', 'live', 'webhook-probe.ts')]),
    {
      cwd: repoRoot,
      env: { ...process.env, NODE_NO_WARNINGS: '1' },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    },
  )
  limitProcess(child.pid, 'webhook-probe')
  const ask = (message: unknown) =>
    new Promise<Answer>((resolve, reject) => {
      const exited = () => reject(new Error('the webhook probe exited'))
      child.once('exit', exited)
      child.once('message', (answer: Answer) => {
        child.off('exit', exited)
        if ('error' in answer) reject(new Error(answer.error))
        else resolve(answer)
      })
      child.send(message as object)
    })
  await ask({ open: target })
  return {
    send: async (videoId) => (await ask({ send: videoId })) as { sentAt: number; ms: number },
    stop: () => child.kill(),
  }
}
