import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { revertRule, ruleVersionsQuery } from '@/api/queries/rules'
import type { Rule, RuleVersion } from '@/api/rules'
import { describeError } from '@/components/error-panel'
import { Button } from '@/components/ui/button'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { InlineError } from '@/components/ui/inline-error'
import { Panel } from '@/components/ui/panel'
import { formatDateTime } from '@/lib/format'
import { useRuleChange } from '../controls/use-rule-change'
import { actionWords, conditionsWords, type Names, triggerWords } from '../words/rule-words'
import { useRuleNames } from '../words/use-rule-names'

// The rule's history, newest first: who changed what and when, each version readable in words,
// and one click (confirmed) back to any earlier one, saved as a new version.
export function VersionsPanel({
  rule,
  reason,
  onReverted,
}: {
  rule: Rule
  reason: string | undefined
  onReverted: () => void
}) {
  const versions = useQuery(ruleVersionsQuery(rule.id))
  const names = useRuleNames(versions.data?.map((version) => version.definition) ?? [])
  const [asking, setAsking] = useState<RuleVersion | null>(null)
  const revert = useRuleChange(
    (version: number) => revertRule(rule.id, version).then((answer) => answer.rule),
    (saved, version) => `Back to version ${version}, saved as version ${saved.version}.`,
  )
  return (
    <Panel title="History">
      {versions.isError ? (
        <InlineError>
          The history cannot be read: {describeError(versions.error).detail}
        </InlineError>
      ) : versions.isPending ? (
        <p className="text-sm text-slate-700">Loading the history…</p>
      ) : (
        <ol aria-label="Versions, newest first" className="space-y-3">
          {versions.data.map((version) => (
            <li key={version.version} className="rounded-md border border-slate-200 p-3 text-sm">
              <VersionEntry
                version={version}
                current={version.version === rule.version}
                names={names}
                reason={reason}
                onRevert={() => setAsking(version)}
              />
            </li>
          ))}
        </ol>
      )}
      {asking ? (
        <ConfirmDialog
          title={`Go back to version ${asking.version}?`}
          confirmLabel={`Go back to version ${asking.version}`}
          busy={revert.isPending}
          onConfirm={() =>
            revert.mutate(asking.version, {
              onSuccess: () => {
                setAsking(null)
                onReverted()
              },
              onError: () => setAsking(null),
            })
          }
          onCancel={() => setAsking(null)}
        >
          <p>
            The rule becomes as it was in version {asking.version}, saved as a new version; the
            current one stays in the history. Whether it is on or off does not change.
          </p>
        </ConfirmDialog>
      ) : null}
    </Panel>
  )
}

function VersionEntry({
  version,
  current,
  names,
  reason,
  onRevert,
}: {
  version: RuleVersion
  current: boolean
  names: Names
  reason: string | undefined
  onRevert: () => void
}) {
  const { definition } = version
  return (
    <div className="space-y-1">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p>
          <span className="font-medium">
            Version {version.version}
            {current ? ' (current)' : ''}
          </span>
          : {formatDateTime(version.changed_at)} by {version.changed_by}
        </p>
        {current ? null : (
          <Button size="sm" unavailableReason={reason} onClick={onRevert}>
            Go back to version {version.version}
          </Button>
        )}
      </div>
      <p className="text-slate-700">
        Changed: {version.changes.length > 0 ? version.changes.join(', ') : 'created'}.{' '}
        {version.enabled ? 'Switched on.' : 'Switched off.'}
      </p>
      <details>
        <summary className="cursor-pointer text-slate-900">
          What version {version.version} says
        </summary>
        <div className="mt-1 space-y-1 text-slate-700">
          <p>
            “{definition.name}”, priority {definition.priority}. {triggerWords(definition.trigger)},
            for {conditionsWords(definition.conditions, names)}:
          </p>
          <ul className="list-disc pl-5">
            {definition.actions.map((action, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a version's actions never change
              <li key={index}>{actionWords(action, names)}</li>
            ))}
          </ul>
        </div>
      </details>
    </div>
  )
}
