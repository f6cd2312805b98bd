import type { Random } from '../../server/sandbox/seed/random.ts'
import type { Video } from '../../src/api/generated/types.gen.ts'
import type { BurstRule } from './rule-set.ts'
import type { ServiceCall } from './service-client.ts'

/**
 * One change the burst makes at the service: a video created with some of the created-rules'
 * hashtags (later updated with an updated-rule's, for some), or a library video updated with one
 * or two updated-rules' hashtags (and again a moment later, for some). Hashtags are only ever
 * added, so every state a video passes through matches a subset of the rules its last one does.
 */
export type Change =
  | { kind: 'create'; index: number; hashtags: string[]; later: string | null }
  | { kind: 'update'; video: Pick<Video, 'id' | 'hashtags'>; added: string[]; later: string | null }

/** An action the rules must take once: this rule's playlist gets this video. */
export interface Expected {
  rule: BurstRule
  videoId: string
  /** When the service had made the change that matches the rule (its answer came back). */
  changedAt: number
}

/** `count` approved videos of the channel, its newest first (updates of their own send a webhook). */
export async function libraryVideos(
  service: ServiceCall,
  channelId: string,
  count: number,
): Promise<Pick<Video, 'id' | 'hashtags'>[]> {
  const videos: Pick<Video, 'id' | 'hashtags'>[] = []
  let before = ''
  while (videos.length < count) {
    const page = await service<{ videos: Video[]; pagination: { cursor: string | null } }>(
      'GET',
      `/videos?channel_id=${channelId}&status=approved&page_size=100&fields=hashtags${before}`,
    )
    videos.push(...page.videos.map((video) => ({ id: video.id, hashtags: video.hashtags })))
    if (!page.pagination.cursor) break
    before = `&before=${page.pagination.cursor}`
  }
  if (videos.length < count)
    throw new Error(`the channel has ${videos.length} approved videos, fewer than ${count}`)
  return videos.slice(0, count)
}

/** The burst's changes in the order they are made, mixed. */
export function planBurst(
  random: Random,
  rules: readonly BurstRule[],
  library: readonly Pick<Video, 'id' | 'hashtags'>[],
  created: number,
): Change[] {
  const onCreate = rules.filter((rule) => rule.trigger === 'video_created').map((r) => r.hashtag)
  const onUpdate = rules.filter((rule) => rule.trigger === 'video_updated').map((r) => r.hashtag)
  if (onCreate.length === 0 || onUpdate.length === 0)
    throw new Error('the burst needs rules of both triggers')
  const changes: Change[] = []
  for (let index = 0; index < created; index++)
    changes.push({
      kind: 'create',
      index,
      hashtags: random.sample(onCreate, random.int(1, 2)),
      later: random.chance(0.5) ? random.pick(onUpdate) : null,
    })
  for (const video of library) {
    const [added, later] = [random.sample(onUpdate, random.int(1, 2)), random.pick(onUpdate)]
    changes.push({ kind: 'update', video, added, later: random.chance(0.25) ? later : null })
  }
  // Fisher–Yates, seeded: creations and updates interleaved.
  for (let index = changes.length - 1; index > 0; index--) {
    const other = random.int(0, index)
    ;[changes[index], changes[other]] = [changes[other] as Change, changes[index] as Change]
  }
  return changes
}
