import type { ProductMatchList } from '../../../src/api/generated/types.gen.ts'
import type { RuleAction } from '../../../src/api/rules.ts'
import type { VideoWith } from '../../../src/api/video-fields.ts'
import type { StepContext, StepResult } from './steps.ts'
import { StepRefused } from './steps-calls.ts'

type State = VideoWith<'published_at' | 'archived_at'>
type StateAction = Extract<RuleAction, { type: 'publish' | 'schedule' | 'unpublish' | 'archive' }>

const videoPath = (id: string) => `/api/v1/videos/${encodeURIComponent(id)}`

async function readState(context: StepContext): Promise<State> {
  const video = await context.calls.get<State>(
    `${videoPath(context.videoId)}?fields=published_at,archived_at`,
  )
  if (!video) throw new StepRefused('The video is no longer at the service')
  return video
}

/** Publishes, schedules, unpublishes or archives, unless the video already is so. */
export async function changeState(context: StepContext, action: StateAction): Promise<StepResult> {
  const video = await readState(context)
  const now = context.now()
  const published = video.published_at === null ? null : Date.parse(video.published_at)
  const send = (verb: string, body?: unknown) =>
    context.calls.send('POST', `${videoPath(context.videoId)}/${verb}`, body)
  switch (action.type) {
    case 'publish':
      if (published !== null && published <= now)
        return { state: 'skipped', note: `Already live since ${video.published_at}` }
      await send('publish')
      return { state: 'applied', note: 'Published' }
    case 'schedule': {
      if (published !== null)
        return {
          state: 'skipped',
          note: `Already ${published <= now ? 'live since' : 'scheduled for'} ${video.published_at}`,
        }
      // From when the run began, so a retry or a resumed run aims at the same time.
      const at = context.run.startedMs + action.after_hours * 3_600_000
      if (at <= now)
        throw new StepRefused(`Its time to be published (${new Date(at).toISOString()}) has passed`)
      await send('publish', { published_at: new Date(at).toISOString() })
      return { state: 'applied', note: `Scheduled for ${new Date(at).toISOString()}` }
    }
    case 'unpublish':
      if (published === null) return { state: 'skipped', note: 'Already a draft' }
      await send('unpublish')
      return { state: 'applied', note: 'Unpublished' }
    case 'archive':
      if (video.archived_at !== null)
        return { state: 'skipped', note: `Already archived on ${video.archived_at}` }
      await send('archive')
      return { state: 'applied', note: 'Archived' }
  }
}

/**
 * Starts AI matching unless a job is running. A step resumed after a stopped replica may have
 * started one already: matches created since its first attempt say so (a job spends quota).
 */
export async function startMatching(context: StepContext): Promise<StepResult> {
  const path = `${videoPath(context.videoId)}/product_matches`
  const list = await context.calls.get<ProductMatchList>(path)
  if (!list) throw new StepRefused('The video is no longer at the service')
  if (list.status === 'in_progress')
    return { state: 'skipped', note: 'A matching job is already running' }
  const since = context.firstAttemptMs
  if (since !== null && list.matches.some((match) => Date.parse(match.created_at) >= since))
    return { state: 'applied', note: 'Matching was started by an earlier attempt' }
  await context.calls.send('POST', path, {})
  return { state: 'applied', note: 'Matching started' }
}
