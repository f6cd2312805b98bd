import type { Video } from '../../src/api/generated/types.gen.ts'
import { makeMp4 } from '../../test/support/media/make-mp4.ts'
import type { Change, Expected } from './burst-plan.ts'
import type { Replica } from './processes.ts'
import type { BurstRule } from './rule-set.ts'
import type { ServiceCall } from './service-client.ts'
import type { WebhookTee } from './webhook-tee.ts'

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
/** Changes being made at once: the people and tools at work on the library. */
const atOnce = 8

export interface BurstOptions {
  service: ServiceCall
  tee: WebhookTee
  rules: readonly BurstRule[]
  channelId: string
  storeId: string
  productId: string
  changes: readonly Change[]
  seconds: number
  /** Stopped (SIGKILL) once half the changes have been started. */
  killed: Replica
}

export interface BurstResult {
  expected: Expected[]
  startedAt: number
  /** When the last change (follow-ups too) was answered by the service. */
  endedAt: number
  killedAt: number
  made: { created: number; updated: number }
}

/**
 * Makes the burst's changes at the service, spread evenly over `seconds` (at most `atOnce` at a
 * time), killing one replica half-way; each change's follow-up update is made once the first
 * change's webhook has been sent (a new video's `video_created`), or 1.5 to 3 s later. Answers
 * the actions the rules must take, from the hashtags each change added.
 */
export async function runBurst(options: BurstOptions): Promise<BurstResult> {
  const { service, tee, changes } = options
  const ruleOf = new Map(options.rules.map((rule) => [rule.hashtag, rule]))
  const expected: Expected[] = []
  const made = { created: 0, updated: 0 }
  const expect = (videoId: string, hashtags: readonly string[]) => {
    const changedAt = Date.now()
    for (const hashtag of hashtags) {
      const rule = ruleOf.get(hashtag)
      if (rule && !expected.some((each) => each.rule === rule && each.videoId === videoId))
        expected.push({ rule, videoId, changedAt })
    }
  }
  const file = makeMp4({ durationSeconds: 5, totalBytes: 48 * 1024 }).toString('base64')

  async function update(videoId: string, hashtags: string[], added: string[]) {
    await service('PATCH', `/videos/${videoId}`, { hashtags })
    made.updated++
    expect(videoId, added)
  }

  async function createdEventSent(videoId: string) {
    const deadline = Date.now() + 120_000
    while (
      !tee.events.some((event) => event.type === 'video_created' && event.videoId === videoId)
    ) {
      if (Date.now() > deadline) throw new Error(`no video_created came for ${videoId}`)
      await sleep(100)
    }
  }

  async function make(change: Change): Promise<() => Promise<void>> {
    if (change.kind === 'create') {
      const video = await service<Video>('POST', '/videos', {
        channel_id: options.channelId,
        caption: `Bench drop ${change.index}`,
        hashtags: change.hashtags,
        access: 'public',
        business_store_id: options.storeId,
        product_ids: [options.productId],
        file_base64: file,
      })
      made.created++
      expect(video.id, change.hashtags)
      const later = change.later
      if (!later) return async () => {}
      return async () => {
        await createdEventSent(video.id)
        await update(video.id, [...change.hashtags, later], [later])
      }
    }
    const hashtags = [...change.video.hashtags, ...change.added]
    await update(change.video.id, hashtags, change.added)
    const later = change.later
    if (!later) return async () => {}
    return async () => {
      await sleep(1_500 + Math.random() * 1_500)
      await update(change.video.id, [...hashtags, later], [later])
    }
  }

  const startedAt = Date.now()
  const gap = (options.seconds * 1000) / Math.max(1, changes.length)
  const running = new Set<Promise<void>>()
  const followUps: Promise<void>[] = []
  const failures: unknown[] = []
  let killedAt = Number.NaN
  let killing: Promise<void> | null = null
  for (const [index, change] of changes.entries()) {
    const due = startedAt + index * gap
    if (Date.now() < due) await sleep(due - Date.now())
    while (running.size >= atOnce) await Promise.race(running)
    if (index === Math.floor(changes.length / 2)) {
      killedAt = Date.now()
      // As a crashed machine: whatever it was doing stays undone; the balancer then notices.
      killing = options.killed.kill().then(() => tee.markDown(options.killed.url))
    }
    const work: Promise<void> = make(change)
      .then((followUp) => {
        followUps.push(followUp().catch((error: unknown) => void failures.push(error)))
      })
      .catch((error: unknown) => void failures.push(error))
      .finally(() => running.delete(work))
    running.add(work)
  }
  await Promise.all(running)
  await Promise.all(followUps)
  await killing
  if (failures.length > 0)
    throw new Error(`${failures.length} of the burst's changes failed: ${String(failures[0])}`)
  return { expected, startedAt, endedAt: Date.now(), killedAt, made }
}
