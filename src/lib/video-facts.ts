import type { Video } from '@/api/generated/types.gen'
import { formatDateTime } from './format'

/** What a video is called everywhere: its caption, or "Untitled video" when it has none. */
export const videoTitle = (video: { caption?: string | null }) =>
  video.caption?.trim() ? video.caption : 'Untitled video'

export type PublicationState =
  | { kind: 'draft' }
  | { kind: 'scheduled'; at: string }
  | { kind: 'live'; at: string }

// Section 3.2: null is a draft, a future time is scheduled, a past or present time is live.
// `is_published` is not read: the service computes it when the video was fetched, so a cached
// video scheduled for 10:00 would still read "scheduled" at 10:05; the time never goes stale.
export function publicationState(
  video: Pick<Video, 'published_at'>,
  now = Date.now(),
): PublicationState {
  if (!video.published_at) return { kind: 'draft' }
  return Date.parse(video.published_at) > now
    ? { kind: 'scheduled', at: video.published_at }
    : { kind: 'live', at: video.published_at }
}

/** "Draft", "Scheduled for 3 Dec, 10:00" or "Live since 1 Dec, 09:12", in local time. */
export function publicationLabel(state: PublicationState): string {
  if (state.kind === 'draft') return 'Draft'
  return state.kind === 'scheduled'
    ? `Scheduled for ${formatDateTime(state.at)}`
    : `Live since ${formatDateTime(state.at)}`
}

export const accessLabels: Record<Video['access'], string> = {
  public: 'Public',
  private: 'Private',
  unlisted: 'Unlisted',
}
