import type { RuleAction, RuleDefinition, RulePreview } from '../../../src/api/rules.ts'
import { checkRule } from './checker.ts'
import { countMatching, firstMatching, type MatchSource, matchingAmong } from './matching-videos.ts'
import { type PlaylistMembers, readPlaylist } from './playlist-members.ts'
import type { RulesDeps } from './rules-deps.ts'

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
 * the matches in it but not pinned (they would leave).
 */
async function playlistMoves(
  source: MatchSource,
  definition: RuleDefinition,
  playlists: Map<string, PlaylistMembers | null>,
  matches: number,
  now: Date,
): Promise<RulePreview['playlists']> {
  const moves: RulePreview['playlists'] = []
  for (const [id, playlist] of playlists) {
    const members = playlist?.video_ids ?? []
    const adds = definition.actions.some((a) => a.type === 'playlist_add' && a.playlist_id === id)
    const removes = definition.actions.some(
      (a) => a.type === 'playlist_remove' && a.playlist_id === id,
    )
    const inside = await matchingAmong(
      source,
      definition.channel_id,
      definition.conditions,
      members,
      now,
    )
    const entering = adds
      ? await firstMatching(
          source,
          definition.channel_id,
          definition.conditions,
          listed,
          now,
          members,
        )
      : []
    const leaving = removes ? inside.filter((video) => !playlist?.pinned.has(video)) : []
    moves.push({
      playlist_id: id,
      name: playlist?.name ?? null,
      enter: adds ? matches - inside.length : 0,
      leave: leaving.length,
      entering: entering.map((video) => video.id),
      leaving: orderedAsIn(members, leaving).slice(0, listed),
    })
  }
  return moves
}

const orderedAsIn = (order: readonly string[], some: readonly string[]) => {
  const wanted = new Set(some)
  return order.filter((id) => wanted.has(id))
}

/**
 * What a definition matches now (one count, one page), who would enter and leave each playlist
 * it names, and what the checker finds (`ruleId`: the saved rule it is an edit of).
 */
export async function previewRule(
  deps: RulesDeps,
  definition: RuleDefinition,
  ruleId: string | null,
): Promise<RulePreview> {
  const now = new Date()
  const { channel_id: channel, conditions } = definition
  const [matches, videos, playlists, findings] = await Promise.all([
    countMatching(deps, channel, conditions, now),
    firstMatching(deps, channel, conditions, listed, now),
    actionPlaylists(deps, definition.actions),
    checkRule(deps, definition, ruleId, now),
  ])
  return {
    matches,
    videos,
    playlists: await playlistMoves(deps, definition, playlists, matches, now),
    findings,
  }
}
