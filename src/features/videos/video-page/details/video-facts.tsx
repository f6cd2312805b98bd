import type { ReactNode } from 'react'
import type { Video } from '@/api/generated/types.gen'
import { linkClasses } from '@/components/ui/control-styles'
import { Panel } from '@/components/ui/panel'
import { formatDateTime, formatDuration, safeHttpUrl } from '@/lib/format'
import { accessLabels, publicationLabel, publicationState } from '@/lib/video-facts'

// What the video is and where it stands, as stored; every date in the user's local time.
export function VideoFacts({ video }: { video: Video }) {
  return (
    <Panel title="About this video">
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm">
        <Fact term="Processing">
          {/* The Video record carries no processing status; a known duration means it was processed. */}
          {video.duration !== null
            ? 'Ready for playback'
            : 'Not ready: still processing, or processing failed'}
        </Fact>
        <Fact term="Duration">{formatDuration(video.duration)}</Fact>
        <Fact term="Publication">{publicationLabel(publicationState(video))}</Fact>
        <Fact term="Archive">
          {video.archived_at ? `Archived on ${formatDateTime(video.archived_at)}` : 'Not archived'}
        </Fact>
        <Fact term="Access">{accessLabels[video.access]}</Fact>
        <Fact term="Sound">{video.audio_disabled ? 'Muted' : 'On'}</Fact>
        <Fact term="Call to action">
          <CallToAction video={video} />
        </Fact>
        {video.content_generation_type === 'aigc' ? <Fact term="Made with">AI (AIGC)</Fact> : null}
      </dl>
    </Panel>
  )
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <dt className="font-medium text-slate-900">{term}</dt>
      <dd className="text-slate-700">{children}</dd>
    </>
  )
}

function CallToAction({ video }: { video: Video }) {
  if (!video.action_type) return <>None</>
  const url = safeHttpUrl(video.action_url)
  const label = video.action_type_translation ?? video.action_type
  return (
    <>
      {label}
      {video.action_url ? (
        <>
          {' → '}
          {url ? (
            <a
              href={url}
              target="_blank"
              rel="noopener noreferrer"
              className={`${linkClasses} break-all`}
            >
              {video.action_url}
            </a>
          ) : (
            <span className="break-all">{video.action_url}</span>
          )}
        </>
      ) : null}
    </>
  )
}
