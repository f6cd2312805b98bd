import { followRule, switchRule } from '@/api/queries/rules'
import type { Rule } from '@/api/rules'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { useRuleChange } from './use-rule-change'

/** On, off, or paused by itself (its runs failed), in words; the colour repeats it. */
export function RuleState({ rule }: { rule: Pick<Rule, 'enabled' | 'paused'> }) {
  if (rule.paused) return <Badge tone="danger">Paused</Badge>
  return rule.enabled ? <Badge tone="success">On</Badge> : <Badge>Off</Badge>
}

// The on/off switch of a rule: admins (or editors, when an admin allows it) press it; anyone else
// reaches it and hears why not. Switching a paused rule on clears its pause.
export function RuleSwitch({
  rule,
  reason,
  withName = false,
}: {
  rule: Rule
  /** Why this person cannot switch it. */
  reason: string | undefined
  /** Names the rule in the control (a row of the list), not only on the page around it. */
  withName?: boolean
}) {
  const on = rule.enabled && !rule.paused
  const change = useRuleChange(
    (enabled: boolean) => switchRule(rule.id, enabled).then((answer) => answer.rule),
    (saved) => `“${saved.name}” is ${saved.enabled ? 'switched on' : 'switched off'}.`,
  )
  return (
    <Button
      role="switch"
      aria-checked={on}
      size="sm"
      busy={change.isPending}
      unavailableReason={reason}
      onClick={() => change.mutate(!on)}
    >
      <span
        aria-hidden="true"
        className={`inline-block h-4 w-7 rounded-full p-0.5 ${on ? 'bg-emerald-700' : 'bg-slate-400'}`}
      >
        <span className={`block size-3 rounded-full bg-white ${on ? 'translate-x-3' : ''}`} />
      </span>
      <span>Switched on{withName ? <span className="sr-only">: {rule.name}</span> : null}</span>
    </Button>
  )
}

/** Following a rule: its notices (a notify action, a pause) come to this person. */
export function FollowButton({ rule, withName = false }: { rule: Rule; withName?: boolean }) {
  const change = useRuleChange(
    (following: boolean) => followRule(rule.id, following),
    (saved) =>
      saved.following ? `You follow “${saved.name}”.` : `You no longer follow “${saved.name}”.`,
  )
  return (
    <Button
      size="sm"
      variant="quiet"
      aria-pressed={rule.following}
      busy={change.isPending}
      onClick={() => change.mutate(!rule.following)}
    >
      {rule.following ? 'Following' : 'Follow'}
      {withName ? <span className="sr-only"> {rule.name}</span> : null}
    </Button>
  )
}
