import type { Video } from '@/api/generated/types.gen'

export type Poster = Video['video_posters'][number]

/** Posters as the player serves them: highest weight first; unweighted ones last, as stored. */
export function servedOrder(posters: readonly Poster[]): Poster[] {
  return posters
    .map((poster, index) => ({ poster, index }))
    .sort((a, b) => (b.poster.weight ?? -1) - (a.poster.weight ?? -1) || a.index - b.index)
    .map(({ poster }) => poster)
}

/**
 * The weights an arrangement becomes: distinct, evenly spaced, highest first, within 0 to 1. With
 * n posters the first gets 1, the next (n - 1) / n, and the last 1 / n (rounded to 4 places).
 */
export function weightsFor(order: readonly string[]): Array<{ id: string; weight: number }> {
  const n = order.length
  return order.map((id, index) => ({ id, weight: Math.round(((n - index) / n) * 10_000) / 10_000 }))
}

/** Words for a poster in labels and announcements; ids are never spoken. */
export function posterLabel(poster: Poster): string {
  return poster.external_id
    ? `poster “${poster.external_id}”`
    : `${poster.video_poster_type} ${poster.format} poster, ${poster.width}×${poster.height}`
}
