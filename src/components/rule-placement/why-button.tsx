import { lazy, Suspense, useState } from 'react'
import type { PlacementTarget } from '@/api/queries/rules'
import { Button } from '../ui/button'

const WhyDialog = lazy(() => import('./why-dialog'))

// "Why is this here?" beside a video in a playlist, or a product tagged on a video: the rule, the
// run and the conditions that put it there, or that no rule did. The answer's code loads when it
// is first asked for.
export function WhyButton({
  videoId,
  target,
  subject,
}: {
  videoId: string
  target: PlacementTarget
  /** What is asked about, for screen readers and the dialog: "“Beach day” in Summer". */
  subject: string
}) {
  const [open, setOpen] = useState(false)
  return (
    <>
      <Button size="sm" variant="quiet" onClick={() => setOpen(true)}>
        Why is this here?<span className="sr-only"> {subject}</span>
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <WhyDialog
            videoId={videoId}
            target={target}
            subject={subject}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      ) : null}
    </>
  )
}
