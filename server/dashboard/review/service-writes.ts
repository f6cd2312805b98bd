import type { ProductMatchList, Video } from '../../../src/api/generated/types.gen.ts'
import type { ServiceClient } from '../forwarding/service-client.ts'
import type { DecisionEntry } from './ledger.ts'
import type { Suggestion } from './suggestions.ts'

const videoPath = (videoId: string) => `/api/v1/videos/${encodeURIComponent(videoId)}`

/**
 * The service's accept (4.12): the listed products' matches become accepted, every other match
 * rejected, and the accepted products are added to the video's tags (none removed). Answers the
 * list as it now is, and the products the video was tagged with before, so an undo can leave
 * those.
 */
export async function sendAccept(client: ServiceClient, videoId: string, productIds: string[]) {
  const before = await client.get<Pick<Video, 'id' | 'product_ids'>>(
    `${videoPath(videoId)}?fields=product_ids`,
  )
  const list = await client.post<ProductMatchList>(`${videoPath(videoId)}/product_matches/accept`, {
    product_ids: productIds,
  })
  return { list, taggedBefore: new Set(before?.product_ids ?? []) }
}

/** Notes on each acceptance whether the accept added its product to the video's tags. */
export const withAddedTags = (
  entries: readonly DecisionEntry[],
  taggedBefore: ReadonlySet<string> | undefined,
): DecisionEntry[] =>
  entries.map((entry) =>
    entry.decision === 'accepted' && taggedBefore
      ? { ...entry, addedTag: !taggedBefore.has(entry.suggestion.product_id) }
      : entry,
  )

/** The acceptances an undo or a change may take off the video: those that added the tag. */
export const tagsAdded = <T extends { decision: string; added_tag: number | null }>(
  rows: readonly T[],
) => rows.filter((row) => row.decision === 'accepted' && row.added_tag === 1)

/**
 * Takes products off the video's tags, which an accept never does. The update replaces the
 * whole list (4.4 rules 3 and 5), so the other products and every variant are sent again, in the
 * store of the products taken off (the one the review tagged them in).
 */
export async function untag(
  client: ServiceClient,
  videoId: string,
  products: readonly Pick<Suggestion, 'product_id' | 'store_id'>[],
) {
  if (products.length === 0) return
  const video = await client.get<Pick<Video, 'id' | 'product_ids' | 'variant_ids'>>(
    `${videoPath(videoId)}?fields=product_ids,variant_ids`,
  )
  if (!video) return
  const off = new Set(products.map((product) => product.product_id))
  const remaining = video.product_ids.filter((id) => !off.has(id))
  if (remaining.length === video.product_ids.length) return
  const store = products.find((product) => product.store_id)?.store_id
  await client.patch(videoPath(videoId), {
    ...(store ? { business_store_id: store } : {}),
    product_ids: remaining,
    variant_ids: video.variant_ids,
  })
}

/**
 * The accept's replacement rule applied to a video's suggestions: the products to send (the ones
 * decided accepted, and those already accepted that no decision names), and the rows the
 * pending suggestions nobody decided get (rejected, unseen). A suggestion the ledger already
 * covers keeps its decision.
 */
export function replacement(
  suggestions: readonly Suggestion[],
  decided: ReadonlyMap<string, 'accepted' | 'rejected'>,
  covered: (matchId: string) => boolean,
  source: DecisionEntry['source'],
) {
  const accepted = suggestions.filter((s) =>
    decided.has(s.match_id) ? decided.get(s.match_id) === 'accepted' : s.status === 'accepted',
  )
  const unseen: DecisionEntry[] = suggestions
    .filter((s) => !decided.has(s.match_id) && s.status === 'pending' && !covered(s.match_id))
    .map((suggestion) => ({
      suggestion,
      decision: 'rejected',
      source,
      seen: false,
      msTaken: null,
    }))
  return { productIds: accepted.map((s) => s.product_id), unseen }
}
