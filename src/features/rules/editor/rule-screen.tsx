import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { createRule, ruleKeys, ruleQuery, saveRule } from '@/api/queries/rules'
import { buttonClasses } from '@/components/ui/button'
import { Callout } from '@/components/ui/callout'
import { linkClasses } from '@/components/ui/control-styles'
import { PageHeader } from '@/components/ui/page-header'
import { useToast } from '@/components/ui/toast'
import { UnavailableGroup } from '@/components/ui/unavailable-reason'
import { formatDateTime } from '@/lib/format'
import { FollowButton, RuleState, RuleSwitch } from '../controls/rule-controls'
import { DryRunPanel } from '../dry-run/dry-run-panel'
import { editReason, switchReason, useRulePermissions } from '../rule-permissions'
import { VersionsPanel } from '../versions/versions-panel'
import { DeleteRule } from './delete-rule'
import { RuleForm } from './rule-form'
import { newRuleValues, valuesOf } from './rule-form-values'

const newRoute = getRouteApi('/rules/new')
const ruleRoute = getRouteApi('/rules/$ruleId')

const back = (
  <Link to="/rules" className={`${linkClasses} text-sm`}>
    ← Rules
  </Link>
)

/** A rule being written: saved switched off, then opened as itself. */
export function NewRuleScreen() {
  const { channelId } = newRoute.useLoaderData()
  const permissions = useRulePermissions()
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const toast = useToast()
  return (
    <div className="space-y-4">
      <PageHeader
        title="New rule"
        back={back}
        description="Say which videos it is for and what to do with them; what it matches shows as you write. A new rule is saved switched off."
      />
      <UnavailableGroup reasonsFirst className="mb-2">
        <RuleForm
          ruleId={null}
          initial={newRuleValues(channelId)}
          channelId={channelId}
          lock={permissions.write}
          onSave={async (definition) => {
            const saved = await createRule(definition)
            queryClient.setQueryData(ruleKeys.rule(saved.rule.id), saved.rule)
            void queryClient.invalidateQueries({ queryKey: ruleKeys.lists() })
            toast(`Saved “${saved.rule.name}”, switched off.`, { tone: 'success' })
            void navigate({
              to: '/rules/$ruleId',
              params: { ruleId: saved.rule.id },
              ignoreBlocker: true,
              replace: true,
            })
            return saved
          }}
        />
      </UnavailableGroup>
    </div>
  )
}

/** A saved rule: its state and switch, the form, a try over the library, and its history. */
export function RuleScreen() {
  const { ruleId } = ruleRoute.useParams()
  const { data: rule } = useSuspenseQuery(ruleQuery(ruleId))
  const permissions = useRulePermissions()
  const queryClient = useQueryClient()
  // A revert puts another definition in the form; edits in progress are for the old one.
  const [revision, setRevision] = useState(0)
  return (
    <div className="space-y-4">
      <UnavailableGroup reasonsFirst>
        <PageHeader
          title={rule.name}
          back={back}
          actions={
            <>
              <RuleState rule={rule} />
              <RuleSwitch rule={rule} reason={switchReason(permissions, rule)} />
              <FollowButton rule={rule} />
              <Link
                to="/rules/runs"
                search={{ rule: rule.id }}
                className={buttonClasses('secondary', 'sm')}
              >
                Runs
              </Link>
            </>
          }
          description={
            <p>
              Version {rule.version}, changed {formatDateTime(rule.updated_at)} by {rule.updated_by}
              . Written by {rule.author_email}.
            </p>
          }
        />
        {rule.paused ? (
          <Callout tone="danger" title="This rule paused itself">
            {rule.paused.reason} (since {formatDateTime(rule.paused.at)}). Switching it on again
            clears the pause.
          </Callout>
        ) : null}
        <RuleForm
          key={revision}
          ruleId={rule.id}
          initial={valuesOf(rule)}
          channelId={rule.channel_id}
          lock={editReason(permissions, rule)}
          onSave={async (definition) => {
            const saved = await saveRule(rule.id, definition)
            queryClient.setQueryData(ruleKeys.rule(rule.id), saved.rule)
            void queryClient.invalidateQueries({ queryKey: ruleKeys.lists() })
            void queryClient.invalidateQueries({ queryKey: ruleKeys.versions(rule.id) })
            return saved
          }}
        />
        <DryRunPanel rule={rule} tryReason={permissions.write} applyReason={permissions.apply} />
        <VersionsPanel
          rule={rule}
          reason={editReason(permissions, rule)}
          onReverted={() => setRevision((n) => n + 1)}
        />
        <DeleteRule rule={rule} reason={permissions.write} />
      </UnavailableGroup>
    </div>
  )
}
