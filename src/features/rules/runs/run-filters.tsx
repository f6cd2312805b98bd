import { useQuery } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { rulesQuery } from '@/api/queries/rules'
import { videoSummaryQuery } from '@/api/queries/videos'
import { useCurrentChannel } from '@/components/shell/use-current-channel'
import { Button } from '@/components/ui/button'
import { FieldShell } from '@/components/ui/field'
import { Select } from '@/components/ui/select'
import { videoTitle } from '@/lib/video-facts'
import type { RunsSearch } from '../rules-search'
import { outcomeWords } from './outcome-words'

const outcomes = Object.keys(outcomeWords) as (keyof typeof outcomeWords)[]

// The runs' filters, kept in the URL: a rule of the channel, an outcome, and the video when one
// was chosen (from its page, or a run), which can be cleared.
export function RunFilters({ search }: { search: RunsSearch }) {
  const navigate = useNavigate({ from: '/rules/runs' })
  const { current } = useCurrentChannel()
  const rules = useQuery(rulesQuery(current))
  const video = useQuery({
    ...videoSummaryQuery(search.video ?? ''),
    enabled: Boolean(search.video),
  })
  const change = (next: Partial<RunsSearch>) =>
    navigate({ search: (previous) => ({ ...previous, ...next }), replace: true })
  return (
    <div className="flex flex-wrap items-end gap-3">
      <FieldShell id="runs-rule" label="Rule" className="min-w-56">
        {(a11y) => (
          <Select
            {...a11y}
            value={search.rule ?? ''}
            onChange={(event) => change({ rule: event.target.value || undefined })}
          >
            <option value="">Every rule</option>
            {search.rule && !rules.data?.some((rule) => rule.id === search.rule) ? (
              <option value={search.rule}>This rule ({search.rule})</option>
            ) : null}
            {rules.data?.map((rule) => (
              <option key={rule.id} value={rule.id}>
                {rule.name}
              </option>
            ))}
          </Select>
        )}
      </FieldShell>
      <FieldShell id="runs-outcome" label="Outcome" className="min-w-44">
        {(a11y) => (
          <Select
            {...a11y}
            value={search.outcome ?? ''}
            onChange={(event) =>
              change({ outcome: (event.target.value || undefined) as RunsSearch['outcome'] })
            }
          >
            <option value="">Any outcome</option>
            {outcomes.map((outcome) => (
              <option key={outcome} value={outcome}>
                {outcomeWords[outcome]}
              </option>
            ))}
          </Select>
        )}
      </FieldShell>
      {search.video ? (
        <p className="flex items-center gap-2 text-sm">
          <span>
            Video:{' '}
            <span className="font-medium">
              {video.data ? videoTitle(video.data) : search.video}
            </span>
          </span>
          <Button size="sm" variant="quiet" onClick={() => change({ video: undefined })}>
            Show every video
          </Button>
        </p>
      ) : null}
    </div>
  )
}
