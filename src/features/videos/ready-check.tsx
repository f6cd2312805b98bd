import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { type Readiness, readinessVideosMax } from '@/api/merch-index'
import { indexStatusQuery, readinessQuery } from '@/api/queries/merch-index'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { focusRing } from '@/components/ui/control-styles'
import { formatVideoCount } from '@/lib/format'

type Problems = Readiness['videos']

/** A video about to go live; a selection's are named by caption, or by id when it has none. */
export interface CheckedVideo {
  id: string
  caption?: string | null
}

const problemText = (video: Problems[number]) =>
  video.problems.map((problem) => problem.message).join(' ')

/**
 * Before videos go live, the team's required checks are read afresh from the dashboard's index
 * (issue 21); with anything missing or wrong, the person is asked to go on. Nothing is asked on a
 * server without the index, or when the check cannot be made (the service decides then). For a
 * `selection`, the question names each video that is not ready, however many.
 */
export function useReadyCheck(scope: 'one video' | 'selection') {
  const queryClient = useQueryClient()
  const [asking, setAsking] = useState<{
    problems: Problems
    videos: CheckedVideo[]
    go: () => void
  } | null>(null)

  async function problemsOf(videoIds: string[]): Promise<Problems> {
    try {
      const status = await queryClient.fetchQuery(indexStatusQuery())
      if (status.state === 'off') return []
      const batches: string[][] = []
      for (let start = 0; start < videoIds.length; start += readinessVideosMax)
        batches.push(videoIds.slice(start, start + readinessVideosMax))
      const answers = await Promise.all(
        batches.map((batch) => queryClient.fetchQuery(readinessQuery(batch))),
      )
      return answers.flatMap((answer) => answer.videos).filter((video) => video.problems.length)
    } catch {
      return []
    }
  }

  async function check(videos: CheckedVideo[], go: () => void) {
    const problems = await problemsOf(videos.map((video) => video.id))
    if (problems.length === 0) go()
    else setAsking({ problems, videos, go })
  }

  if (!asking) return { check, dialog: null }
  const ask = {
    confirmLabel: 'Go on anyway',
    onCancel: () => setAsking(null),
    onConfirm: () => {
      setAsking(null)
      asking.go()
    },
  }
  const dialog =
    scope === 'one video' ? (
      <ConfirmDialog title="Not ready for shoppers" {...ask}>
        <ul className="list-disc space-y-1 pl-5">
          {asking.problems.map((video) => (
            <li key={video.video_id}>{problemText(video)}</li>
          ))}
        </ul>
      </ConfirmDialog>
    ) : (
      <ConfirmDialog
        title={`${formatVideoCount(asking.problems.length)} not ready for shoppers`}
        {...ask}
        details={<NotReadyList problems={asking.problems} videos={asking.videos} />}
      >
        The team’s required checks find what is listed below missing or wrong. Go on to publish all{' '}
        {formatVideoCount(asking.videos.length)} selected, or cancel to fix them first.
      </ConfirmDialog>
    )
  return { check, dialog }
}

/** Each video not ready and its problems; a long list scrolls within the dialog. */
function NotReadyList({ problems, videos }: { problems: Problems; videos: CheckedVideo[] }) {
  const captions = new Map(videos.map((video) => [video.id, video.caption?.trim()]))
  return (
    // Named, so a screen reader says what it holds.
    <section
      aria-label="Videos not ready"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a list that scrolls takes focus so the keys scroll it
      tabIndex={0}
      className={`max-h-72 overflow-y-auto rounded-md border border-slate-200 ${focusRing}`}
    >
      <ul className="divide-y divide-slate-100 text-sm text-slate-700">
        {problems.map((video) => (
          <li key={video.video_id} className="px-3 py-2">
            <span className="font-medium text-slate-900">
              {captions.get(video.video_id) || video.video_id}
            </span>
            : {problemText(video)}
          </li>
        ))}
      </ul>
    </section>
  )
}
