import { createRandom } from '../seed/random.ts'

/** A catalog product as the model sees it: its id and its store's uid (calibration). */
export type TruthCandidate = { productId: number; store: string | null }

export type TruthSuggestion = { productId: number; score: number }

/**
 * How the demo matcher scores a video whose truth is known. A suggestion's latent quality is
 * normal with unit spread, centred on +separation for a product the video shows and -separation
 * for a decoy. Classes 3.2 standard deviations apart still overlap in the 50s and 60s, where a
 * reviewer's judgement is needed, while over a seeded library a score of 62 or more is true for
 * 96% of suggestions and covers 58% of them (65: 97% and 55%), so auto-accept at 95% has a
 * threshold worth finding. Each store shifts every score it gets: the main store runs high and
 * the EU store low (in the 50s, a sixth of the main store's suggestions are true and four fifths
 * of the EU store's), so calibrating per store beats one threshold for all. With 1 or 2 decoys
 * (more when fewer than 3 suggestions would be left) against ~2.5 products shown, about 60% of
 * suggestions are true. Below minScore nothing is suggested, as the lexical matcher does.
 */
export const truthScoreModel = {
  /** Share of shown products the matcher does not suggest at all. */
  missed: 0.08,
  decoys: { min: 1, max: 2 },
  separation: 1.6,
  /** Score points per standard deviation of latent quality. */
  spread: 12,
  center: 56,
  storeShift: { 'aurora-us': 6, 'aurora-eu': -10, 'solo-main': 0 } as Record<string, number>,
  minScore: 30,
  /** A run suggests at least this many products, decoys making up the number. */
  leastSuggested: 3,
} as const

/**
 * The suggestions one matching run gives for a video showing `shown`, decoys drawn from
 * `catalog` (the business's products, in id order). Seeded by the video alone, so every job on
 * the same video and catalog suggests the same products with the same scores.
 */
export function suggestFromTruth(
  videoId: number,
  shown: readonly TruthCandidate[],
  catalog: readonly TruthCandidate[],
): TruthSuggestion[] {
  const model = truthScoreModel
  const random = createRandom(videoSeed(videoId))
  const normal = () => {
    const u = 1 - random.next()
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random.next())
  }
  const score = (candidate: TruthCandidate, isShown: boolean) => {
    const latent = (isShown ? model.separation : -model.separation) + normal()
    const shift = model.storeShift[candidate.store ?? ''] ?? 0
    return Math.max(0, Math.min(100, Math.round(model.center + shift + model.spread * latent)))
  }
  const suggestions: TruthSuggestion[] = []
  const suggest = (productId: number, value: number) => {
    if (value >= model.minScore) suggestions.push({ productId, score: value })
  }
  for (const product of shown) {
    const missed = random.chance(model.missed)
    const value = score(product, true)
    if (!missed) suggest(product.productId, value)
  }
  const isShown = new Set(shown.map((product) => product.productId))
  const pool = catalog.filter((product) => !isShown.has(product.productId))
  let decoys = random.int(model.decoys.min, model.decoys.max)
  while ((decoys > 0 || suggestions.length < model.leastSuggested) && pool.length > 0) {
    const [decoy] = pool.splice(Math.floor(random.next() * pool.length), 1)
    if (decoy) suggest(decoy.productId, score(decoy, false))
    decoys--
  }
  return suggestions.sort((a, b) => b.score - a.score || a.productId - b.productId)
}

// Spreads consecutive video ids over the generator's seeds (a murmur3 finaliser).
function videoSeed(videoId: number): number {
  let h = (videoId ^ 0x5bd1e995) >>> 0
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b)
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35)
  return (h ^ (h >>> 16)) >>> 0
}
