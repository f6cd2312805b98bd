import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import { ServiceError } from '@/api/client'
import { applyRule, dryRunRule, ruleKeys } from '@/api/queries/rules'
import type { Rule, RuleDryRun } from '@/api/rules'
import { describeError } from '@/components/error-panel'
import { Button } from '@/components/ui/button'
import { Callout } from '@/components/ui/callout'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { linkClasses } from '@/components/ui/control-styles'
import { InlineError } from '@/components/ui/inline-error'
import { Panel } from '@/components/ui/panel'
import { formatCount, formatVideoCount } from '@/lib/format'
import { ChangeSet } from './change-set'

/** Over this many changes, applying asks first (the server requires `confirm` then). */
const asksOver = 100

const changesWords = (n: number) => `${formatCount(n)} ${n === 1 ? 'change' : 'changes'}`

// "Try on the whole library": the change set the saved rule would make now, video by video, with
// nothing applied; then "Apply", which asks first over 100 changes.
export function DryRunPanel({
  rule,
  tryReason,
  applyReason,
}: {
  rule: Rule
  /** Why this person cannot try the rule; why they cannot apply what it would do. */
  tryReason: string | undefined
  applyReason: string | undefined
}) {
  const queryClient = useQueryClient()
  const [asking, setAsking] = useState<string | null>(null)
  const dryRun = useMutation({ mutationFn: () => dryRunRule(rule.id) })
  const apply = useMutation({
    mutationFn: (confirm: boolean) => applyRule(rule.id, confirm),
    onSuccess: () => {
      setAsking(null)
      void queryClient.invalidateQueries({ queryKey: ruleKeys.rule(rule.id) })
    },
    onError: (error) => {
      // The library changed since the try and the set grew past 100: the server asks first.
      if (error instanceof ServiceError && error.status === 409) setAsking(error.message)
      else setAsking(null)
    },
  })
  const set = dryRun.data
  const start = (confirm: boolean) => {
    apply.reset()
    apply.mutate(confirm)
  }
  return (
    <Panel
      title="Try on the whole library"
      actions={
        <Button
          unavailableReason={tryReason}
          busy={dryRun.isPending}
          busyLabel="Trying…"
          onClick={() => {
            apply.reset()
            dryRun.mutate()
          }}
        >
          {set ? 'Try again' : 'Try on the whole library'}
        </Button>
      }
    >
      <p className="text-sm text-slate-700">
        Shows every change the saved rule (version {rule.version}) would make to the videos it
        matches now, without applying any. Save your edits first to try them.
      </p>
      {dryRun.isError ? (
        <InlineError>The try failed: {describeError(dryRun.error).detail}</InlineError>
      ) : null}
      {set ? (
        <div className="space-y-3">
          <p role="status" className="text-sm font-medium">
            {formatVideoCount(set.matches)} {set.matches === 1 ? 'matches' : 'match'} now:{' '}
            {changesWords(set.changes)} to {formatVideoCount(set.videos)} (version {set.version}).
          </p>
          <ChangeSet set={set} />
          <ApplyButton
            set={set}
            reason={applyReason}
            busy={apply.isPending}
            onApply={() =>
              set.changes > asksOver || set.asks_first ? setAsking('') : start(false)
            }
          />
        </div>
      ) : null}
      {apply.isSuccess ? (
        <Callout tone="success" role="status" title="Applying">
          {changesWords(apply.data.changes)} to {formatVideoCount(apply.data.videos)} handed to the
          engine in {formatCount(apply.data.runs)} runs.{' '}
          <Link to="/rules/runs" search={{ rule: rule.id }} className={linkClasses}>
            Follow them in the runs
          </Link>
          .
        </Callout>
      ) : null}
      {apply.isError && !(apply.error instanceof ServiceError && apply.error.status === 409) ? (
        <Callout tone="danger" role="alert" title="Not applied">
          {describeError(apply.error).detail}
        </Callout>
      ) : null}
      {asking !== null && set ? (
        <ConfirmDialog
          title={`Apply ${changesWords(set.changes)}?`}
          confirmLabel={`Apply ${changesWords(set.changes)}`}
          busy={apply.isPending}
          onConfirm={() => start(true)}
          onCancel={() => setAsking(null)}
        >
          <p>
            {asking ||
              `This changes ${formatVideoCount(set.videos)} of the library at once. Each change is traced and can be seen in the runs.`}
          </p>
        </ConfirmDialog>
      ) : null}
    </Panel>
  )
}

function ApplyButton({
  set,
  reason,
  busy,
  onApply,
}: {
  set: RuleDryRun
  reason: string | undefined
  busy: boolean
  onApply: () => void
}) {
  if (set.changes === 0)
    return <p className="text-sm text-slate-700">Nothing to apply: everything is in place.</p>
  return (
    <Button
      variant="primary"
      unavailableReason={reason}
      busy={busy}
      busyLabel="Applying…"
      onClick={onApply}
    >
      Apply {changesWords(set.changes)}
    </Button>
  )
}
