import { useInfiniteQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { runsQuery } from '@/api/queries/rules'
import type { Rule } from '@/api/rules'
import { Badge } from '@/components/ui/badge'
import { linkClasses } from '@/components/ui/control-styles'
import { Cell, Row } from '@/components/ui/table'
import { formatDateTime } from '@/lib/format'
import { FollowButton, RuleState, RuleSwitch } from '../controls/rule-controls'
import { failureRate, outcomeTones, outcomeWords } from '../runs/outcome-words'
import { actionWords, conditionsWords, type Names, triggerWords } from '../words/rule-words'

/** The runs a rule's health is read over: the 20 its pause is decided on. */
const recentRuns = 20

export function RuleRow({
  rule,
  names,
  switchReason,
}: {
  rule: Rule
  names: Names
  switchReason: string | undefined
}) {
  return (
    <Row>
      <Cell className="align-top">
        <Link
          to="/rules/$ruleId"
          params={{ ruleId: rule.id }}
          className={`${linkClasses} font-medium`}
        >
          {rule.name}
        </Link>
        <p className="text-xs text-slate-700">
          {triggerWords(rule.trigger)} · priority {rule.priority}
        </p>
      </Cell>
      <Cell className="align-top">
        <p>For {conditionsWords(rule.conditions, names)}:</p>
        <ul className="list-disc pl-5">
          {rule.actions.map((action, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the saved rule's actions, in order
            <li key={index}>{actionWords(action, names)}</li>
          ))}
        </ul>
      </Cell>
      <Cell className="align-top">
        <div className="flex flex-wrap items-center gap-2">
          <RuleState rule={rule} />
          <RuleSwitch rule={rule} reason={switchReason} withName />
        </div>
        {rule.paused ? (
          <p className="mt-1 text-xs text-red-900">
            Paused {formatDateTime(rule.paused.at)}: {rule.paused.reason}
          </p>
        ) : null}
      </Cell>
      <RunHealth rule={rule} />
      <Cell className="align-top">
        <FollowButton rule={rule} withName />
      </Cell>
    </Row>
  )
}

/** The last run's outcome and the share of the recent runs that failed. */
function RunHealth({ rule }: { rule: Rule }) {
  const runs = useInfiniteQuery(runsQuery({ rule_id: rule.id }, recentRuns))
  const recent = runs.data?.pages[0]?.runs ?? []
  const last = recent[0]
  const rate = failureRate(recent)
  return (
    <>
      <Cell className="align-top">
        {runs.isError ? (
          'Unknown'
        ) : !runs.data ? (
          '…'
        ) : last ? (
          <>
            <Badge tone={outcomeTones[last.outcome]}>{outcomeWords[last.outcome]}</Badge>
            <p className="text-xs text-slate-700">
              <Link
                to="/rules/runs"
                search={{ rule: rule.id, run: last.id }}
                className={linkClasses}
              >
                {formatDateTime(last.started_at)}
              </Link>
            </p>
          </>
        ) : (
          'Never run'
        )}
      </Cell>
      <Cell className="align-top">
        {rate === null
          ? '–'
          : `${Math.round(rate * 100)}% of the last ${recent.filter((run) => run.outcome !== 'running').length}`}
      </Cell>
    </>
  )
}
