import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import type { Readiness } from '@/api/merch-index'
import { indexStatusQuery, readinessQuery } from '@/api/queries/merch-index'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'

type Problems = Readiness['videos']

/**
 * Before videos go live, the team's required checks are read afresh from the dashboard's index
 * (issue 21); with anything missing or wrong, the person is asked to go on. Nothing is asked on a
 * server without the index, or when the check cannot be made (the service decides then).
 */
export function useReadyCheck(captions: (id: string) => string) {
  const queryClient = useQueryClient()
  const [asking, setAsking] = useState<{ problems: Problems; go: () => void } | null>(null)

  async function problemsOf(videoIds: string[]): Promise<Problems> {
    try {
      const status = await queryClient.fetchQuery(indexStatusQuery())
      if (status.state === 'off') return []
      const readiness = await queryClient.fetchQuery(readinessQuery(videoIds))
      return readiness.videos.filter((video) => video.problems.length > 0)
    } catch {
      return []
    }
  }

  async function check(videoIds: string[], go: () => void) {
    const problems = await problemsOf(videoIds)
    if (problems.length === 0) go()
    else setAsking({ problems, go })
  }

  const dialog = asking ? (
    <ConfirmDialog
      title={
        asking.problems.length === 1
          ? 'Not ready for shoppers'
          : `${asking.problems.length} videos not ready`
      }
      confirmLabel="Go on anyway"
      onCancel={() => setAsking(null)}
      onConfirm={() => {
        setAsking(null)
        asking.go()
      }}
    >
      <ul className="list-disc space-y-1 pl-5">
        {asking.problems.map((video) => (
          <li key={video.video_id}>
            {asking.problems.length > 1 ? `${captions(video.video_id)}: ` : null}
            {video.problems.map((problem) => problem.message).join(' ')}
          </li>
        ))}
      </ul>
    </ConfirmDialog>
  ) : null

  return { check, dialog }
}
