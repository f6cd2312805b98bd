import type { EvaluateOnVideo, MatchingVideos, ReadVideo } from './engine-context.ts'
import { evaluateConditions } from './evaluate.ts'
import { matchingIds } from './matching-videos.ts'
import { readRuleVideos } from './rule-facts.ts'
import type { RulesDeps } from './rules-deps.ts'

/**
 * A rule's conditions as the engine asks them of the index: on one video in JavaScript (each
 * condition's value kept for the trace), over a channel's library in SQL (a schedule's run). A
 * video of another channel matches no rule of this one.
 */
export function conditionsOverIndex(deps: RulesDeps): {
  evaluate: EvaluateOnVideo
  readVideo: ReadVideo
  matching: MatchingVideos
} {
  const readVideo: ReadVideo = async (videoId) =>
    (await readRuleVideos(deps.db, deps.pendingSuggestions, [videoId])).get(videoId)
  return {
    async evaluate(definition, videoId, read = readVideo) {
      const video = await read(videoId)
      if (video === undefined || video.channel_id !== definition.channel_id) return null
      return evaluateConditions(definition.conditions, video)
    },
    readVideo,
    matching: (definition) => matchingIds(deps, definition.channel_id, definition.conditions),
  }
}
