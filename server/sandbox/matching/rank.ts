import { segmentCompound } from './segment.ts'
import { isStopword, type SurfaceWord, splitTag, surfaceWords, toTerm } from './tokenize.ts'

export type MatchableVideo = {
  caption: string | null
  description: string | null
  hashtags: string[]
}

export type MatchableProduct = {
  id: string
  name: string | null
  brand: string | null
  description: string | null
  category: string | null
  subtitle?: string | null
}

export type ProductMatch = { productId: string; score: number }

export type RankOptions = { limit?: number; minScore?: number }

export const DEFAULT_MATCH_LIMIT = 10
export const DEFAULT_MIN_MATCH_SCORE = 30

type ProductField = 'name' | 'brand' | 'subtitle' | 'category' | 'description'

const PRODUCT_FIELD_WEIGHTS: Record<ProductField, number> = {
  name: 3,
  brand: 2.5,
  subtitle: 2,
  category: 1.5,
  description: 1,
}
const PRODUCT_FIELDS = Object.keys(PRODUCT_FIELD_WEIGHTS) as ProductField[]

/** How strongly a term counts depending on where the video mentions it. */
const VIDEO_PRESENCE = { caption: 1, hashtags: 1, description: 0.6 }

/** Evidence outside name and brand can close at most this share of the remaining gap. */
const SUPPORT_SHARE = 0.3
/** Normalised support evidence at which the support signal reaches ~63%. */
const SUPPORT_SATURATION = 2

type IndexedProduct = {
  id: string
  /** Term -> highest weight among the fields that contain it. */
  fieldWeights: Map<string, number>
  /** Terms that identify the product (name and brand) with their field weight. */
  identity: Map<string, number>
}

/**
 * Lexical product matcher. A product's score is the IDF-weighted share of its identifying
 * terms (name, brand) that the video mentions, lifted a little by supporting terms from its
 * subtitle, category and description. IDF is computed over the given product set, so words
 * every product shares count for little. Deterministic: ties break by product id.
 */
export function rankProductMatches(
  video: MatchableVideo,
  products: MatchableProduct[],
  options: RankOptions = {},
): ProductMatch[] {
  const limit = Math.max(0, Math.floor(options.limit ?? DEFAULT_MATCH_LIMIT))
  const minScore = options.minScore ?? DEFAULT_MIN_MATCH_SCORE
  const indexed = indexProducts(products)
  if (limit === 0 || indexed.length === 0) return []

  const documentFrequency = new Map<string, number>()
  for (const product of indexed) {
    for (const term of product.fieldWeights.keys()) {
      documentFrequency.set(term, (documentFrequency.get(term) ?? 0) + 1)
    }
  }
  const presence = videoTermPresence(video, documentFrequency)
  const idf = normalisedIdf(indexed.length, documentFrequency)

  const scored: Array<{ productId: string; exact: number }> = []
  for (const product of indexed) {
    const exact = scoreProduct(product, presence, idf)
    if (exact > 0) scored.push({ productId: product.id, exact })
  }
  scored.sort((a, b) => b.exact - a.exact || compareIds(a.productId, b.productId))
  return scored
    .map(({ productId, exact }) => ({ productId, score: Math.round(exact * 100) }))
    .filter((match) => match.score >= minScore)
    .slice(0, limit)
}

function scoreProduct(
  product: IndexedProduct,
  presence: Map<string, number>,
  idf: (term: string) => number,
): number {
  let identityTotal = 0
  let identityMatched = 0
  for (const [term, weight] of product.identity) {
    const termWeight = idf(term) * weight
    identityTotal += termWeight
    identityMatched += termWeight * (presence.get(term) ?? 0)
  }
  let supportEvidence = 0
  for (const [term, weight] of product.fieldWeights) {
    if (product.identity.has(term)) continue
    const mentioned = presence.get(term) ?? 0
    if (mentioned > 0)
      supportEvidence += mentioned * idf(term) * (weight / PRODUCT_FIELD_WEIGHTS.name)
  }
  const identity = identityTotal > 0 ? identityMatched / identityTotal : 0
  const support = 1 - Math.exp(-supportEvidence / SUPPORT_SATURATION)
  return identity + (1 - identity) * SUPPORT_SHARE * support
}

function indexProducts(products: MatchableProduct[]): IndexedProduct[] {
  const seen = new Set<string>()
  const indexed: IndexedProduct[] = []
  for (const product of products) {
    if (seen.has(product.id)) continue
    seen.add(product.id)
    const termsByField = new Map<ProductField, Set<string>>()
    for (const field of PRODUCT_FIELDS) {
      termsByField.set(field, termsOf(surfaceWords(product[field])))
    }
    const fieldWeights = new Map<string, number>()
    for (const field of PRODUCT_FIELDS) {
      for (const term of termsByField.get(field) ?? []) {
        fieldWeights.set(term, Math.max(fieldWeights.get(term) ?? 0, PRODUCT_FIELD_WEIGHTS[field]))
      }
    }
    indexed.push({ id: product.id, fieldWeights, identity: identityTerms(termsByField) })
  }
  return indexed
}

/** Name and brand; a product with neither is identified by its subtitle and category. */
function identityTerms(termsByField: Map<ProductField, Set<string>>): Map<string, number> {
  for (const fields of [
    ['name', 'brand'],
    ['subtitle', 'category'],
  ] as const) {
    const identity = new Map<string, number>()
    for (const field of fields) {
      for (const term of termsByField.get(field) ?? []) {
        identity.set(term, Math.max(identity.get(term) ?? 0, PRODUCT_FIELD_WEIGHTS[field]))
      }
    }
    if (identity.size > 0) return identity
  }
  return new Map()
}

function termsOf(words: SurfaceWord[]): Set<string> {
  const terms = new Set<string>()
  for (const { word } of words) {
    const term = toTerm(word)
    if (term) terms.add(term)
  }
  return terms
}

/** Term -> strongest presence weight among the video fields that mention it. */
function videoTermPresence(
  video: MatchableVideo,
  catalogTerms: ReadonlyMap<string, number>,
): Map<string, number> {
  const presence = new Map<string, number>()
  const mention = (words: SurfaceWord[], weight: number) => {
    for (const term of videoTerms(words, catalogTerms)) {
      presence.set(term, Math.max(presence.get(term) ?? 0, weight))
    }
  }
  mention(surfaceWords(video.caption), VIDEO_PRESENCE.caption)
  mention(
    video.hashtags.flatMap((tag) => splitTag(tag).map((word) => ({ word, fromTag: true }))),
    VIDEO_PRESENCE.hashtags,
  )
  mention(surfaceWords(video.description), VIDEO_PRESENCE.description)
  return presence
}

function videoTerms(words: SurfaceWord[], catalogTerms: ReadonlyMap<string, number>): string[] {
  const isKnown = (piece: string) => catalogTerms.has(toTerm(piece) ?? '')
  const terms: string[] = []
  for (const { word, fromTag } of words) {
    const term = toTerm(word)
    if (fromTag && !(term && catalogTerms.has(term))) {
      const pieces = segmentCompound(word, isKnown, isStopword)
      if (pieces) {
        for (const piece of pieces) terms.push(toTerm(piece) ?? piece)
        continue
      }
    }
    if (term) terms.push(term)
  }
  return terms
}

/** BM25 IDF scaled so a term unique to one product weighs 1. */
function normalisedIdf(
  productCount: number,
  documentFrequency: ReadonlyMap<string, number>,
): (term: string) => number {
  const bm25Idf = (df: number) => Math.log(1 + (productCount - df + 0.5) / (df + 0.5))
  const rarest = bm25Idf(1)
  return (term) => bm25Idf(documentFrequency.get(term) ?? 1) / rarest
}

function compareIds(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}
