import { Link } from '@tanstack/react-router'
import type { RuleRun } from '@/api/rules'
import { Badge } from '@/components/ui/badge'
import { linkClasses } from '@/components/ui/control-styles'
import { Cell, Row, Table } from '@/components/ui/table'
import { formatDateTime } from '@/lib/format'
import { actionWords } from '../words/rule-words'
import { useRuleNames } from '../words/use-rule-names'
import { RetryButton } from './retry-button'

const stepTones = {
  applied: 'success',
  skipped: 'neutral',
  failed: 'danger',
  pending: 'info',
} as const
const stepWords = { applied: 'Applied', skipped: 'Skipped', failed: 'Failed', pending: 'Waiting' }

/** How the run went, in one plain sentence: a failure says so. */
export function runSentence(run: RuleRun): string {
  const failed = run.steps.filter((step) => step.state === 'failed').length
  const of = `${failed} of ${run.steps.length} ${run.steps.length === 1 ? 'step' : 'steps'} failed`
  switch (run.outcome) {
    case 'failed':
      return `This run failed: ${of}; nothing it tried was applied.`
    case 'partly_failed':
      return `Part of this run failed: ${of}; the others were applied or already in place.`
    case 'applied':
      return 'Every step was applied or was already in place.'
    case 'no_match':
      return 'The video did not match the conditions, so nothing was done.'
    case 'skipped':
      return 'Nothing was done: everything was already in place, or the rule could not act here.'
    case 'running':
      return 'Still running: steps wait for the service (retried with backoff).'
  }
}

/** A condition's value as the trace kept it, readable. */
const valueText = (value: unknown) =>
  value === null || value === undefined
    ? 'none'
    : typeof value === 'string'
      ? value
      : JSON.stringify(value)

// A run's trace: the event that started it, each condition with the value it found and whether it
// held, and each action with its calls to the service and their answers.
export function RunTrace({ run, caption }: { run: RuleRun; caption: string | null }) {
  const names = useRuleNames([
    { conditions: { group: 'all', children: [] }, actions: run.steps.map((step) => step.action) },
  ])
  return (
    <div className="space-y-4 text-sm">
      <p
        className={
          run.outcome === 'failed' || run.outcome === 'partly_failed'
            ? 'font-medium text-red-900'
            : 'font-medium'
        }
      >
        {runSentence(run)}
      </p>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1">
        <dt className="font-medium">Event</dt>
        <dd>
          {run.cause.detail} ({run.cause.kind}, {formatDateTime(run.cause.at)})
        </dd>
        <dt className="font-medium">Rule</dt>
        <dd>
          <Link to="/rules/$ruleId" params={{ ruleId: run.rule_id }} className={linkClasses}>
            {run.rule_name}
          </Link>{' '}
          as of version {run.rule_version}
        </dd>
        {run.video_id ? (
          <>
            <dt className="font-medium">Video</dt>
            <dd>
              <Link
                to="/videos/$videoId"
                params={{ videoId: run.video_id }}
                className={linkClasses}
              >
                {caption}
              </Link>{' '}
              ·{' '}
              <Link to="/rules/runs" search={{ video: run.video_id }} className={linkClasses}>
                Every run on this video
              </Link>
            </dd>
          </>
        ) : null}
        <dt className="font-medium">Ran</dt>
        <dd>
          {formatDateTime(run.started_at)}
          {run.finished_at ? ` to ${formatDateTime(run.finished_at)}` : ', not finished'}
        </dd>
      </dl>
      {run.conditions.length > 0 ? (
        <Table
          caption="Each condition, the value it found, and whether it held"
          columns={[{ label: 'Condition' }, { label: 'Value found' }, { label: 'Held' }]}
        >
          {run.conditions.map((condition) => (
            <Row key={condition.path}>
              <Cell>{condition.description}</Cell>
              <Cell className="break-all">{valueText(condition.value)}</Cell>
              <Cell>{condition.result ? 'Yes' : 'No'}</Cell>
            </Row>
          ))}
        </Table>
      ) : null}
      {run.steps.length > 0 ? (
        <ol aria-label="Actions, in order" className="space-y-3">
          {run.steps.map((step, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a run's steps keep their order
            <li key={index} className="space-y-2 rounded-md bg-slate-50 p-2">
              <p className="flex flex-wrap items-center gap-2">
                <Badge tone={stepTones[step.state]}>{stepWords[step.state]}</Badge>
                <span className="font-medium">{actionWords(step.action, names)}</span>
                {step.note ? <span className="text-slate-700">— {step.note}</span> : null}
              </p>
              {step.calls.length > 0 ? (
                <Table
                  caption={`Calls for “${actionWords(step.action, names)}”`}
                  columns={[
                    { label: 'Call' },
                    { label: 'Answer' },
                    { label: 'Attempt' },
                    { label: 'When' },
                  ]}
                >
                  {step.calls.map((call) => (
                    <Row key={`${call.at}-${call.attempt}`}>
                      <Cell className="font-mono text-xs break-all">
                        {call.method} {call.path}
                      </Cell>
                      <Cell className="break-all">
                        {call.status === null ? 'No answer' : call.status}: {call.answer}
                      </Cell>
                      <Cell>{call.attempt}</Cell>
                      <Cell>{formatDateTime(call.at)}</Cell>
                    </Row>
                  ))}
                </Table>
              ) : null}
            </li>
          ))}
        </ol>
      ) : null}
      {run.steps.some((step) => step.state === 'failed') ? <RetryButton run={run} /> : null}
    </div>
  )
}
