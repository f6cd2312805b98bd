import type { ProductMatchList, VideoUpdate } from '../../../src/api/generated/types.gen.ts'
import type { RuleAction } from '../../../src/api/rules.ts'
import type { VideoWith } from '../../../src/api/video-fields.ts'
import type { StepContext, StepResult } from './steps.ts'
import { StepRefused } from './steps-calls.ts'

type Tags = VideoWith<'product_ids' | 'variant_ids'>
type Suggestions = Extract<RuleAction, { type: 'tag_suggestions' }>

const videoPath = (id: string) => `/api/v1/videos/${encodeURIComponent(id)}`
const listed = (ids: readonly string[]) => ids.join(', ')

async function readTags(context: StepContext): Promise<Tags> {
  const video = await context.calls.get<Tags>(
    `${videoPath(context.videoId)}?fields=product_ids,variant_ids`,
  )
  if (!video) throw new StepRefused('The video is no longer at the service')
  return video
}

// The update replaces the video's products and variants with the lists sent (document 1, 4.4
// rules 3 to 5), resolved in one store: so both lists go, the other tags kept, and the store
// the products are in. Products of two stores on one video cannot be written in one update.
async function writeTags(
  context: StepContext,
  products: string[],
  variants: string[],
): Promise<string[]> {
  const stores = await context.storesOf(products)
  const distinct = [...new Set(stores.values())]
  if (distinct.length > 1)
    throw new StepRefused(
      `The service reads a video's products in one store, and these are in ${distinct.length}: ${listed(products)}`,
    )
  const body: VideoUpdate = {
    product_ids: products,
    variant_ids: variants,
    ...(distinct[0] ? { business_store_id: distinct[0] } : {}),
  }
  const answer = await context.calls.send<Tags>('PATCH', videoPath(context.videoId), body)
  return answer?.product_ids ?? []
}

/** Tags products: those already tagged are left, the others added after them. */
export async function tag(context: StepContext, productIds: readonly string[]) {
  const video = await readTags(context)
  const missing = productIds.filter((id) => !video.product_ids.includes(id))
  const path = videoPath(context.videoId)
  if (missing.length === 0 && context.unanswered.some((call) => call.path === path))
    return {
      state: 'applied',
      note: `Tags ${listed(productIds)}: tagged by an earlier attempt whose answer never came`,
      set: productIds.map((id) => `product:${id}`),
    } satisfies StepResult
  if (missing.length === 0)
    return { state: 'skipped', note: `Already tags ${listed(productIds)}` } satisfies StepResult
  return added(context, video, missing)
}

async function added(context: StepContext, video: Tags, missing: string[]): Promise<StepResult> {
  const now = await writeTags(context, [...video.product_ids, ...missing], video.variant_ids)
  const tagged = missing.filter((id) => now.includes(id))
  const untaggable = missing.filter((id) => !now.includes(id))
  const set = tagged.map((id) => `product:${id}`)
  if (untaggable.length > 0)
    return {
      state: 'failed',
      note: `The service did not tag ${listed(untaggable)} (not found in the video's store)${tagged.length ? `; tagged ${listed(tagged)}` : ''}`,
      set,
    }
  return { state: 'applied', note: `Tagged ${listed(tagged)}`, set }
}

/** Untags products, with the variants of theirs the video has; the other tags stay. */
export async function untag(context: StepContext, productIds: readonly string[]) {
  const video = await readTags(context)
  const present = productIds.filter((id) => video.product_ids.includes(id))
  const clear = productIds.map((id) => `product:${id}`)
  if (present.length === 0)
    return {
      state: 'skipped',
      note: `Tags none of ${listed(productIds)}`,
      clear,
    } satisfies StepResult
  const units = await context.unitsOf(present)
  await writeTags(
    context,
    video.product_ids.filter((id) => !present.includes(id)),
    video.variant_ids.filter((id) => !units.has(id)),
  )
  return { state: 'applied', note: `Untagged ${listed(present)}`, clear } satisfies StepResult
}

/**
 * Tags the products the AI suggested at or above the score. Accepting them (4.12) replaces the
 * video's decisions: every match not listed becomes rejected. So the accept call is used only
 * when it decides nothing else (no suggestion waits below the score, and every product accepted
 * before is still tagged, since accepting it again would tag it back); otherwise the products are
 * tagged by the video's update and the suggestions stay for a person to review.
 */
export async function tagSuggestions(
  context: StepContext,
  action: Suggestions,
): Promise<StepResult> {
  const { calls, videoId } = context
  const list = await calls.get<ProductMatchList>(`${videoPath(videoId)}/product_matches`)
  if (!list) throw new StepRefused('The video is no longer at the service')
  const pending = list.matches.filter((match) => match.status === 'pending')
  const picked = pending.filter((match) => match.matching_score >= action.min_score)
  const video = await readTags(context)
  const missing = picked
    .map((match) => match.product.id)
    .filter((id) => !video.product_ids.includes(id))
  if (picked.length === 0)
    return { state: 'skipped', note: `No suggestion waits at or above ${action.min_score}` }
  const below = pending.length - picked.length
  const accepted = list.matches.filter((match) => match.status === 'accepted')
  const acceptDecidesNothingElse =
    below === 0 && accepted.every((match) => video.product_ids.includes(match.product.id))
  if (!acceptDecidesNothingElse) {
    if (missing.length === 0)
      return {
        state: 'skipped',
        note: `Already tags the suggestions at or above ${action.min_score}`,
      }
    const result = await added(context, video, missing)
    return {
      ...result,
      note: `${result.note}; ${below} suggestion${below === 1 ? '' : 's'} below ${action.min_score} left for review (accepting would have rejected them)`,
    }
  }
  await calls.send(`POST`, `${videoPath(videoId)}/product_matches/accept`, {
    product_ids: [...accepted, ...picked].map((match) => match.product.id),
  })
  const after = await readTags(context)
  const untagged = missing.filter((id) => !after.product_ids.includes(id))
  const result =
    untagged.length > 0
      ? await added(context, after, untagged)
      : ({ state: 'applied', note: '' } satisfies StepResult)
  const set = [
    ...missing.filter((id) => !untagged.includes(id)).map((id) => `product:${id}`),
    ...(result.set ?? []),
  ]
  const names = picked.map((match) => match.product.name ?? match.product.id)
  return {
    ...result,
    note: `Accepted and tagged ${listed(names)}${result.note ? `; ${result.note}` : ''}`,
    set,
  }
}
