import { Link } from '@tanstack/react-router'
import type { RuleFinding } from '@/api/rules'
import { Callout } from '@/components/ui/callout'
import { linkClasses } from '@/components/ui/control-styles'

const kindWords: Record<RuleFinding['kind'], string> = {
  opposite_actions: 'Opposite actions',
  overlap: 'Overlaps another rule',
  self_trigger: 'Triggers itself',
  needs_priority: 'Needs a priority',
  regex: 'Pattern',
}

// What the checker found: a blocking finding stops the save (said so), the others are warnings.
export function FindingsList({ findings }: { findings: readonly RuleFinding[] }) {
  if (findings.length === 0) return null
  const blocking = findings.filter((finding) => finding.blocking)
  return (
    <Callout
      tone={blocking.length > 0 ? 'danger' : 'warning'}
      title={
        blocking.length > 0
          ? 'The checker stops this rule from being saved'
          : 'The checker has something to say'
      }
    >
      <ul className="list-disc space-y-1 pl-5">
        {findings.map((finding) => (
          <li key={`${finding.kind}:${finding.rule_id ?? ''}:${finding.message}`}>
            <span className="font-medium">
              {kindWords[finding.kind]}
              {finding.blocking ? ' (must be fixed to save)' : ''}:
            </span>{' '}
            {finding.message}
            {finding.rule_id ? (
              <>
                {' '}
                <Link
                  to="/rules/$ruleId"
                  params={{ ruleId: finding.rule_id }}
                  className={linkClasses}
                >
                  Open the other rule
                </Link>
              </>
            ) : null}
          </li>
        ))}
      </ul>
    </Callout>
  )
}
