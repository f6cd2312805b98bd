import { useQuery } from '@tanstack/react-query'
import { useId } from 'react'
import { videoSummaryQuery } from '@/api/queries/videos'
import type { RuleRun } from '@/api/rules'
import { Badge } from '@/components/ui/badge'
import { focusRing } from '@/components/ui/control-styles'
import { formatDateTime } from '@/lib/format'
import { videoTitle } from '@/lib/video-facts'
import { outcomeTones, outcomeWords } from './outcome-words'
import { RunTrace } from './run-trace'

/** A video's caption once read (shared with every screen through the cache), else its id. */
export function useVideoCaption(videoId: string | null) {
  const video = useQuery({ ...videoSummaryQuery(videoId ?? ''), enabled: videoId !== null })
  if (videoId === null) return null
  return video.data ? videoTitle(video.data) : `Video ${videoId}`
}

// One run: a line saying how it went, for which rule and video, and when; opened, its trace.
export function RunEntry({
  run,
  open,
  onToggle,
}: {
  run: RuleRun
  open: boolean
  onToggle: () => void
}) {
  const panelId = useId()
  const caption = useVideoCaption(run.video_id)
  return (
    <article
      aria-label={`Run of ${run.rule_name}, ${formatDateTime(run.started_at)}`}
      className="rounded-lg border border-slate-200 bg-white shadow-sm"
    >
      <h2 className="text-sm">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={onToggle}
          className={`flex w-full flex-wrap items-center gap-x-3 gap-y-1 rounded-lg p-3 text-left hover:bg-slate-50 ${focusRing}`}
        >
          <span aria-hidden="true" className="text-slate-700">
            {open ? '▾' : '▸'}
          </span>
          <Badge tone={outcomeTones[run.outcome]}>{outcomeWords[run.outcome]}</Badge>
          <span className="font-medium text-slate-900">{run.rule_name}</span>
          <span className="text-slate-700">{caption ?? 'Over the library'}</span>
          <span className="ml-auto text-slate-700">{formatDateTime(run.started_at)}</span>
        </button>
      </h2>
      <div id={panelId} hidden={!open} className="border-t border-slate-200 p-3">
        {open ? <RunTrace run={run} caption={caption} /> : null}
      </div>
    </article>
  )
}
