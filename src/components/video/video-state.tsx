import { Fragment } from 'react'
import type { Video } from '@/api/generated/types.gen'
import { Badge } from '@/components/ui/badge'
import type { Tone } from '@/components/ui/tone'
import { useRenderNow } from '@/lib/hydration'
import { accessLabels, publicationState } from '@/lib/video-facts'

type StateFields = Pick<Video, 'published_at' | 'archived_at' | 'access'>

interface StateBadge {
  label: string
  tone: Tone
}

// Scheduled is news, not a problem (info); archived takes the video out of every feed, which is
// worth a second look (warning). The same words and tones on every screen.
const publicationBadges: Record<ReturnType<typeof publicationState>['kind'], StateBadge> = {
  live: { label: 'Live', tone: 'success' },
  scheduled: { label: 'Scheduled', tone: 'info' },
  draft: { label: 'Draft', tone: 'neutral' },
}

/** Publication, then archive and access when they are not the default. */
export function stateBadges(video: StateFields, now = Date.now()): StateBadge[] {
  return [
    publicationBadges[publicationState(video, now).kind],
    ...(video.archived_at ? [{ label: 'Archived', tone: 'warning' as const }] : []),
    ...(video.access !== 'public'
      ? [{ label: accessLabels[video.access], tone: 'neutral' as const }]
      : []),
  ]
}

/**
 * A video's state as badges. With `label` they form a named list (a page's header); without, a
 * row of badges inside a list item that already names the video.
 */
export function StateBadges({ video, label }: { video: StateFields; label?: string }) {
  const badges = stateBadges(video, useRenderNow())
  if (label)
    return (
      <ul aria-label={label} className="flex flex-wrap gap-2">
        {badges.map((badge) => (
          <li key={badge.label}>
            <Badge tone={badge.tone}>{badge.label}</Badge>
          </li>
        ))}
      </ul>
    )
  // Side by side, badges would read as one word ("LiveArchived") in a label or description made of
  // them; a comma only screen readers meet keeps them apart.
  return (
    <span className="flex flex-wrap gap-1">
      {badges.map((badge, index) => (
        <Fragment key={badge.label}>
          {index > 0 ? <span className="sr-only">, </span> : null}
          <Badge tone={badge.tone}>{badge.label}</Badge>
        </Fragment>
      ))}
    </span>
  )
}
