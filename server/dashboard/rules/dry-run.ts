import type { PlannedAction, RuleDryRun } from '../../../src/api/rules.ts'
import { actionInPlace } from './action-effects.ts'
import { actionInWords } from './condition-words.ts'
import { matchingIds } from './matching-videos.ts'
import { actionPlaylists } from './preview.ts'
import { readRuleVideos } from './rule-facts.ts'
import type { RulesDeps, StoredRule } from './rules-deps.ts'

/** Applying more changes than this asks first (`confirm: true`). */
export const asksFirstOver = 100
const listed = 1_000
const batch = 500

export interface ChangeSet {
  answer: RuleDryRun
  /** The videos with at least one change, in the library's order. */
  videoIds: string[]
}

/**
 * A rule over the whole library now, applying nothing: each video it matches, each action that
 * is not already in place there (a video already in the playlist, a product already tagged, a
 * pinned video that a rule never takes out).
 */
export async function dryRun(deps: RulesDeps, rule: StoredRule): Promise<ChangeSet> {
  const now = new Date()
  const { definition } = rule
  const [ids, playlists] = await Promise.all([
    matchingIds(deps, definition.channel_id, definition.conditions, now),
    actionPlaylists(deps, definition.actions),
  ])
  const names = (id: string) => {
    const playlist = playlists.get(id)
    return playlist ? `“${playlist.name}”` : id
  }
  const summaries = definition.actions.map((action) => actionInWords(action, names))
  const counts = summaries.map(() => 0)
  const actions: PlannedAction[] = []
  const videoIds: string[] = []
  let changes = 0
  for (let start = 0; start < ids.length; start += batch) {
    const some = ids.slice(start, start + batch)
    const videos = await readRuleVideos(deps.reads, deps.pendingSuggestions, some)
    for (const id of some) {
      const video = videos.get(id)
      if (!video) continue
      let changed = false
      for (const [index, action] of definition.actions.entries()) {
        if (actionInPlace(action, video, playlists, now)) continue
        changed = true
        changes++
        counts[index] = (counts[index] ?? 0) + 1
        if (actions.length < listed)
          actions.push({
            video_id: id,
            caption: video.caption,
            action,
            summary: summaries[index] as string,
          })
      }
      if (changed) videoIds.push(id)
    }
  }
  return {
    answer: {
      rule_id: rule.id,
      version: rule.version,
      matches: ids.length,
      changes,
      videos: videoIds.length,
      by_action: summaries.map((summary, index) => ({ summary, count: counts[index] ?? 0 })),
      actions,
      truncated: changes > actions.length,
      asks_first: changes > asksFirstOver,
    },
    videoIds,
  }
}
