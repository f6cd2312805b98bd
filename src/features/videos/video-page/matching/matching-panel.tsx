import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useEffect, useRef, useState } from 'react'
import type { Video } from '@/api/generated/types.gen'
import { videoMatchesQuery } from '@/api/queries/matches'
import { videoKeys } from '@/api/queries/videos'
import { Button, buttonClasses } from '@/components/ui/button'
import { Callout } from '@/components/ui/callout'
import { Panel } from '@/components/ui/panel'
import { usePermission } from '@/lib/permissions'
import { AutoAcceptField } from '../../matching/auto-accept-field'
import { matchingRefusal, startMatching } from '../../matching/start-matching'
import { RoleLock } from '../layout/role-lock'
import { useTaggingStore } from '../tagging/use-tagging-store'
import { AutomaticDecisions } from './automatic-decisions'
import { StoreSuggestions } from './store-suggestions'

// While a job runs its suggestions are read every few seconds (until live updates replace it).
const jobPollMs = 3_000

const jobWords = {
  none: 'No matching has run on this video yet.',
  in_progress: 'Matching is in progress; this updates by itself.',
  completed: 'The last matching job completed.',
  failed: 'The last matching job failed. Start it again to retry.',
} as const

// The AI's product matching for this video: start it (optionally accepting what it finds), follow
// the job, and go to the review of its suggestions.
export function MatchingPanel({ video }: { video: Video }) {
  const queryClient = useQueryClient()
  const store = useTaggingStore(video)
  const [autoAccept, setAutoAccept] = useState(false)
  const starting = usePermission('startProductMatching')
  // Polled even while live updates are up: the service sends no event when a job ends.
  const matches = useQuery({
    ...videoMatchesQuery(video.id),
    refetchInterval: (query) => (query.state.data?.status === 'in_progress' ? jobPollMs : false),
  })
  const status = matches.data?.status ?? 'none'
  const start = useMutation({
    mutationFn: () => startMatching(video.id, autoAccept),
    onSuccess: (list) => queryClient.setQueryData(videoKeys.matches(video.id), list),
  })
  // A job that completes may have attached products (auto_accept): the tags are read again.
  const previous = useRef(status)
  useEffect(() => {
    if (previous.current === 'in_progress' && status !== 'in_progress')
      void queryClient.invalidateQueries({ queryKey: videoKeys.detail(video.id), exact: true })
    previous.current = status
  }, [status, queryClient, video.id])

  const pending = matches.data?.matches.filter((match) => match.status === 'pending').length ?? 0
  return (
    <Panel title="AI matching">
      <p className="text-sm" role="status">
        {matches.isPending ? 'Reading the matching state…' : jobWords[status]}
        {status !== 'none' && matches.data
          ? ` ${matches.data.matches.length} suggestions, ${pending} waiting for review.`
          : ''}
      </p>
      {matches.data && matches.data.matches.length > 0 ? (
        <StoreSuggestions
          matches={matches.data.matches}
          storeId={store.storeId}
          onChooseStore={store.choose}
        />
      ) : null}
      <AutomaticDecisions
        videoId={video.id}
        matches={matches.data?.matches ?? []}
        matchesReadAt={matches.dataUpdatedAt}
      />
      {pending > 0 ? (
        <Link to="/matches" search={{ video: video.id }} className={buttonClasses('secondary')}>
          Review the suggestions
        </Link>
      ) : null}
      <RoleLock reason={starting.reason}>
        <AutoAcceptField checked={autoAccept} onChange={setAutoAccept} />
      </RoleLock>
      <Button
        variant="primary"
        busy={start.isPending}
        busyLabel="Starting…"
        unavailableReason={starting.reason}
        disabled={status === 'in_progress'}
        onClick={() => start.mutate()}
      >
        Find products with AI
      </Button>
      {start.isError ? (
        <Callout tone="danger" role="alert" title="Matching did not start">
          {matchingRefusal(start.error)}
        </Callout>
      ) : null}
    </Panel>
  )
}
