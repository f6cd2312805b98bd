import { useQuery } from '@tanstack/react-query'
import { rulesSettingsQuery } from '@/api/queries/rules'
import { meQuery } from '@/api/queries/session'
import { roleAllows } from '@/api/roles'
import type { Rule } from '@/api/rules'

// Who may do what with rules (issue 37), as the server's gates have it: everyone reads rules,
// traces and previews and follows rules; editors write, try, delete and switch off rules and retry
// failed steps; admins switch rules on and apply them, and change a rule that is on, or editors
// too when an admin allows it. These only spare people the refusal and say why beforehand.

export const writeReason = 'Editors can write, try and apply rules'
export const retryReason = 'Editors can retry failed steps'
export const switchOffReason = 'Editors can switch rules off'
export const settingsReason = 'Admins can change the rules settings'
const byAdmins = (what: string, role: string) =>
  role === 'editor'
    ? `Admins can ${what} (an admin can let editors do it in the rules settings)`
    : `Admins can ${what}`

export interface RulePermissions {
  /** Why the person cannot write, try or delete rules; undefined when they can. */
  write: string | undefined
  retry: string | undefined
  switchOn: string | undefined
  switchOff: string | undefined
  /** Applying a dry run's changes acts at once, as switching a rule on does. */
  apply: string | undefined
  /** Changing or reverting a rule that is on. */
  changeOn: string | undefined
  settings: string | undefined
}

export function useRulePermissions(): RulePermissions {
  const { data: me } = useQuery(meQuery())
  const settings = useQuery(rulesSettingsQuery())
  const role = me?.role ?? 'viewer'
  const editor = roleAllows(role, 'editor')
  const switches = role === 'admin' || (editor && (settings.data?.editors_may_enable ?? false))
  return {
    write: editor ? undefined : writeReason,
    retry: editor ? undefined : retryReason,
    switchOn: switches ? undefined : byAdmins('switch rules on and off', role),
    switchOff: editor ? undefined : switchOffReason,
    apply: editor ? (switches ? undefined : byAdmins('apply rules', role)) : writeReason,
    changeOn: switches
      ? undefined
      : editor
        ? `This rule is on: ${byAdmins('change it', role).toLowerCase()}. Switch it off first to change it.`
        : writeReason,
    settings: role === 'admin' ? undefined : settingsReason,
  }
}

/** Why this person cannot change this rule's definition (write it, revert it). */
export const editReason = (permissions: RulePermissions, rule: Pick<Rule, 'enabled'>) =>
  permissions.write ?? (rule.enabled ? permissions.changeOn : undefined)

/** Why this person cannot press the rule's switch, which turns it on or off. */
export const switchReason = (
  permissions: RulePermissions,
  rule: Pick<Rule, 'enabled' | 'paused'>,
) => (rule.enabled && !rule.paused ? permissions.switchOff : permissions.switchOn)
