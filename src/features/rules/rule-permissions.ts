import { useQuery } from '@tanstack/react-query'
import { rulesSettingsQuery } from '@/api/queries/rules'
import { meQuery } from '@/api/queries/session'
import { roleAllows } from '@/api/roles'

// Who may do what with rules (issue 37): editors write, try and apply them and retry failed
// steps; admins switch them on and off, or editors too when an admin allows it. The server
// refuses the same; these only spare people the refusal and say why beforehand.

export const writeReason = 'Editors can write, try and apply rules'
export const switchReason = 'Admins can switch rules on and off'
export const switchReasonForEditors =
  'Admins can switch rules on and off (an admin can let editors do it in the rules settings)'
export const retryReason = 'Editors can retry failed steps'
export const settingsReason = 'Admins can change the rules settings'

export interface RulePermissions {
  /** Why the person cannot write, try or apply rules; undefined when they can. */
  write: string | undefined
  retry: string | undefined
  switch: string | undefined
  settings: string | undefined
}

export function useRulePermissions(): RulePermissions {
  const { data: me } = useQuery(meQuery())
  const settings = useQuery(rulesSettingsQuery())
  const role = me?.role ?? 'viewer'
  const editorsMay = settings.data?.editors_may_enable ?? false
  return {
    write: roleAllows(role, 'editor') ? undefined : writeReason,
    retry: roleAllows(role, 'editor') ? undefined : retryReason,
    switch:
      role === 'admin' || (role === 'editor' && editorsMay)
        ? undefined
        : role === 'editor'
          ? switchReasonForEditors
          : switchReason,
    settings: role === 'admin' ? undefined : settingsReason,
  }
}
