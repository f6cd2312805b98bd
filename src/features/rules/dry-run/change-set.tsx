import { useState } from 'react'
import type { RuleDryRun } from '@/api/rules'
import { Button } from '@/components/ui/button'
import { Cell, Row, Table } from '@/components/ui/table'
import { formatCount } from '@/lib/format'
import { VideoLink } from '../video-link'

const page = 50

// The change set in words: how many of each kind, then each video with each action, 50 at a time.
export function ChangeSet({ set }: { set: RuleDryRun }) {
  const [shown, setShown] = useState(page)
  if (set.actions.length === 0) return null
  return (
    <div className="space-y-3">
      <ul aria-label="Changes by kind" className="list-disc space-y-0.5 pl-5 text-sm">
        {set.by_action.map((kind) => (
          <li key={kind.summary}>
            {kind.summary}: {formatCount(kind.count)}
          </li>
        ))}
      </ul>
      <Table
        caption="Each change the rule would make, video by video"
        columns={[{ label: 'Video' }, { label: 'Change' }]}
      >
        {set.actions.slice(0, shown).map((change, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a video may have several changes, in order
          <Row key={`${change.video_id}-${index}`}>
            <Cell>
              <VideoLink id={change.video_id} caption={change.caption} />
            </Cell>
            <Cell>{change.summary}</Cell>
          </Row>
        ))}
      </Table>
      <div className="flex flex-wrap items-center gap-3 text-sm text-slate-700">
        <span>
          Showing {formatCount(Math.min(shown, set.actions.length))} of{' '}
          {formatCount(set.actions.length)}
          {set.truncated
            ? ` (the first ${formatCount(set.actions.length)} of ${formatCount(set.changes)} changes)`
            : ''}
          .
        </span>
        {shown < set.actions.length ? (
          <Button size="sm" onClick={() => setShown((n) => n + page)}>
            Show {page} more
          </Button>
        ) : null}
      </div>
    </div>
  )
}
