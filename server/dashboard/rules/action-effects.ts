import type { Condition, ConditionNode, RuleAction } from '../../../src/api/rules.ts'
import { stateOf } from './evaluate.ts'
import type { PlaylistMembers } from './playlist-members.ts'
import type { RuleProduct, RuleVideo } from './rule-facts.ts'

// What each action does: to what, with what outcome (the checker's conflicts), whether it is
// already in place on a video (dry runs skip those, as runs do), and what it changes of the
// video (a rule that hears its own video_updated).

/** What an action decides and how: `playlist:P` in or out, `product:X` tagged or not, … */
export interface Outcome {
  target: string
  outcome: string
}

const opposites: ReadonlyArray<readonly [string, string]> = [
  ['in', 'out'],
  ['tagged', 'untagged'],
  ['live', 'draft'],
  ['scheduled', 'draft'],
]

export const opposite = (a: string, b: string) =>
  opposites.some(([x, y]) => (a === x && b === y) || (a === y && b === x))

/** The targets an action decides, with its outcome on each (none for notices and matching). */
export function outcomesOf(action: RuleAction): Outcome[] {
  switch (action.type) {
    case 'playlist_add':
      return [{ target: `playlist:${action.playlist_id}`, outcome: 'in' }]
    case 'playlist_remove':
      return [{ target: `playlist:${action.playlist_id}`, outcome: 'out' }]
    case 'tag':
    case 'untag':
      return action.product_ids.map((id) => ({
        target: `product:${id}`,
        outcome: action.type === 'tag' ? 'tagged' : 'untagged',
      }))
    case 'publish':
      return [{ target: 'publication', outcome: 'live' }]
    case 'schedule':
      return [{ target: 'publication', outcome: 'scheduled' }]
    case 'unpublish':
      return [{ target: 'publication', outcome: 'draft' }]
    case 'archive':
      return [{ target: 'archive', outcome: 'archived' }]
    default:
      return []
  }
}

/** Where an add puts a video: two adds at different places are different outcomes. */
export const placeOf = (action: RuleAction) =>
  action.type === 'playlist_add' ? String(action.position) : ''

/**
 * Whether `action` would change nothing on `video` now: already in (or out of) the playlist,
 * products already tagged (or not), already in that state. A pinned video is never taken out,
 * so its removal is in place too. `playlists` holds the playlists the actions name.
 */
export function actionInPlace(
  action: RuleAction,
  video: RuleVideo,
  playlists: ReadonlyMap<string, PlaylistMembers | null>,
  now: Date = new Date(),
): boolean {
  switch (action.type) {
    case 'playlist_add':
      return playlists.get(action.playlist_id)?.video_ids.includes(video.id) ?? false
    case 'playlist_remove': {
      const playlist = playlists.get(action.playlist_id)
      return !playlist?.video_ids.includes(video.id) || playlist.pinned.has(video.id)
    }
    case 'tag':
      return action.product_ids.every((id) => video.tags.includes(id))
    case 'untag':
      return action.product_ids.every((id) => !video.tags.includes(id))
    case 'tag_suggestions':
      return !video.suggestions.some((score) => score >= action.min_score)
    case 'publish':
      return stateOf(video, now) === 'live'
    case 'schedule':
      return stateOf(video, now) === 'scheduled'
    case 'unpublish':
      return video.published_at === null
    case 'archive':
      return video.archived_at !== null
    case 'start_matching':
    case 'notify':
      return false
  }
}

/**
 * The video as it would be after the actions (as far as the index can tell): what a rule's own
 * video_updated would be evaluated on. `products` holds the index's facts of tagged products.
 */
export function afterActions(
  video: RuleVideo,
  actions: readonly RuleAction[],
  products: ReadonlyMap<string, RuleProduct>,
  now: Date,
): RuleVideo {
  const after: RuleVideo = { ...video, tags: [...video.tags], products: [...video.products] }
  const unknown = (id: string): RuleProduct => ({
    id,
    brand: null,
    category: null,
    store_id: null,
    in_stock: false,
    price_min: null,
  })
  for (const action of actions) {
    if (action.type === 'tag')
      for (const id of action.product_ids.filter((id) => !after.tags.includes(id))) {
        after.tags.push(id)
        after.products.push(products.get(id) ?? unknown(id))
        after.product_count += 1
      }
    if (action.type === 'untag') {
      const gone = new Set(action.product_ids.filter((id) => after.tags.includes(id)))
      after.tags = after.tags.filter((id) => !gone.has(id))
      after.products = after.products.filter((product) => !gone.has(product.id))
      after.product_count -= gone.size
    }
    if (action.type === 'tag_suggestions')
      after.suggestions = after.suggestions.filter((score) => score < action.min_score)
    if (action.type === 'publish' && stateOf(after, now) !== 'live')
      after.published_at = now.toISOString()
    if (action.type === 'schedule')
      after.published_at = new Date(now.getTime() + action.after_hours * 3_600_000).toISOString()
    if (action.type === 'unpublish') after.published_at = null
    if (action.type === 'archive' && after.archived_at === null)
      after.archived_at = now.toISOString()
  }
  return after
}

/** What of a video an action changes, in the conditions' fields (a video_updated follows). */
export function fieldsChangedBy(action: RuleAction): ReadonlySet<Condition['field']> {
  const products = ['product', 'product_facet', 'product_stock', 'product_price', 'product_count']
  switch (action.type) {
    case 'tag':
    case 'untag':
      return new Set(products as Condition['field'][])
    case 'tag_suggestions':
      return new Set([...products, 'pending_suggestions'] as Condition['field'][])
    case 'publish':
    case 'schedule':
    case 'unpublish':
      return new Set(['state', 'published_at'])
    case 'archive':
      return new Set(['state'])
    default:
      return new Set()
  }
}

/** The fields the conditions read. */
export function fieldsRead(node: ConditionNode): Set<Condition['field']> {
  if (!('group' in node)) return new Set([node.field])
  return new Set(node.children.flatMap((child) => [...fieldsRead(child)]))
}

/** The regular expressions among the conditions. */
export function patternsOf(node: ConditionNode): string[] {
  if ('group' in node) return node.children.flatMap(patternsOf)
  return (node.field === 'caption' || node.field === 'description') && node.op === 'matches'
    ? [node.value]
    : []
}
