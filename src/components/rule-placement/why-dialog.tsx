import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { type PlacementTarget, placementQuery } from '@/api/queries/rules'
import { formatDateTime } from '@/lib/format'
import { describeError } from '../error-panel'
import { Button } from '../ui/button'
import { linkClasses } from '../ui/control-styles'
import { Dialog } from '../ui/dialog'

/** The rule and run that placed a video, with the conditions that held; or that none did. */
export default function WhyDialog({
  videoId,
  target,
  subject,
  onClose,
}: {
  videoId: string
  target: PlacementTarget
  subject: string
  onClose: () => void
}) {
  const placement = useQuery(placementQuery(videoId, target))
  return (
    <Dialog
      title="Why is this here?"
      description={subject}
      size="md"
      onClose={onClose}
      footer={<Button onClick={onClose}>Close</Button>}
    >
      <div role="status" className="space-y-2 text-sm">
        {placement.isPending ? (
          <p>Looking for the rule…</p>
        ) : placement.isError ? (
          <p className="text-red-800">
            The answer cannot be read: {describeError(placement.error).detail}
          </p>
        ) : placement.data === null ? (
          <p>
            No rule put it here: someone placed it by hand, or it was here before the rules. The
            dashboard keeps what rules did for 90 days.
          </p>
        ) : (
          <>
            <p>
              The rule{' '}
              <Link
                to="/rules/$ruleId"
                params={{ ruleId: placement.data.rule_id }}
                className={linkClasses}
              >
                {placement.data.rule_name}
              </Link>{' '}
              put it here on {formatDateTime(placement.data.at)} (
              <Link
                to="/rules/runs"
                search={{
                  rule: placement.data.rule_id,
                  video: videoId,
                  run: placement.data.run_id,
                }}
                className={linkClasses}
              >
                see the run
              </Link>
              ), because:
            </p>
            <ul aria-label="Conditions that held" className="list-disc space-y-0.5 pl-5">
              {placement.data.because.map((reason) => (
                <li key={reason}>{reason}</li>
              ))}
            </ul>
          </>
        )}
      </div>
    </Dialog>
  )
}
