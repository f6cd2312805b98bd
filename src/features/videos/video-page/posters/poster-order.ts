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

/**
 * Words for a poster in labels and announcements: its place in the served order, the marketer's
 * own id if it has one, where it came from and its size ("Poster 2, from upload, 1080×1920"), so
 * two posters of one format and size are told apart. Service ids are never spoken.
 */
export function posterLabel(poster: Poster, position: number): string {
  const name = poster.external_id ? ` “${poster.external_id}”` : ''
  const source = poster.source ? `from ${poster.source}` : 'source unknown'
  return `Poster ${position}${name}, ${source}, ${poster.width}×${poster.height}`
}
