import type { Playlist } from '../../src/api/generated/types.gen.ts'
import type { Rule, RuleDefinition, RuleSaved } from '../../src/api/rules.ts'
import type { ServiceCall } from './service-client.ts'
import type { Session } from './world.ts'

/** One of the rules switched on: what wakes it, the hashtag it looks for, where it puts videos. */
export interface BurstRule {
  id: string
  trigger: 'video_created' | 'video_updated'
  hashtag: string
  playlistId: string
}

/** The dashboard's rules API, as the signed-in admin. */
export function rulesApi(url: string, session: Session) {
  return async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await fetch(`${url}/api/dashboard/rules${path}`, {
      method,
      headers: {
        ...session,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    if (!response.ok)
      throw new Error(`${method} ${path} was answered ${response.status}: ${await response.text()}`)
    return (await response.json()) as T
  }
}
export type RulesApi = ReturnType<typeof rulesApi>

/**
 * A burst rule's definition: its hashtag, unless the video is marked to be left alone, and a test
 * of its products or caption that the burst's videos always pass (so its SQL and JavaScript do
 * some work), adding the video to the top of its own playlist.
 */
function burstDefinition(
  index: number,
  channelId: string,
  trigger: BurstRule['trigger'],
  hashtag: string,
  playlistId: string,
): RuleDefinition {
  return {
    name: `${trigger === 'video_created' ? 'New' : 'Restocked'} #${hashtag}`,
    description: 'bench:rules',
    channel_id: channelId,
    trigger: { type: trigger },
    conditions: {
      group: 'all',
      children: [
        { field: 'hashtag', op: 'has', value: hashtag },
        { group: 'none', children: [{ field: 'hashtag', op: 'has', value: 'norules' }] },
        {
          group: 'any',
          children: [
            { field: 'product_count', op: 'gte', value: 0 },
            { field: 'caption', op: 'contains', value: 'bench' },
          ],
        },
      ],
    },
    actions: [{ type: 'playlist_add', playlist_id: playlistId, position: 'top' }],
    priority: 100 + index,
  }
}

/**
 * The rules the burst wakes, each with a playlist of its own made at the service, written and
 * switched on through the dashboard's rules API as an admin (the checker runs on each): the
 * first half woken by video_created, the rest by video_updated.
 */
export async function writeBurstRules(
  api: RulesApi,
  service: ServiceCall,
  channelId: string,
  count: number,
): Promise<BurstRule[]> {
  const rules: BurstRule[] = []
  for (let index = 0; index < count; index++) {
    const trigger = index < count / 2 ? 'video_created' : 'video_updated'
    const hashtag = `${trigger === 'video_created' ? 'drop' : 'restock'}${index}`
    const playlist = await service<Playlist>('POST', '/playlists', {
      channel_id: channelId,
      name: `Rule playlist ${index}`,
    })
    const saved = await api<RuleSaved>(
      'POST',
      '/rules',
      burstDefinition(index, channelId, trigger, hashtag, playlist.id),
    )
    const on = await api<RuleSaved>('POST', `/rules/${saved.rule.id}/enabled`, { enabled: true })
    if (!on.rule.enabled) throw new Error(`rule ${saved.rule.id} was not switched on`)
    rules.push({ id: saved.rule.id, trigger, hashtag, playlistId: playlist.id })
  }
  return rules
}

/**
 * A rule run now over the library, saved but left off, for the dry run: every live video not
 * private goes to the top of a playlist and gets a product tagged (two in-place checks each).
 */
export async function writeLibraryRule(
  api: RulesApi,
  service: ServiceCall,
  channelId: string,
  productId: string,
): Promise<Rule> {
  const playlist = await service<Playlist>('POST', '/playlists', {
    channel_id: channelId,
    name: 'Everything live',
  })
  const saved = await api<RuleSaved>('POST', '/rules', {
    name: 'Everything live',
    description: 'bench:rules dry run',
    channel_id: channelId,
    trigger: { type: 'manual' },
    conditions: {
      group: 'all',
      children: [
        { field: 'state', op: 'is', value: 'live' },
        { group: 'none', children: [{ field: 'access', op: 'is', value: 'private' }] },
      ],
    },
    actions: [
      { type: 'playlist_add', playlist_id: playlist.id, position: 'top' },
      { type: 'tag', product_ids: [productId] },
    ],
    priority: 900,
  } satisfies RuleDefinition)
  return saved.rule
}

/** How many rules are on now, as the rules list says. */
export async function rulesOn(api: RulesApi, channelId: string): Promise<number> {
  const { rules } = await api<{ rules: Rule[] }>('GET', `/rules?channel_id=${channelId}`)
  return rules.filter((rule) => rule.enabled && !rule.paused).length
}
