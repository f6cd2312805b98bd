import type { ProductMatchList } from '../../../src/api/generated/types.gen.ts'

/** A suggestion as the service last listed it, with what the ledger records of it. */
export interface Suggestion {
  match_id: string
  product_id: string
  store_id: string | null
  category: string | null
  score: number
  /** 1 for the video's highest-scored suggestion. */
  rank: number
  status: 'pending' | 'accepted' | 'rejected'
  updated_at: string
}

/** A match list's suggestions, ranked by score (the service's order among equal scores). */
export function suggestionsOf(list: ProductMatchList): Suggestion[] {
  const ranked = list.matches
    .map((match, index) => ({ match, index }))
    .sort((a, b) => b.match.matching_score - a.match.matching_score || a.index - b.index)
  return ranked.map(({ match }, index) => ({
    match_id: match.id,
    product_id: match.product.id,
    store_id: match.product.business_store_id ?? null,
    category: match.product.category ?? null,
    score: Math.round(match.matching_score),
    rank: index + 1,
    status: match.status,
    updated_at: match.updated_at,
  }))
}

/** One task at a time per key, in order: a video's decisions and its list's notes do not interleave. */
export function keyedQueue() {
  const tails = new Map<string, Promise<unknown>>()
  return <T>(key: string, task: () => Promise<T>): Promise<T> => {
    const before = tails.get(key) ?? Promise.resolve()
    const run = before.then(task, task)
    const tail = run.catch(() => {})
    tails.set(key, tail)
    tail.then(() => {
      if (tails.get(key) === tail) tails.delete(key)
    })
    return run
  }
}
