import type { RulePreview } from '@/api/rules'
import { describeError } from '@/components/error-panel'
import { InlineError } from '@/components/ui/inline-error'
import { Panel } from '@/components/ui/panel'
import { StaleResults } from '@/components/ui/stale-results'
import { formatCount, formatVideoCount } from '@/lib/format'
import { VideoLink } from '../video-link'
import { FindingsList } from './findings-list'
import type { useRulePreview } from './use-rule-preview'

const shownVideos = 20

// What the rule matches now, as it is being written: the count (announced as it changes), the
// first matching videos, who would enter and leave each playlist, and the checker's findings.
export function PreviewPanel({ state }: { state: ReturnType<typeof useRulePreview> }) {
  const { preview, notYet, updating } = state
  const data = preview.data
  return (
    <Panel title="What it matches now">
      <p role="status" className="text-sm font-medium text-slate-900">
        {notYet && !data
          ? notYet
          : preview.isError
            ? ''
            : data
              ? `${formatVideoCount(data.matches)} ${data.matches === 1 ? 'matches' : 'match'} now${updating ? ' (updating…)' : '.'}`
              : 'Counting…'}
      </p>
      {preview.isError ? (
        <InlineError>The preview failed: {describeError(preview.error).detail}</InlineError>
      ) : null}
      {data ? (
        <StaleResults stale={updating}>
          <div className="space-y-4">
            <MatchingVideos data={data} />
            <PlaylistChanges data={data} />
            <FindingsList findings={data.findings} />
          </div>
        </StaleResults>
      ) : null}
    </Panel>
  )
}

function MatchingVideos({ data }: { data: RulePreview }) {
  if (data.videos.length === 0) return null
  const shown = data.videos.slice(0, shownVideos)
  return (
    <div>
      <h3 className="text-sm font-semibold text-slate-900">Matching videos</h3>
      <ul aria-label="Matching videos" className="mt-1 space-y-1 text-sm">
        {shown.map((video) => (
          <li key={video.id}>
            <VideoLink id={video.id} caption={video.caption} />
          </li>
        ))}
      </ul>
      {data.matches > shown.length ? (
        <p className="mt-1 text-xs text-slate-700">
          The first {shown.length} of {formatCount(data.matches)}.
        </p>
      ) : null}
    </div>
  )
}

function PlaylistChanges({ data }: { data: RulePreview }) {
  if (data.playlists.length === 0) return null
  const captions = new Map(data.videos.map((video) => [video.id, video.caption]))
  return (
    <div className="space-y-3">
      <h3 className="text-sm font-semibold text-slate-900">Playlists</h3>
      {data.playlists.map((playlist) => {
        const name = playlist.name ?? 'A playlist the dashboard cannot name'
        return (
          <section key={playlist.playlist_id} aria-label={`Changes to ${name}`} className="text-sm">
            <p className="font-medium">
              {name}: {formatVideoCount(playlist.enter)} would enter, {formatCount(playlist.leave)}{' '}
              would leave
            </p>
            <Movers label={`Entering ${name}`} ids={playlist.entering} captions={captions} />
            <Movers label={`Leaving ${name}`} ids={playlist.leaving} captions={captions} />
          </section>
        )
      })}
    </div>
  )
}

function Movers({
  label,
  ids,
  captions,
}: {
  label: string
  ids: readonly string[]
  captions: ReadonlyMap<string, string | null>
}) {
  if (ids.length === 0) return null
  return (
    <ul aria-label={label} className="mt-1 ml-4 list-disc space-y-0.5">
      {ids.slice(0, shownVideos).map((id) => (
        <li key={id}>
          <span className="sr-only">{label.startsWith('Entering') ? 'Enters: ' : 'Leaves: '}</span>
          <VideoLink id={id} caption={captions.get(id) ?? null} />
        </li>
      ))}
    </ul>
  )
}
