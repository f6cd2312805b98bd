import type { RuleAction, RuleDefinition, RulePreview } from '../../../src/api/rules.ts'
import { checkRule } from './checker.ts'
import { conditionsHold } from './evaluate.ts'
import { countAndFirst } from './matching-videos.ts'
import { type PlaylistMembers, readPlaylist } from './playlist-members.ts'
import { type RuleVideo, readRuleVideos } from './rule-facts.ts'
import type { RulesDeps } from './rules-deps.ts'
import { playlistLimit } from './steps-playlist.ts'

const listed = 50

/** The playlists the actions add to or remove from, as the service has them now. */
export async function actionPlaylists(
  deps: Pick<RulesDeps, 'service'>,
  actions: readonly RuleAction[],
): Promise<Map<string, PlaylistMembers | null>> {
  const ids = [
    ...new Set(
      actions.flatMap((action) =>
        action.type === 'playlist_add' || action.type === 'playlist_remove'
          ? [action.playlist_id]
          : [],
      ),
    ),
  ]
  const read = await Promise.all(ids.map((id) => readPlaylist(deps.service, id)))
  return new Map(ids.map((id, index) => [id, read[index] ?? null]))
}

/**
 * Per playlist a rule adds to or removes from: the matches not in it yet (they would enter) and
 * the matches in it but not pinned (they would leave). Its members are evaluated one by one as a
 * run would (a playlist holds at most 1,000), and who enters is read off the page of matches.
 */
function playlistMoves(
  definition: RuleDefinition,
  playlists: Map<string, PlaylistMembers | null>,
  members: Map<string, RuleVideo>,
  first: { matches: number; ids: readonly string[] },
  now: Date,
): RulePreview['playlists'] {
  const matching = (id: string) => {
    const video = members.get(id)
    return (
      video?.channel_id === definition.channel_id &&
      conditionsHold(definition.conditions, video, now)
    )
  }
  return [...playlists].map(([id, playlist]) => {
    const ids = playlist?.video_ids ?? []
    const inside = ids.filter(matching)
    const adds = definition.actions.some((a) => a.type === 'playlist_add' && a.playlist_id === id)
    const removes = definition.actions.some(
      (a) => a.type === 'playlist_remove' && a.playlist_id === id,
    )
    const there = new Set(ids)
    const leaving = removes ? inside.filter((video) => !playlist?.pinned.has(video)) : []
    return {
      playlist_id: id,
      name: playlist?.name ?? null,
      enter: adds ? first.matches - inside.length : 0,
      leave: leaving.length,
      entering: adds ? first.ids.filter((video) => !there.has(video)).slice(0, listed) : [],
      leaving: leaving.slice(0, listed),
    }
  })
}

/**
 * What a definition matches now (one query gives the count and the first page), who would enter
 * and leave each playlist it names, and what the checker finds (`ruleId`: the saved rule it is
 * an edit of). The page is long enough to hold the first entering of every playlist, whoever is
 * in it already.
 */
export async function previewRule(
  deps: RulesDeps,
  definition: RuleDefinition,
  ruleId: string | null,
): Promise<RulePreview> {
  const now = new Date()
  const { channel_id: channel, conditions } = definition
  const playlists = actionPlaylists(deps, definition.actions)
  const named = new Set(
    definition.actions.flatMap((a) => ('playlist_id' in a ? [a.playlist_id] : [])),
  )
  const page = countAndFirst(deps, channel, conditions, listed + playlistLimit * named.size, now)
  const members = playlists.then((all) =>
    readRuleVideos(
      deps.reads,
      deps.pendingSuggestions,
      [...all.values()].flatMap((playlist) => playlist?.video_ids ?? []),
    ),
  )
  const ids = page.then((first) => first.videos.map((video) => video.id))
  const [first, findings, lists, facts, firstIds] = await Promise.all([
    page,
    checkRule(deps, definition, ruleId, now, ids),
    playlists,
    members,
    ids,
  ])
  return {
    matches: first.matches,
    videos: first.videos.slice(0, listed),
    playlists: playlistMoves(
      definition,
      lists,
      facts,
      { matches: first.matches, ids: firstIds },
      now,
    ),
    findings,
  }
}
