import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { changeRulesSettings, ruleKeys, rulesSettingsQuery } from '@/api/queries/rules'
import { describeError } from '@/components/error-panel'
import { Checkbox } from '@/components/ui/checkbox'
import { CheckboxShell } from '@/components/ui/field'
import { useToast } from '@/components/ui/toast'
import { useUnavailableReason } from '@/components/ui/unavailable-reason'
import { formatDateTime } from '@/lib/format'
import { useRulePermissions } from '../rule-permissions'

// The team's one rules setting: whether editors may switch rules on and off (admins always may).
// Admins change it; everyone sees how it stands.
export function RulesSettings() {
  const settings = useQuery(rulesSettingsQuery())
  const { settings: reason } = useRulePermissions()
  const { describedBy } = useUnavailableReason(reason)
  const queryClient = useQueryClient()
  const toast = useToast()
  const change = useMutation({
    mutationFn: changeRulesSettings,
    onSuccess: (saved) => {
      queryClient.setQueryData(ruleKeys.settings(), saved)
      toast(
        saved.editors_may_enable
          ? 'Editors may now switch rules on and off.'
          : 'Only admins may now switch rules on and off.',
        { tone: 'success' },
      )
    },
    onError: (error) => toast(`Not changed: ${describeError(error).detail}`, { tone: 'danger' }),
  })
  if (!settings.data) return null
  const { editors_may_enable: editorsMay, updated_at, updated_by } = settings.data
  return (
    <CheckboxShell
      id="rules-editors-may-enable"
      label="Editors may switch rules on and off"
      hint={
        updated_at && updated_by
          ? `Set by ${updated_by}, ${formatDateTime(updated_at)}. Admins always may.`
          : 'Admins always may.'
      }
    >
      {(a11y) => (
        <Checkbox
          {...a11y}
          aria-describedby={[a11y['aria-describedby'], describedBy].filter(Boolean).join(' ')}
          checked={change.isPending ? change.variables : editorsMay}
          disabled={reason !== undefined || change.isPending}
          onChange={(event) => change.mutate(event.target.checked)}
        />
      )}
    </CheckboxShell>
  )
}
