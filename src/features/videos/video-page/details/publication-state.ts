import type { Video } from '@/api/generated/types.gen'

export type PublicationState =
  | { kind: 'draft' }
  | { kind: 'scheduled'; at: string }
  | { kind: 'live'; at: string }

// Section 3.2: null is a draft, a future time is scheduled, a past or present time is live. The
// time is compared here so a schedule that passes while the page is open shows as live.
export function publicationState(
  video: Pick<Video, 'published_at'>,
  now = Date.now(),
): PublicationState {
  if (!video.published_at) return { kind: 'draft' }
  return Date.parse(video.published_at) > now
    ? { kind: 'scheduled', at: video.published_at }
    : { kind: 'live', at: video.published_at }
}
