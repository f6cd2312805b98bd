import { useSuspenseQuery } from '@tanstack/react-query'
import { getRouteApi, Link } from '@tanstack/react-router'
import { rulesQuery } from '@/api/queries/rules'
import { Button, buttonClasses } from '@/components/ui/button'
import { EmptyState } from '@/components/ui/empty-state'
import { PageHeader } from '@/components/ui/page-header'
import { Table } from '@/components/ui/table'
import { UnavailableGroup } from '@/components/ui/unavailable-reason'
import { switchReason, useRulePermissions } from '../rule-permissions'
import { useRuleNames } from '../words/use-rule-names'
import { RuleRow } from './rule-row'
import { RulesSettings } from './rules-settings'

const route = getRouteApi('/rules/')

// The channel's rules (issue 37), by priority: what wakes each and what it does in words, whether
// it is on (and who may switch it), paused and why, how its runs went; follow, open, or write one.
export function RulesScreen() {
  const { channelId } = route.useLoaderData()
  const { data: rules } = useSuspenseQuery(rulesQuery(channelId))
  const permissions = useRulePermissions()
  const names = useRuleNames(rules)
  const newRule = permissions.write ? (
    <Button variant="primary" unavailableReason={permissions.write}>
      New rule
    </Button>
  ) : (
    <Link to="/rules/new" className={buttonClasses('primary')}>
      New rule
    </Link>
  )
  return (
    <UnavailableGroup reasonsFirst>
      <div className="space-y-4">
        <PageHeader
          title="Rules"
          actions={
            <>
              <Link to="/rules/runs" className={buttonClasses('secondary')}>
                Runs and traces
              </Link>
              {newRule}
            </>
          }
          description={
            <p>
              Rules keep playlists and tags current: each new or changed video the dashboard hears
              of is checked against them, and every action they take is traced.
            </p>
          }
        />
        <RulesSettings />
        {rules.length === 0 ? (
          <EmptyState title="No rules yet">
            A rule says which videos it is for and what to do with them, such as “new videos with
            #summer go to the top of the Summer playlist”.
          </EmptyState>
        ) : (
          <div className="overflow-x-auto">
            <Table
              caption="Rules of this channel, by priority"
              columns={[
                { label: 'Rule' },
                { label: 'What it does' },
                { label: 'State' },
                { label: 'Last run' },
                { label: 'Failures' },
                { label: 'Follow', hidden: true },
              ]}
            >
              {rules.map((rule) => (
                <RuleRow
                  key={rule.id}
                  rule={rule}
                  names={names}
                  switchReason={switchReason(permissions, rule)}
                />
              ))}
            </Table>
          </div>
        )}
      </div>
    </UnavailableGroup>
  )
}
